import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// The downloads read by real address books, calendars and spreadsheets from Debian's packages
// (`npm run test:interop`; .ci/run installs them). Not part of `npm test`: a fresh machine lacks them.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/interop/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 60_000,
  },
});
