import { defineConfig } from 'vitest/config';

// Unit and API suites. Browser suites live in test/e2e and have their own config.
export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'app/**/*.test.ts', 'test/api/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // API suites share one PostgreSQL database when DATABASE_URL is set: run files one at a time there.
    fileParallelism: !process.env.DATABASE_URL,
  },
});
