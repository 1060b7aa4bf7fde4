import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Issue 21: the import-boundaries rule of eslint.config.js (scripts/import-boundaries.eslint.js),
// run the way `npm run lint` runs it, on snippets placed at real paths of both trees.
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root });

async function boundaryErrors(filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`export * from '${specifier}';\n`, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'local/import-boundaries').map((m) => m.message);
}

describe('import boundaries (ESLint local/import-boundaries)', () => {
  it("fails a server feature that imports another feature's repository", async () => {
    const errors = await boundaryErrors('server/features/stats/boundary-probe.ts', '../profiles/profile.repository.ts');
    expect(errors).toEqual([expect.stringContaining("may use feature 'server/features/profiles' only through server/features/profiles/index.ts")]);
  });

  it("fails a feature's own test file that reaches into another feature, so tests cannot rot the boundary either", async () => {
    expect(await boundaryErrors('server/features/leads/boundary-probe.test.ts', '../profiles/profile.repository.ts')).toEqual([
      expect.stringContaining("may use feature 'server/features/profiles' only through server/features/profiles/index.ts"),
    ]);
    expect(await boundaryErrors('app/src/features/leads/boundary-probe.test.tsx', '../profiles/profiles.api.ts')).toHaveLength(1);
  });

  it("passes the same import through the feature's index.ts", async () => {
    expect(await boundaryErrors('server/features/stats/boundary-probe.ts', '../profiles/index.ts')).toEqual([]);
  });

  it("passes a feature's imports of itself, the platform and shared/", async () => {
    expect(await boundaryErrors('server/features/leads/boundary-probe.ts', './lead.repository.ts')).toEqual([]);
    expect(await boundaryErrors('server/features/leads/boundary-probe.ts', '../../db/database.ts')).toEqual([]);
    expect(await boundaryErrors('server/features/leads/boundary-probe.ts', '../../../shared/error-codes.ts')).toEqual([]);
  });

  it('fails an owner-app feature that imports into another feature, at any depth', async () => {
    expect(await boundaryErrors('app/src/features/leads/boundary-probe.tsx', '../profiles/profile.api.ts')).toHaveLength(1);
    expect(await boundaryErrors('app/src/features/leads/sections/boundary-probe.tsx', '../../stats/sections/chart.section.tsx')).toHaveLength(1);
    expect(await boundaryErrors('app/src/features/leads/sections/boundary-probe.tsx', '../../stats/index.ts')).toEqual([]);
    expect(await boundaryErrors('app/src/features/leads/boundary-probe.tsx', '../stats')).toEqual([]);
  });

  it('fails a platform folder that imports a feature, and lets the wiring file and app.ts do it', async () => {
    expect(await boundaryErrors('server/db/boundary-probe.ts', '../features/leads/index.ts')).toEqual([
      expect.stringContaining("Platform folder 'server/db' must not import feature 'server/features/leads'"),
    ]);
    expect(await boundaryErrors('app/src/components/boundary-probe.tsx', '../features/leads/index.ts')).toHaveLength(1);
    expect(await boundaryErrors('server/wiring.ts', './features/leads/lead.repository.ts')).toEqual([]);
    expect(await boundaryErrors('server/app.ts', './features/leads/lead.routes.ts')).toEqual([]);
  });
});

// Issue 21: SQL lives only in repositories (scripts/sql-in-repositories.eslint.js), here too run
// the way `npm run lint` runs it.
async function sqlErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages.filter((m) => m.ruleId === 'local/sql-in-repositories').map((m) => m.message);
}

const QUERY = "export const q = (db: any) => db.selectFrom('user').selectAll().execute();\n";

/** Every source file of the repository that names a Kysely query starter or imports from kysely. */
function filesWithQueries(): string[] {
  const skip = new Set(['node_modules', '.git', 'dist', 'data', 'coverage', 'test-results', 'screenshots', 'tmp']);
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory() && !skip.has(entry.name)) walk(full);
      else if (entry.isFile() && /\.(ts|tsx|js|mjs)$/.test(entry.name)) {
        const text = fs.readFileSync(full, 'utf8');
        if (/\b(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto)\b|from 'kysely'/.test(text)) found.push(full);
      }
    }
  };
  walk(root);
  return found;
}

