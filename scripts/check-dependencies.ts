/**
 * Fails when package.json lists a dependency that nothing uses (issue 11: a dependency that is
 * listed and imported nowhere misleads the next reader and widens the supply chain for nothing).
 *
 * A package counts as used when the code names it as a module (`from 'x'`, `import('x')`,
 * `require('x')`, or a plugin name in a string such as a log transport), when a package.json
 * script calls one of its binaries, or, for `@types/x`, when `x` (or Node itself) is used.
 * Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
};

const sourceFiles = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|js|mjs|cjs)$/.test(f) && fs.existsSync(path.join(root, f)));
const code = sourceFiles.map((f) => fs.readFileSync(path.join(root, f), 'utf8')).join('\n');
const scripts = Object.values(pkg.scripts ?? {}).join('\n');

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const namedInCode = (name: string) => new RegExp(`['"\`]${escape(name)}(/[^'"\`]*)?['"\`]`).test(code);

function binariesOf(name: string): string[] {
  try {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')) as { bin?: string | Record<string, string> };
    if (!manifest.bin) return [];
    return typeof manifest.bin === 'string' ? [name.split('/').pop()!] : Object.keys(manifest.bin);
  } catch {
    return [];
  }
}
const calledByScript = (name: string) => binariesOf(name).some((bin) => new RegExp(`(^|[\\s&;(])${escape(bin)}(\\s|$)`, 'm').test(scripts));

const all = { ...pkg.dependencies, ...pkg.devDependencies };
function isUsed(name: string): boolean {
  if (name.startsWith('@types/')) {
    const typed = name.slice('@types/'.length).replace(/^(.+)__(.+)$/, '@$1/$2');
    return typed === 'node' || (typed in all && isUsed(typed));
  }
  return namedInCode(name) || calledByScript(name);
}

const unused = Object.keys(all).filter((name) => !isUsed(name));
if (unused.length) {
  console.error(`Listed in package.json but used nowhere: ${unused.join(', ')}`);
  console.error('Use each for what it is for, or remove it (npm uninstall).');
  process.exit(1);
}
console.log(`dependencies: all ${Object.keys(all).length} in use`);
