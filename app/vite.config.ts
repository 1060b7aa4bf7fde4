import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { bundleBudget } from './build/bundle-budget.plugin.ts';

const appRoot = fileURLToPath(new URL('.', import.meta.url));
const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** Paths the Fastify server answers; the dev server forwards them so `vite` can run beside `npm run dev`. */
const SERVER_PATHS = [
  '/api',
  '/locales',
  '/app-config.json',
  '/find',
  '/profile/create',
  '/profile/update',
  '/profile/delete',
  '/profile/save',
  '/profile/show',
  '/profile/short-link',
  '/social-media-link',
  '/social-media-links',
  '/send',
  '/upload',
  '/delete',
  '/download',
  '/card/show',
  '/card/register',
  '/card/delete',
  '/card/profile',
  '/wallet',
  '/media',
  '/cards/',
  '/assets/editions',
  '/_dev',
  '/docs',
  '/p/',
  '/l/',
  '/linkinbio',
  '/public-profile',
];

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
    proxy: Object.fromEntries(SERVER_PATHS.map((p) => [p, { target: process.env.API_ORIGIN ?? 'http://localhost:3000' }])),
  },
  plugins: [
    react(),
    // The first load of /login must stay light (issue 4 budget); the build fails past it.
    bundleBudget({ entryRoute: 'login.page', maxGzipBytes: 150 * 1024 }),
  ],
  build: {
    outDir: `${repoRoot}dist/app`,
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    reportCompressedSize: true,
  },
});
