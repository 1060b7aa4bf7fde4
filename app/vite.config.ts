import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { featureBarrels } from './build/feature-barrels.plugin.ts';
import { bundleBudget } from './build/bundle-budget.plugin.ts';
import { serviceWorker } from './build/service-worker.plugin.ts';
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
    // The first load of /login must stay light (issues 4, 22 and 35); the build fails past it.
    // React 19's own runtime is most of it (figures in docs/performance.md, 2026-11-28).
    bundleBudget({ entryRoute: 'login.page', maxGzipBytes: 110 * 1024 }),
    // Issue 36: the installable app's worker keeps the app shell for a fair with bad Wi-Fi (docs/capture.md).
    serviceWorker({
      template: `${appRoot}sw/service-worker.js`,
      publicDir: `${appRoot}public`,
      localesDir: `${repoRoot}locales`,
      languages: ['de', 'en'],
      serverPathPattern: SERVER_PATH_PATTERN,
    }),
  ],
  resolve: {
    // Every `zod` import of the app and of shared/ gets the jitless set-up (app/src/zod-jitless.ts).
    alias: [
      { find: /^zod$/, replacement: `${appRoot}src/zod-jitless.ts` },
      // React 19 has useSyncExternalStore: the shim react-i18next imports becomes React's own hook.
      { find: /^use-sync-external-store\/shim$/, replacement: `${appRoot}src/sync-external-store.ts` },
    ],
  },
  build: {
    outDir: `${repoRoot}dist/app`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
    rolldownOptions: {
      output: {
        // Everything the entry imports statically (React, React Router, i18next, the shell) in the
        // entry's one file: every screen loads all of it anyway, and one file compresses better
        // than the seven small shared chunks the bundler made of it (issue 35: 2.4 KB gzip less on
        // every screen's first load, docs/performance.md).
        codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] },
      },
    },
  },
});
