import type { Plugin } from 'vite';

/** A feature's public face: `app/src/features/<feature>/index.ts`. */
const BARREL = /[\\/]app[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;

/** One statement a barrel may hold: `export { a, type B } from './x.ts';` or `export type { C } from './y.ts';`. */
const RE_EXPORT = /^export\s+(type\s+)?\{[^}]*\}\s+from\s+(['"])\.\/[^'"]+\2;$/;

/** The first statement of a barrel that is not a re-export, or null when it only re-exports. */
export function barrelProblem(code: string): string | null {
  const statements = code
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
    .split(';')
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .map((s) => `${s};`);
  return statements.find((s) => !RE_EXPORT.test(s)) ?? null;
}

/**
 * Features import each other only through `features/<feature>/index.ts` (issue 21). The router
 * imports those files too, and a bundler that follows every re-export of a file the entry
 * imports would pull each feature's shared pieces (the profile select, the passkey client, the
 * API calls with zod) into the first load of /login. A barrel that only re-exports has no code
 * of its own to run, so this plugin tells the bundler so (as a library's `"sideEffects": false`
 * does): an importer then gets exactly the modules whose exports it uses, and the chunks stay
 * what they were before the move. The plugin refuses a barrel with any other statement, so the
 * claim cannot turn false unnoticed.
 */
export function featureBarrels(): Plugin {
  return {
    name: 'feature-barrels',
    apply: 'build',
    // Before TypeScript is compiled away, so the check reads the file as written.
    enforce: 'pre',
    transform(code, id) {
      if (!BARREL.test(id)) return null;
      const other = barrelProblem(code);
      if (other) this.error(`feature-barrels: ${id} may only re-export (export { ... } from './x.ts'); found: ${other}`);
      return { code, map: null, moduleSideEffects: false };
    },
  };
}