describe('SQL only in repositories (ESLint local/sql-in-repositories)', () => {
  it("fails a query builder in a service, a route, a feature's other file, the auth platform and the owner app", async () => {
    for (const file of [
      'server/features/account/sql-probe.service.ts',
      'server/features/leads/sql-probe.routes.ts',
      'server/features/account/sql-probe.ts',
      'server/auth/sql-probe.ts',
      'server/wiring.ts',
      'app/src/features/leads/sql-probe.ts',
    ]) {
      expect(await sqlErrors(file, QUERY), file).toEqual([expect.stringContaining("Kysely query 'selectFrom' outside a repository")]);
    }
  });

  it('fails every query starter, a subquery of an expression builder and an import of the raw sql template', async () => {
    const code = [
      'export async function probe(db: any) {',
      "  await db.insertInto('lead').values({}).execute();",
      "  await db.updateTable('card').set({}).execute();",
      "  await db['deleteFrom']('link').execute();",
      "  await db.selectFrom('profile').where((eb: any) => eb.exists(eb.selectFrom('card').select('id'))).execute();",
      '}',
      '',
    ].join('\n');
    expect(await sqlErrors('server/features/cards/sql-probe.service.ts', code)).toHaveLength(5);
    expect(await sqlErrors('server/features/cards/sql-probe.service.ts', "import { sql } from 'kysely';\nexport const s = sql`select 1`;\n")).toEqual([
      expect.stringContaining("Kysely's raw `sql` outside a repository"),
    ]);
  });

  it('passes queries in a repository, server/db/, migrations and tests, and a transaction or Kysely types elsewhere', async () => {
    expect(await sqlErrors('server/features/account/account-export.repository.ts', QUERY)).toEqual([]);
    expect(await sqlErrors('server/auth/sql-probe.repository.ts', QUERY)).toEqual([]);
    expect(await sqlErrors('server/db/sql-probe.ts', QUERY)).toEqual([]);
    expect(await sqlErrors('server/db/migrations/099-probe.ts', "import { sql } from 'kysely';\n" + QUERY)).toEqual([]);
    expect(await sqlErrors('server/features/leads/sql-probe.test.ts', QUERY)).toEqual([]);
    expect(await sqlErrors('test/api/sql-probe.test.ts', QUERY)).toEqual([]);
    expect(await sqlErrors('test/support/sql-probe.ts', QUERY)).toEqual([]);
    const transaction = "import type { Kysely } from 'kysely';\nexport const t = (db: Kysely<any>) => db.transaction().execute(async () => {});\n";
    expect(await sqlErrors('server/wiring.ts', transaction)).toEqual([]);
  });

  it('holds for every file of the code base that names a query starter (the exceptions are in eslint.config.js)', async () => {
    const ruleOn = async (file: string) => {
      const setting = (await eslint.calculateConfigForFile(file)).rules?.['local/sql-in-repositories'];
      const severity = Array.isArray(setting) ? setting[0] : setting;
      return severity === 2 || severity === 'error';
    };
    // The scope itself: on for the files that held queries before issue 21's move, off for repositories.
    expect(await ruleOn(path.join(root, 'server/features/account/account-export.ts'))).toBe(true);
    expect(await ruleOn(path.join(root, 'server/auth/unproven-access.ts'))).toBe(true);
    expect(await ruleOn(path.join(root, 'server/auth/unproven-access.repository.ts'))).toBe(false);
    const files = [];
    for (const file of filesWithQueries()) if (!(await eslint.isPathIgnored(file)) && (await ruleOn(file))) files.push(file);
    const results = files.length ? await eslint.lintFiles(files) : [];
    const errors = results.flatMap((r) =>
      r.messages.filter((m) => m.ruleId === 'local/sql-in-repositories').map((m) => `${path.relative(root, r.filePath)}:${m.line} ${m.message}`),
    );
    expect(errors).toEqual([]);
  });
});

// Issue 34: the 14 deliberate boundary violations of the review, each as a whole probe file at a
// real path, linted the way `npm run lint` lints it. The first six were caught before issue 34;
// the other eight are what ESLint let through then.
async function ruleErrors(filePath: string, code: string): Promise<{ rule: string | null; message: string }[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return result!.messages
    .filter((m) => m.ruleId === 'local/import-boundaries' || m.ruleId === 'local/sql-in-repositories' || m.ruleId === 'no-restricted-imports')
    .map((m) => ({ rule: m.ruleId, message: m.message }));
}
const boundary = (text: string) => ({ rule: 'local/import-boundaries', message: expect.stringContaining(text) });
const sqlRule = (text: string) => ({ rule: 'local/sql-in-repositories', message: expect.stringContaining(text) });

