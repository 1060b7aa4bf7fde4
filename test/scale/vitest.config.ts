import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:scale`: three server processes on one PostgreSQL database, one Redis and one S3
// server, behind a round-robin proxy. Needs PostgreSQL and Redis (CI has both; it fails loudly
// without them), so `npm test` does not include it.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/scale/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    fileParallelism: false,
  },
});
