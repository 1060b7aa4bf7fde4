/**
 * Prints where CI's time went, at the end of `.ci/run` (the part of the log that is kept): each
 * phase's seconds, and the browser suites' slowest files and tests from vitest's JSON report
 * (docs/performance.md, "CI time"). Usage: ci-durations.ts <phases file> [<vitest JSON report>]
 */
import fs from 'node:fs';

interface Report {
  testResults: Array<{
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: Array<{ title: string; duration?: number | null; status: string }>;
  }>;
}

const [phasesFile, reportFile] = process.argv.slice(2);
console.log('== Where the time went');
if (phasesFile && fs.existsSync(phasesFile)) process.stdout.write(fs.readFileSync(phasesFile, 'utf8'));
if (reportFile && fs.existsSync(reportFile) && fs.statSync(reportFile).size > 0) {
  const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Report;
  const root = process.cwd() + '/';
  const files = report.testResults.map((file) => ({
    name: file.name.replace(root, ''),
    seconds: (file.endTime - file.startTime) / 1000,
    tests: file.assertionResults,
  }));
  console.log(`Browser suites, slowest files (of ${files.length}):`);
  for (const file of files.sort((a, b) => b.seconds - a.seconds).slice(0, 12))
    console.log(`  ${file.seconds.toFixed(0).padStart(5)} s  ${file.tests.length} tests  ${file.name}`);
  const tests = files.flatMap((file) =>
    file.tests.map((test) => ({ file: file.name.split('/').pop(), title: test.title, seconds: (test.duration ?? 0) / 1000 })),
  );
  console.log('Browser suites, slowest tests:');
  for (const test of tests.sort((a, b) => b.seconds - a.seconds).slice(0, 12))
    console.log(`  ${test.seconds.toFixed(1).padStart(6)} s  ${test.file}: ${test.title.slice(0, 90)}`);
}
