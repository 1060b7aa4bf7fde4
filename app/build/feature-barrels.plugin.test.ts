import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { barrelProblem } from './feature-barrels.plugin.ts';

const featuresDir = fileURLToPath(new URL('../src/features/', import.meta.url));

describe('feature barrels (app/src/features/*/index.ts)', () => {
  it('accepts re-exports with comments, type-only names and line breaks', () => {
    const code = `/** Cards. */\n// What others use.\nexport { CardPreviewPage, MyCardPage } from './screens.ts';\nexport {\n  cardKeys,\n  type Card,\n} from './cards.api.ts';\nexport type { WalletKind } from "./wallet-pass.ts";\n`;
    expect(barrelProblem(code)).toBeNull();
  });

  it('refuses code of its own, imports and re-exports from outside the feature', () => {
    expect(barrelProblem(`export { a } from './a.ts';\nexport const b = lazy(() => import('./b.tsx'));`)).toMatch(/^export const b/);
    expect(barrelProblem(`import './styles.css';`)).toBe(`import './styles.css';`);
    expect(barrelProblem(`export * from './a.ts';`)).toBe(`export * from './a.ts';`);
    expect(barrelProblem(`export { x } from '../other/x.ts';`)).toBe(`export { x } from '../other/x.ts';`);
  });

  it('holds for every feature of the app', () => {
    const features = readdirSync(featuresDir);
    expect(features.length).toBeGreaterThan(5);
    for (const feature of features) {
      expect([feature, barrelProblem(readFileSync(`${featuresDir}${feature}/index.ts`, 'utf8'))]).toEqual([feature, null]);
    }
  });
});
