import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// Browser suites: the real server on a free port, Debian's Chromium through playwright-core.
// `npm run test:e2e`. One file at a time: each starts a server and a browser, and Lighthouse
// measures timings that a neighbouring suite would disturb.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/e2e/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
