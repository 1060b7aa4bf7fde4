/**
 * Fails when a server route has no test that names it (issue 21): every route registered in a
 * `server/**\/*.routes.ts` file must appear as "METHOD /path", exactly as registered (e.g.
 * "POST /send/contact", "GET /p/:id"), in the name of a `describe`, `it` or `test` in some test
 * file (test/** or a `*.test.ts` beside the code), so `grep -r "POST /send/contact" test server`
 * finds the suite that guards it.
 * Routes are read from their registrations: `app.get('/path', …)` (get, post, put, patch,
 * delete, head; the path may sit on the next line, a template literal's `${…}` stands for any
 * segment text) and `app.route({ method: …, url: '…' })`. A parameter may be named `:cardId`
 * as registered or `{cardId}` as the specification writes it; a path ending in `*` is matched
 * by any name that starts with its prefix.
 * Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => file && fs.existsSync(path.join(root, file)));
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

interface Route {
  method: string;
  path: string;
  file: string;
}

/** Every route registered in the server's `*.routes.ts` files. */
function routesIn(file: string, source: string): Route[] {
  const routes: Route[] = [];
  const shorthand = /\bapp\.(get|post|put|patch|delete|head)\s*(?:<[^()]*?>)?\(\s*(['`])([^'`]+)\2/g;
  for (const match of source.matchAll(shorthand)) routes.push({ method: match[1].toUpperCase(), path: match[3], file });
  const full = /\bapp\.route\(\s*\{([\s\S]*?)\burl:\s*(['`])([^'`]+)\2/g;
  for (const match of source.matchAll(full)) {
    const methods = /\bmethod:\s*(\[[^\]]*\]|'[^']+')/.exec(match[1])?.[1] ?? '';
    for (const method of methods.matchAll(/'([A-Z]+)'/g)) routes.push({ method: method[1], path: match[3], file });
  }
  return routes;
}

/** The names of the describe/it/test blocks in a test file, as written (template literals unexpanded). */
function testNames(source: string): string[] {
  const call = /\b(?:describe|it|test)(?:\.\w+)*(?:\([^()]*\))?\(\s*(['"`])((?:\\.|(?!\1)[\s\S])*?)\1/g;
  return [...source.matchAll(call)].map((match) => match[2]);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * "METHOD /path" as a pattern. A parameter may be named as registered (`:cardId`) or as the
 * specification writes it (`{cardId}`, under any name); `${…}` in a template path stands for
 * any segment text, a trailing `*` for any rest.
 */
function namePattern({ method, path: routePath }: Route): RegExp {
  const wildcard = routePath.endsWith('*');
  const tokens = (wildcard ? routePath.slice(0, -1) : routePath).split(/(\$\{[^}]*\}|:\w+)/);
  const body = tokens.map((token) => (token.startsWith('${') ? '[^\\s/]+' : token.startsWith(':') ? '(?::\\w+|\\{\\w+\\})' : escape(token))).join('');
  return new RegExp(`\\b${method} ${body}${wildcard ? '\\S*' : ''}(?![\\w/:.{-])`);
}

const routes = files.filter((file) => /^server\/.*\.routes\.ts$/.test(file)).flatMap((file) => routesIn(file, read(file)));
const names = files.filter((file) => /\.test\.tsx?$/.test(file)).flatMap((file) => testNames(read(file)));

const unnamed = routes.filter((route) => !names.some((name) => namePattern(route).test(name)));
if (routes.length === 0) {
  console.error('route tests: found no route in server/**/*.routes.ts; has the registration style changed?');
  process.exit(1);
}
if (unnamed.length > 0) {
  for (const route of unnamed) console.error(`${route.file}: no describe/it/test names "${route.method} ${route.path}"`);
  process.exit(1);
}
console.log(`route tests: each of the ${routes.length} routes is named by a test`);