describe('the 14 boundary probes of issue 34', () => {
  // The six that held before.
  it('1: a static import of another feature’s repository', async () => {
    expect(
      await ruleErrors(
        'server/features/stats/probe.ts',
        "import { createProfileRepository } from '../profiles/profile.repository.ts';\nvoid createProfileRepository;\n",
      ),
    ).toEqual([boundary("only through server/features/profiles/index.ts, not 'server/features/profiles/profile.repository.ts'")]);
  });

  it('2: a re-export (`export * from`) of another feature’s internal', async () => {
    expect(await ruleErrors('server/features/wallet/probe.ts', "export * from '../cards/card.service.ts';\n")).toEqual([
      boundary('only through server/features/cards/index.ts'),
    ]);
  });

  it('3: an owner-app feature reaching into another feature’s folder', async () => {
    expect(await ruleErrors('app/src/features/leads/probe.tsx', "export { fetchStats } from '../stats/stats.api.ts';\n")).toEqual([
      boundary("may use feature 'app/src/features/stats' only through app/src/features/stats/index.ts"),
    ]);
  });

  it('4: a platform folder importing a feature', async () => {
    expect(await ruleErrors('server/http/probe.ts', "import type { LeadService } from '../features/leads/index.ts';\nexport type L = LeadService;\n")).toEqual([
      boundary("Platform folder 'server/http' must not import feature 'server/features/leads'"),
    ]);
  });

  it('5: a Kysely query in a service', async () => {
    expect(await ruleErrors('server/features/leads/probe.service.ts', QUERY)).toEqual([sqlRule("Kysely query 'selectFrom' outside a repository")]);
  });

  it('6: Kysely’s raw sql imported outside a repository', async () => {
    expect(await ruleErrors('server/features/leads/probe.service.ts', "import { sql as raw } from 'kysely';\nexport const q = raw`select 1`;\n")).toEqual([
      sqlRule("Kysely's raw `sql` outside a repository"),
    ]);
  });

  // The eight that went through before issue 34.
  it('7: a dynamic import whose path is a template literal with `${}`', async () => {
    const code = 'export const load = (name: string) => import(`../profiles/${name}.repository.ts`);\n';
    expect(await ruleErrors('server/features/stats/probe.ts', code)).toEqual([boundary('A module path built at run time cannot be checked')]);
    // A template literal without `${}` is an ordinary path, checked like one.
    expect(await ruleErrors('server/features/stats/probe.ts', 'export const load = () => import(`../profiles/profile.repository.ts`);\n')).toEqual([
      boundary('only through server/features/profiles/index.ts'),
    ]);
    expect(await ruleErrors('server/features/stats/probe.ts', 'export const load = () => import(`./visit.service.ts`);\n')).toEqual([]);
  });

  it('8: an internal re-exported through the feature’s own index.ts, so another feature imports it “through index.ts”', async () => {
    expect(await ruleErrors('server/features/profiles/index.ts', "export { createProfileRepository } from './profile.repository.ts';\n")).toEqual([
      boundary("A feature's index.ts lends no repository: 'server/features/profiles/profile.repository.ts'"),
    ]);
    const imported = "import { createLinkRepository } from './link.repository.ts';\nexport const links = createLinkRepository;\n";
    expect(await ruleErrors('server/features/profiles/index.ts', imported)).toEqual([boundary("A feature's index.ts lends no repository")]);
    // Its types may be named (a row, a change), as the index files do.
    expect(await ruleErrors('server/features/profiles/index.ts', "export type { ProfileChange } from './profile.repository.ts';\n")).toEqual([]);
  });

  it('8b: a slice of a repository lent through the feature’s own index.ts as a type (`Pick<…Repository, …>`)', async () => {
    const slice = "import type { ProfileRepository } from './profile.repository.ts';\nexport type ProfileAccess = Pick<ProfileRepository, 'findOwn'>;\n";
    expect(await ruleErrors('server/features/profiles/index.ts', slice)).toEqual([
      boundary("A feature's index.ts lends no slice of a repository: `Pick<ProfileRepository"),
    ]);
    const renamed = "import type { LinkRepository as Links } from './link.repository.ts';\nexport type LinkAccess = Omit<Links, 'insert'>;\n";
    expect(await ruleErrors('server/features/profiles/index.ts', renamed)).toEqual([boundary('lends no slice of a repository: `Omit<Links')]);
    // A service the feature builds, typed from its services, is what another feature gets.
    const service =
      "import type { ProfilesServices } from './profiles.feature.ts';\nexport type ProfileChanges = Pick<ProfilesServices['profileChanges'], 'change'>;\n";
    expect(await ruleErrors('server/features/profiles/index.ts', service)).toEqual([]);
    // Outside an index.ts a feature's own files may pick from its repositories.
    expect(await ruleErrors('server/features/profiles/probe.ts', slice)).toEqual([]);
  });

  it('9: owner-app code importing server code', async () => {
    expect(await ruleErrors('app/src/lib/probe.ts', "export { ErrorCode } from '../../../server/http/errors.ts';\n")).toEqual([
      boundary('app/ imports nothing from server/'),
    ]);
    expect(
      await ruleErrors(
        'app/src/features/leads/probe.tsx',
        "import type { LeadService } from '../../../../server/features/leads/index.ts';\nexport type L = LeadService;\n",
      ),
    ).toEqual([boundary('app/ imports nothing from server/')]);
    expect(await ruleErrors('app/src/lib/probe.ts', "export { ErrorCode } from '../../../shared/error-codes.ts';\n")).toEqual([]);
  });

  it('10: a platform folder importing the wiring file (the bag of every service) or a feature internal', async () => {
    for (const [file, specifier] of [
      ['server/http/probe.ts', '../wiring.ts'],
      ['server/lib/probe.ts', '../app.ts'],
      ['server/db/probe.ts', '../wiring.ts'],
      ['server/auth/probe.ts', '../wiring.ts'],
      ['server/mail/probe.ts', '../wiring.ts'],
      ['server/storage/probe.ts', '../wiring.ts'],
    ]) {
      expect(await ruleErrors(file!, `import type { Services } from '${specifier}';\nexport type S = Services;\n`), file).toEqual([
        boundary('must not import the entry point'),
      ]);
    }
    expect(await ruleErrors('server/features/leads/probe.ts', "import type { Services } from '../../wiring.ts';\nexport type S = Services;\n")).toEqual([
      boundary("'server/features/leads' must not import the entry point 'server/wiring.ts'"),
    ]);
    expect(await ruleErrors('server/storage/probe.ts', "export { createLeadRepository } from '../features/leads/lead.repository.ts';\n")).toEqual([
      boundary("Platform folder 'server/storage' must not import feature 'server/features/leads'"),
    ]);
  });

  it('11: the query builder reached through a namespace import of kysely', async () => {
    const code = "import * as k from 'kysely';\nexport const q = k.sql`select 1`;\n";
    expect(await ruleErrors('server/features/leads/probe.service.ts', code)).toEqual([sqlRule("Kysely's module reached as a whole (import * as)")]);
    expect(await ruleErrors('server/features/leads/probe.service.ts', "export * from 'kysely';\n")).toEqual([sqlRule('(export * from)')]);
    expect(await ruleErrors('server/features/leads/probe.service.ts', "export const k = () => import('kysely');\n")).toEqual([sqlRule('(import())')]);
    // Types of Kysely are fine anywhere.
    expect(await ruleErrors('server/features/leads/probe.service.ts', "import type * as k from 'kysely';\nexport type D = k.Kysely<object>;\n")).toEqual([]);
  });

  it('12: the query builder reached through a computed name or destructuring', async () => {
    const code = [
      "const FROM = 'From';",
      "const starter = 'select' + FROM;",
      'export async function probe(db: any) {',
      "  await db[starter]('user').selectAll().execute();",
      "  await db[`insert${'Into'}`]('lead').values({}).execute();",
      '  const { deleteFrom } = db;',
      "  await deleteFrom.call(db, 'link').execute();",
      '}',
      '',
    ].join('\n');
    expect(await ruleErrors('server/features/leads/probe.service.ts', code)).toEqual([
      sqlRule("Kysely query 'selectFrom'"),
      sqlRule("Kysely query 'insertInto'"),
      sqlRule("Kysely query 'deleteFrom'"),
    ]);
  });

  it('13: createRequire, and a require() into another feature', async () => {
    const code =
      "import { createRequire } from 'node:module';\nconst load = createRequire(import.meta.url);\nexport const repo = load('../profiles/profile.repository.ts');\n";
    expect(await ruleErrors('server/features/stats/probe.ts', code)).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('createRequire() reaches modules around the import boundaries') },
      boundary('only through server/features/profiles/index.ts'),
    ]);
    expect(await ruleErrors('server/lib/probe.ts', "import * as m from 'module';\nexport const r = m.createRequire(import.meta.url);\n")).toEqual([
      { rule: 'no-restricted-imports', message: expect.stringContaining('createRequire') },
    ]);
    // The OCR pool finds tesseract.js's files with it (eslint.config.js names the exception).
    expect(
      await ruleErrors(
        'server/features/capture/ocr-pool.ts',
        "import { createRequire } from 'node:module';\nexport const r = createRequire(import.meta.url);\n",
      ),
    ).toEqual([]);
  });

  it('14: vi.mock() (and its relatives) of another feature’s internals in a feature’s test', async () => {
    const code = [
      "import { vi } from 'vitest';",
      "vi.mock('../profiles/profile.repository.ts');",
      "vi.doMock('../cards/card.service.ts', () => ({}));",
      "await vi.importActual('../../features/leads/lead.repository.ts');",
      "vi.mock(import('../profiles/link.repository.ts'));",
      "vi.mock('./visit.service.ts');",
      '',
    ].join('\n');
    expect(await ruleErrors('server/features/stats/probe.test.ts', code)).toEqual([
      boundary('server/features/profiles/profile.repository.ts'),
      boundary('server/features/cards/card.service.ts'),
      boundary('server/features/leads/lead.repository.ts'),
      boundary('server/features/profiles/link.repository.ts'),
    ]);
    expect(await ruleErrors('app/src/features/leads/probe.test.tsx', "import { vi } from 'vitest';\nvi.mock('../profiles/profiles.api.ts');\n")).toEqual([
      boundary("may use feature 'app/src/features/profiles' only through app/src/features/profiles/index.ts"),
    ]);
  });
});

