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
