import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The app's Suspense sits around the screen (app-layout.tsx). A section that asks for a namespace
// only once its data is there suspends the whole screen again: the spinner flashes, every query
// of the screen is asked twice and what the owner typed can be lost (CI caught the Team page
// doing that). So each screen names, in its own useTranslation, every namespace that the
// components of its chunk use; the first render then waits for all of them at once.

const APP_SRC = path.resolve(import.meta.dirname, '..');
/** Loaded before any screen (i18n.ts `ns`). */
const PRELOADED = new Set(['molecules', 'languages']);

function namespacesIn(source: string): Set<string> {
  const found = new Set<string>();
  for (const call of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const ns of call[1].matchAll(/'([^']+)'/g)) found.add(ns[1]);
  }
  return found;
}

/** Files a module imports statically (a dynamic `import()` starts a chunk of its own, with its own Suspense). */
function staticImports(file: string, source: string): string[] {
  return [...source.matchAll(/^import [^;]*? from '(\.[^']+\.tsx?)';/gm)].map((m) => path.resolve(path.dirname(file), m[1])).filter((f) => fs.existsSync(f));
}

function namespacesOfChunk(screen: string): Set<string> {
  const seen = new Set<string>();
  const all = new Set<string>();
  const queue = [screen];
  for (let file = queue.pop(); file; file = queue.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const source = fs.readFileSync(file, 'utf8');
    for (const ns of namespacesIn(source)) all.add(ns);
    queue.push(...staticImports(file, source));
  }
  return all;
}

const screens = fs
  .readdirSync(APP_SRC, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.page.tsx'))
  .map((f) => path.join(APP_SRC, f));

describe('screen namespaces', () => {
  it('finds the screens', () => {
    expect(screens.length).toBeGreaterThan(10);
  });

  it.each(screens.map((s) => [path.relative(APP_SRC, s), s]))('%s loads every namespace of its chunk in its first render', (_name, screen) => {
    const declared = namespacesIn(fs.readFileSync(screen, 'utf8'));
    const missing = [...namespacesOfChunk(screen)].filter((ns) => !declared.has(ns) && !PRELOADED.has(ns));
    expect(missing).toEqual([]);
  });
});
