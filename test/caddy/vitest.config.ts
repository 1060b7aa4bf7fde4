import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// `npm run test:caddy`: deploy/Caddyfile run by Debian's caddy (/usr/bin/caddy) in front of the
// server, certificates on demand from Caddy's local CA (issue 39, docs/deployment.md). Needs the
// caddy binary (CI installs it), so `npm test` does not include it.
export default defineConfig({
  root: fileURLToPath(new URL('../..', import.meta.url)),
  test: {
    include: ['test/caddy/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
});
