import { defineConfig } from 'vitest/config';

// Unit and API suites (`npm test` runs both; `npm run test:unit` the unit project alone).
// Browser suites live in test/e2e and have their own config.
// - unit: tests beside the code in server/, shared/ and app/ that start neither the app nor a
//   database (a `*.routes.test.ts` beside the code starts the app: it belongs to api);
// - api: the API suites in test/api, and route tests beside the code, each on the real app.
// Files run in parallel, three at a time, on SQLite and on PostgreSQL alike: each API suite gets a
// database of its own (a temp SQLite folder, or its own PostgreSQL schema), its own Redis key
// prefix and its own S3 server (test/support/test-app.ts), so no two suites meet.
const timeouts = { testTimeout: 30_000, hookTimeout: 60_000 };
const ROUTE_TESTS = 'server/**/*.routes.test.ts';

export default defineConfig({
  test: {
    // vitest's default is one worker less than the cores: one on this 2-core machine. The suites
    // wait on databases, Redis, S3 and child processes part of the time: three workers keep both
    // cores busy (on 2026-11-29: SQLite 181 s with two, 152 s with three; PostgreSQL 304 s, 180 s).
    maxWorkers: 3,
    projects: [
      {
        test: {
          ...timeouts,
          name: 'unit',
          include: ['server/**/*.test.ts', 'shared/**/*.test.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx'],
          exclude: ['**/node_modules/**', ROUTE_TESTS],
        },
      },
      // The files of a worker share one module cache (isolate: false): each API file imported the
      // whole server afresh, about 1.7 s, most of a pass's time. Suites share no state through
      // modules: each builds its own app, database, Redis prefix and storage (test/support/test-app.ts).
      // The one failure once blamed on this (instances.test.ts) came from a view flush racing a
      // read, with isolate on as well, and is fixed in that suite (commit 0362c23).
      { test: { ...timeouts, name: 'api', isolate: false, include: ['test/api/**/*.test.ts', ROUTE_TESTS] } },
    ],
  },
});
