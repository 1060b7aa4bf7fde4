import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isServerPath } from '../../shared/server-paths.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Every route the real app registers, as Fastify announces it (the app adds the onRoute hook
// before its first route).
const registered: { url: string; method: string | string[] }[] = [];

/** Routes the server answers although their path is not in the list, each with the reason. */
const NOT_LISTED: Record<string, string> = {
  // The owner app's `/card/{id}/preview` shares the first segment (shared/server-paths.ts).
  '/card/:id': 'the card page',
  // What is left over is the owner app's: index.html (D16).
  '/*': 'the owner app',
  '/': 'the owner app',
  // @fastify/static's route for the built app's own file, when `dist/app` exists (after `npm run build`).
  '/index.html': 'the owner app',
  // Issue 36: the installable app's worker, manifests and icons (app/public), also the built app's own files.
  '/sw.js': 'the owner app',
  '/manifest.de.webmanifest': 'the owner app',
  '/manifest.en.webmanifest': 'the owner app',
  '/icons/icon-192.png': 'the owner app',
  '/icons/icon-512.png': 'the owner app',
  '/icons/icon-maskable-512.png': 'the owner app',
};

/** A request path for a route: every parameter and wildcard filled in. */
const samplePath = (url: string) => url.replace(/:[A-Za-z]+/g, 'x1').replace(/\*/g, 'x1/x2');

describe('the server paths of shared/server-paths.ts against the routes of the real app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ BENCH_ROUTES: 'true' }, { onRoute: (route) => void registered.push({ url: route.url, method: route.method }) });
  });
  afterAll(async () => t.close());

  it('saw the routes of every feature being registered', () => {
    const urls = new Set(registered.map((r) => r.url));
    for (const url of ['/api/auth/*', '/account/sessions', '/lead/update', '/go/:linkId', '/p/:id', '/download/calendar', '/healthz'])
      expect(urls).toContain(url);
  });

  it('covers every route the app registers, so neither app.ts nor the Vite dev proxy hands one to the owner app', () => {
    const uncovered = [...new Set(registered.map((r) => r.url))].filter((url) => !(url in NOT_LISTED) && !isServerPath(samplePath(url)));
    expect(uncovered).toEqual([]);
  });

  it('answers a path of the list that no route takes with the 404, never the owner app', async () => {
    for (const path of ['/lead/none', '/account/none', '/go', '/p/a/b', '/social-media-link/none']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('decides on the path as the router read it: a listed path with percent-encoded letters is the 404 too, never the owner app', async () => {
    // find-my-way decodes `%61` before it routes (`/%61ccount/sessions` is GET /account/sessions),
    // so the fallback must not take the request line's spelling for another path (issue 33).
    for (const path of ['/%61ccount/none', '/%6cead/none', '/%61pi/auth/none', '/%61pi%2fauth/list-sessions']) {
      const res = await t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });
      expect(res.statusCode, path).toBe(404);
      expect(res.json().code, path).toBe('cmc/not-found');
    }
  });

  it('answers a path that does not decode (an overlong `/`, `%c0%af`) with D4’s 404, not Fastify’s own 400 body', async () => {
    for (const path of ['/api/auth/reset-password/..%c0%aflist-sessions', '/account/%c0%af', '/%ff']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toMatchObject({ status: 404, code: 'cmc/not-found' });
    }
  });
});
