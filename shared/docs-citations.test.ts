import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Code, tests and docs cite the specification as "SPEC n" and the design decisions as "Dn" or by
 * a section's name (`DESIGN "Scale-out"`). Both documents live in docs/ (issue 21): these tests
 * fail when a citation names a section or decision that docs/specification.md or
 * docs/design-decisions.md has no heading for, or when a file points at the originals, which
 * are not in the repository.
 */
const root = path.resolve(import.meta.dirname, '..');
const SPEC_DOC = 'docs/specification.md';
const DESIGN_DOC = 'docs/design-decisions.md';
const SELF = path.relative(root, import.meta.filename);

const SCANNED = ['README.md', '.ci', 'app', 'bench', 'docs', 'scripts', 'server', 'shared', 'test'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', 'coverage', '.git']);
const TEXT_FILE = /\.(ts|tsx|js|mjs|cjs|css|html|md|yaml|yml)$|(^|\/)\.ci\/[^/.]+$/;

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((entry) => !SKIPPED_DIRS.has(entry.name))
    .flatMap((entry) => filesUnder(path.posix.join(relative, entry.name)));
}

const files = SCANNED.flatMap(filesUnder)
  .filter((file) => TEXT_FILE.test(file) && file !== SELF)
  .map((file) => ({ file, text: fs.readFileSync(path.join(root, file), 'utf8') }));

const headings = (file: string) =>
  fs
    .readFileSync(path.join(root, file), 'utf8')
    .split('\n')
    .filter((line) => /^#{1,6} /.test(line))
    .map((line) => line.replace(/^#+ /, '').trim());

/** Every match of `pattern` in every scanned file, as "value (file:line)". */
function citations(pattern: RegExp, value: (match: RegExpExecArray) => string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { file, text } of files) {
    for (const match of text.matchAll(pattern)) {
      const line = text.slice(0, match.index).split('\n').length;
      const key = value(match);
      found.set(key, [...(found.get(key) ?? []), `${file}:${line}`]);
    }
  }
  return found;
}

describe('citations of the specification and the design decisions', () => {
  it('finds citations at all (the scan reads the code and the docs)', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(citations(/\bSPEC (\d+)\b/g, (m) => m[1]).size).toBeGreaterThan(5);
  });

  it('gives every "SPEC n" a heading "n. …" in docs/specification.md', () => {
    const sections = new Set(headings(SPEC_DOC).flatMap((h) => /^(\d+)\. /.exec(h)?.slice(1) ?? []));
    const cited = citations(/\bSPEC (\d+)\b/g, (m) => m[1]);
    const missing = [...cited].filter(([section]) => !sections.has(section)).map(([section, where]) => `SPEC ${section}: ${where.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it('gives every "Dn" a heading "Dn — …" in docs/design-decisions.md', () => {
    const decisions = new Set(headings(DESIGN_DOC).flatMap((h) => /^D(\d+) — \S/.exec(h)?.slice(1) ?? []));
    // Not a colour (#D10), not part of a word or an identifier (expectD4), no leading zero.
    const cited = citations(/(?<![#\w/+-])D([1-9]\d?)(?![\w-])/g, (m) => m[1]);
    const missing = [...cited].filter(([n]) => !decisions.has(n)).map(([n, where]) => `D${n}: ${where.join(', ')}`);
    expect(cited.size).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('gives every section named as DESIGN "…" a heading of that name in docs/design-decisions.md', () => {
    const names = new Set(headings(DESIGN_DOC));
    const cited = citations(/\bDESIGN\s+"([^"]+)"/g, (m) => m[1].replace(/\s+/g, ' '));
    const missing = [...cited].filter(([name]) => !names.has(name)).map(([name, where]) => `DESIGN "${name}": ${where.join(', ')}`);
    expect(missing).toEqual([]);
  });

  it('links only to headings that docs/specification.md and docs/design-decisions.md have', () => {
    // GitHub's anchor of a heading: lower case, punctuation dropped, each space a hyphen.
    const slug = (heading: string) =>
      heading
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-');
    const anchors = new Map([SPEC_DOC, DESIGN_DOC].map((doc) => [path.posix.basename(doc), new Set(headings(doc).map(slug))]));
    const broken = citations(/\]\((?:[^)#\s]*\/)?(specification\.md|design-decisions\.md)#([^)\s]+)\)/g, (m) => `${m[1]}#${m[2]}`);
    const missing = [...broken].filter(([target]) => {
      const [doc, anchor] = target.split('#');
      return !anchors.get(doc)!.has(anchor);
    });
    expect(missing).toEqual([]);
  });

  it('points at the copies in docs/, never at SPEC.md or DESIGN.md outside the repository', () => {
    const outside = files.filter(({ text }) => /\b(SPEC|DESIGN)\.md\b/.test(text)).map(({ file }) => file);
    expect(outside).toEqual([]);
  });
});