// Issue 34, part 1: a feature sees only its own services. Its routes receive them as plugin
// options; the bags `app.features` and `app.platform` (and the old `app.services`) are for
// main.ts, server/app.ts's lifecycle and tests (scripts/no-service-bag.eslint.js).
describe('no feature, route or platform code reads the service bags of a Fastify instance (ESLint local/no-service-bag)', () => {
  const bag = (key: string) => ({ rule: 'local/no-service-bag', message: expect.stringContaining(`'${key}' read from a Fastify instance`) });
  async function bagErrors(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return result!.messages.filter((m) => m.ruleId === 'local/no-service-bag').map((m) => ({ rule: m.ruleId, message: m.message }));
  }

  it("fails a route that reads another feature's service from the bag, as the contact form once read the public pages'", async () => {
    const code = [
      "import type { FastifyInstance } from 'fastify';",
      'export default async function probe(app: FastifyInstance) {',
      '  const { services } = app;',
      "  app.get('/probe', async () => services.pages.refusedContactForm('id', 'en', 'link', {} as never));",
      "  app.get('/probe2', async () => app.features.profiles.profiles);",
      "  app.get('/probe3', async (request) => request.server.platform.rateLimiter);",
      "  const { wallet } = app['features'];",
      '  return wallet;',
      '}',
      '',
    ].join('\n');
    expect(await bagErrors('server/features/leads/probe.routes.ts', code)).toEqual([bag('services'), bag('features'), bag('platform'), bag('features')]);
  });

  it('fails the same reads by whatever name a Fastify instance goes, and in the platform folders', async () => {
    const code = [
      "import type { FastifyInstance, FastifyPluginAsync } from 'fastify';",
      'export const a = (host: FastifyInstance) => host.features.stats.views;',
      'export const b = ({ features }: FastifyInstance) => features;',
      'export const c: FastifyPluginAsync = async (fastify) => void fastify.services;',
      '',
    ].join('\n');
    expect(await bagErrors('server/features/stats/probe.ts', code)).toEqual([bag('features'), bag('features'), bag('services')]);
    expect(await bagErrors('server/http/probe.routes.ts', code)).toHaveLength(3);
    expect(await bagErrors('server/auth/probe.ts', code)).toHaveLength(3);
  });

  it("passes a route's own services from its options, and the entry points and tests, which may read the bags", async () => {
    const own = [
      "import type { FastifyPluginAsync } from 'fastify';",
      'const probe: FastifyPluginAsync<{ services: { leads: { list(): unknown } } }> = async (app, { services }) => {',
      "  app.get('/probe', async () => services.leads.list());",
      '};',
      'export const other = (options: { services: object }) => options.services;',
      'export default probe;',
      '',
    ].join('\n');
    expect(await bagErrors('server/features/leads/probe.routes.ts', own)).toEqual([]);
    const read = "import type { FastifyInstance } from 'fastify';\nexport const flush = (app: FastifyInstance) => app.features.stats.views.flush();\n";
    expect(await bagErrors('server/features/public-pages/probe.test.ts', read)).toEqual([]);
    expect(await bagErrors('server/main.ts', read)).toEqual([]);
    expect(await bagErrors('server/app.ts', read)).toEqual([]);
  });
});
