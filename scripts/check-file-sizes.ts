/**
 * Fails when a source file outside the tests is longer than 300 lines (issue 11): a file that
 * long holds more than one thing, and the next reader has to find which. Tests, test support
 * and fixtures are exempt: a suite reads best as one file per behaviour area.
 * Run by `npm run lint`.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const MAX_LINES = 300;
const root = path.resolve(import.meta.dirname, '..');
const isSource = (file: string) => /\.(ts|tsx|js|mjs|cjs|css)$/.test(file);
const isTest = (file: string) => /(^|\/)test\//.test(file) || /\.test(-support)?\.[cm]?[jt]sx?$/.test(file);

const tooLong = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((file) => isSource(file) && !isTest(file) && fs.existsSync(path.join(root, file)))
  .map((file) => ({ file, lines: fs.readFileSync(path.join(root, file), 'utf8').split('\n').length - 1 }))
  .filter(({ lines }) => lines > MAX_LINES);

if (tooLong.length > 0) {
  for (const { file, lines } of tooLong) console.error(`${file}: ${lines} lines (at most ${MAX_LINES} outside tests)`);
  process.exit(1);
}
console.log(`file sizes: every source file outside tests has at most ${MAX_LINES} lines`);
