/*
 * The owner app's service worker (issue 36: capture at a fair with bad Wi-Fi). Hand-written,
 * about a hundred lines, and filled in by app/build/service-worker.plugin.ts at build time:
 * `__VERSION__` (a hash of every file it keeps), `__PRECACHE__` (the app shell: index.html, the
 * built scripts and styles, icons, manifests and the German and English translations) and
 * `__SERVER_PATH__` (shared/server-paths.ts: paths the server answers are never the shell).
 *
 * - Navigations to the app's own paths: the network first (fresh index.html after a deploy),
 *   the kept shell when the network fails or takes longer than four seconds.
 * - /assets/* (hashed names, never change): the kept copy first.
 * - Translations and /app-config.json: the network first, the kept copy when offline.
 * - Everything else (every API call, the public pages, POSTs) is not touched: the page's own
 *   code decides what to do offline (the capture queue in IndexedDB, app/src/features/capture).
 */
/* global self, caches, __PRECACHE__, __SERVER_PATH__ -- a service worker's globals, and what the build fills in */
const VERSION = '__VERSION__';
const PRECACHE = __PRECACHE__;
const SERVER_PATH = new RegExp(__SERVER_PATH__);
const SHELL_CACHE = `shell-${VERSION}`;
const RUNTIME_CACHE = 'runtime-1';
const NETWORK_WAIT_MS = 4000;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(SHELL_CACHE)
      .then((cache) => cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' }))))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('shell-') && key !== SHELL_CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

/** The network's answer, or a rejection after `ms` (bad Wi-Fi hangs rather than fails). */
function fetchWithin(request, ms) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('slow network')), ms);
    fetch(request).then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/** The app's index.html from the network, else the kept one. */
async function shell(request) {
  try {
    return await fetchWithin(request, NETWORK_WAIT_MS);
  } catch (error) {
    const kept = await caches.match('/index.html', { cacheName: SHELL_CACHE });
    if (kept) return kept;
    throw error;
  }
}

/** The kept copy of a hashed file, else the network's (kept for next time). */
async function keptFirst(request) {
  const kept = await caches.match(request);
  if (kept) return kept;
  const response = await fetch(request);
  if (response.ok) {
    const copy = response.clone();
    void caches.open(RUNTIME_CACHE).then((cache) => cache.put(request, copy));
  }
  return response;
}

/** The network's answer (kept for offline), else the kept copy. */
async function networkFirst(request) {
  try {
    const response = await fetchWithin(request, NETWORK_WAIT_MS);
    if (response.ok) {
      const copy = response.clone();
      void caches.open(RUNTIME_CACHE).then((cache) => cache.put(request, copy));
    }
    return response;
  } catch (error) {
    const kept = await caches.match(request);
    if (kept) return kept;
    throw error;
  }
}

/** `/card/{id}` is the public card page; only `/card/{id}/preview` is the app's. */
const isPublicCardPage = (path) => path.startsWith('/card/') && !path.endsWith('/preview');

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    if (!SERVER_PATH.test(url.pathname) && !isPublicCardPage(url.pathname)) event.respondWith(shell(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') && !url.pathname.startsWith('/assets/editions/')) event.respondWith(keptFirst(request));
  else if (url.pathname.startsWith('/locales/') || url.pathname === '/app-config.json') event.respondWith(networkFirst(request));
  else if (url.pathname.startsWith('/icons/') || url.pathname.endsWith('.webmanifest')) event.respondWith(keptFirst(request));
});
