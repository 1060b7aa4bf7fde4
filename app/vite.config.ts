import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { featureBarrels } from './build/feature-barrels.plugin.ts';
import { bundleBudget } from './build/bundle-budget.plugin.ts';
import { SERVER_PATH_PATTERN } from '../shared/server-paths.ts';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/**
 * The owner app (issue 4). Built to `dist/app` at the repository root, which the server
 * serves with `index.html` for every client route (D16).
 */
export default defineConfig({
  root: appRoot,
  base: '/',
  // Let app code import `shared/` (schemas, card links, the public page's components).
  server: {
    fs: { allow: [repoRoot] },
    // The paths the Fastify server answers (shared/server-paths.ts, the list server/app.ts uses):
    // forwarded, so `vite` can run beside `npm run dev`. A key that starts with ^ is a pattern.
    proxy: { [SERVER_PATH_PATTERN.source]: { target: process.env.API_ORIGIN ?? 'http://localhost:3000' } },
  },
  plugins: [
    react(),
    // Each feature's index.ts only re-exports: importing it pulls in what is used, nothing more.
    featureBarrels(),
    // The first load of /login must stay light (issues 4 and 22); the build fails past it.
    // With Preact's runtime (the alias below) it is 53.4 KB (26 Nov 2026, docs/performance.md).
    bundleBudget({ entryRoute: 'login.page', maxGzipBytes: 100 * 1024 }),
  ],
  resolve: {
    // Every `zod` import of the app and of shared/ gets the jitless set-up (app/src/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: `${appRoot}src/zod-jitless.ts` },
      // Issue 22: the owner app runs on Preact's React-compatible runtime (about 10 KB gzip where
      // react-dom is about 57 KB); the code stays React, and the server renders with React.
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react(-dom)?$/, replacement: 'preact/compat' },
      { find: /^react\/jsx(-dev)?-runtime$/, replacement: 'preact/jsx-runtime' },
    ],
  },
  build: {
    outDir: `${repoRoot}dist/app`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
});
