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
