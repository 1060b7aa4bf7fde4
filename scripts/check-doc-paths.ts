/**
 * Fails when docs/architecture.md names a path that the repository does not hold (issue 21):
 * the document is the map a new engineer follows, so a moved or renamed file must move there too.
 * A path is a backticked word with a folder (`server/wiring.ts`, `test/api/`) or a file name with
 * an extension (`index.ts`: some file of that name must exist); `#member` suffixes are dropped.
 * Placeholders (`{lng}`, `<feature>`, `*`), URLs and routes (`/p/{id}`), environment settings
 * (`DATA_DIR/...`) and the build output (`dist/`) are not paths.
 * Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const DOCS = ['docs/architecture.md'];
const FILE = /\.(ts|tsx|js|json|md|yaml|yml|css|html)$/;

const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const baseNames = new Set(tracked.map((file) => path.posix.basename(file)));

/** The backticked words of a Markdown text that name a path in the repository. */
function pathsIn(markdown: string): string[] {
  const words = [...markdown.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!.split('#')[0]!.trim());
  return words.filter(
    (w) => /^[\w.@-]+(\/[\w.@-]*)*$/.test(w) && !w.startsWith('/') && (w.includes('/') || FILE.test(w)) && !/^[A-Z_]+\//.test(w) && !w.startsWith('dist/'),
  );
}

const missing: string[] = [];
for (const doc of DOCS) {
  for (const name of new Set(pathsIn(fs.readFileSync(path.join(root, doc), 'utf8')))) {
    const exists = name.includes('/') ? fs.existsSync(path.join(root, name)) : baseNames.has(name);
    if (!exists) missing.push(`${doc}: \`${name}\` does not exist`);
  }
}
if (missing.length > 0) {
  for (const line of missing) console.error(line);
  process.exit(1);
}
console.log(`doc paths: every path named in ${DOCS.join(', ')} exists`);
