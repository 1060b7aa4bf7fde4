import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser suites: the real server on a free port, Debian's Chromium through playwright-core.
// `npm run test:e2e`. Each file starts its own server and its own browser.
// Two groups, one after the other:
// - first every browser suite but the audits, two files at a time (they wait on the browser and
//   the server much of the time, so two share this 2-core machine well; they measure no timings);
// - then the audits (axe-core and Lighthouse), alone: Lighthouse measures timings that a
//   neighbouring suite would disturb.
const shared = {
  root: fileURLToPath(new URL('../..', import.meta.url)),
  testTimeout: 60_000,
  hookTimeout: 120_000,
  // expect.poll waits on a real browser and server: vitest's 1 s default failed a screen that
  // took 1.5 s to show on a loaded CI machine (the wallet badges, 2026-11-26).
  expect: { poll: { timeout: 10_000 } },
};
// Issue 26: the page themes' audits too.
const LIGHTHOUSE = ['test/e2e/public-audits.test.ts', 'test/e2e/public-theme-audits.test.ts'];

export default defineConfig({
  test: {
    maxWorkers: 2,
    // CI's run keeps a JSON report, so its log ends with the slowest files and tests (scripts/ci-durations.ts).
    reporters: process.env.E2E_REPORT ? ['default', ['json', { outputFile: process.env.E2E_REPORT }]] : ['default'],
    projects: [
      {
        test: { ...shared, name: 'audits', include: LIGHTHOUSE, fileParallelism: false, sequence: { groupOrder: 1 } },
      },
      {
        // The files of a worker share one module cache, as the API suites do (vitest.config.ts): each
        // imported the whole server afresh, 2–5 s of a loaded core per file. Each still starts its own server and Chromium.
        test: { ...shared, name: 'browser', isolate: false, include: ['test/e2e/**/*.test.ts'], exclude: LIGHTHOUSE, sequence: { groupOrder: 0 } },
      },
    ],
  },
});
