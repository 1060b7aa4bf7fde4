import { normalizePathname } from '@better-auth/core/utils/url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { authPathSpellings } from '../../test/support/auth-path-spellings.ts';
import { ALLOWED_AUTH_ENDPOINTS, allowedAuthEndpoint } from './auth-endpoints.ts';
import { AUTH_BASE_PATH, authTargetOf, libraryPathOf } from './auth-target.ts';

const ORIGIN = 'https://cards.example';

/** The path better-auth routes a Request on, read the ways it reads one: better-call's router, and `disabledPaths` and its rate limiter. */
function libraryReadings(url: URL, method: string) {
  const request = new Request(url, { method });
  return { router: libraryPathOf(request), disabledPaths: normalizePathname(request.url, AUTH_BASE_PATH) };
}

describe('authTargetOf (issue 33: the one reading of a path under /api/auth)', () => {
  it('takes each allowed endpoint in its own spelling, with or without a query, and hands on that path', () => {
    for (const endpoint of ALLOWED_AUTH_ENDPOINTS) {
      const path = endpoint.path.replace(/:[^/]+/g, 'Ab3_-x');
      for (const raw of [`${AUTH_BASE_PATH}${path}`, `${AUTH_BASE_PATH}${path}?token=a.b-c&callbackURL=%2Fsecurity%3Fx%3D1`, `${AUTH_BASE_PATH}${path}?`]) {
        const target = authTargetOf(raw, ORIGIN);
        expect(target?.path, raw).toBe(path);
        expect(allowedAuthEndpoint(endpoint.method, target!.path)).toBe(endpoint);
        expect(target!.url.origin).toBe(ORIGIN);
      }
    }
  });

  it('refuses the spellings of the attack and every other spelling the API suite sends', () => {
    for (const raw of [
      '/reset-password/..\\list-sessions',
      '/reset-password/%2e%2e\\list-sessions',
      '/reset-password/.%2e\\list-sessions',
      '/reset-password/x\\..\\..\\list-sessions',
    ]) {
      expect(authTargetOf(`${AUTH_BASE_PATH}${raw}`, ORIGIN), raw).toBeUndefined();
    }
    for (const { method, path } of authPathSpellings([], ORIGIN)) {
      const target = authTargetOf(path, ORIGIN);
      // Upper case is one reading too (every parser keeps it), and is no endpoint.
      if (target) expect(allowedAuthEndpoint(method, target.path), path).toBeUndefined();
    }
  });

  it('never takes a path that the library would read as another: for any request line, what it takes is the path better-auth routes on', () => {
    const piece = fc.constantFrom(
      '/',
      '\\',
      '.',
      '..',
      '%2e',
      '%2E',
      '%2f',
      '%5c',
      '%00',
      '%25',
      ';',
      '?',
      '#',
      '&',
      '=',
      "'",
      '"',
      '<',
      '`',
      '{',
      'x',
      'A',
      '-',
      '_',
      '~',
      ':',
      '@',
      '+',
    );
    const segment = fc.constantFrom('list-sessions', 'reset-password', 'get-session', 'two-factor', 'enable', 'Ab3');
    fc.assert(
      fc.property(fc.array(fc.oneof(piece, segment), { maxLength: 12 }), fc.constantFrom('GET', 'POST'), (pieces, method) => {
        const raw = `${AUTH_BASE_PATH}/${pieces.join('')}`;
        const target = authTargetOf(raw, ORIGIN);
        if (!target) return;
        const readings = libraryReadings(target.url, method);
        expect(readings).toEqual({ router: target.path, disabledPaths: target.path });
        // better-call refuses `//` and a trailing slash on its own; the target has neither.
        expect(target.path).not.toMatch(/\/\/|\/$/);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuses what is not under /api/auth/ as written: another spelling of the prefix, the absolute form, the base path alone', () => {
    for (const raw of [
      '/api/auth',
      '/api/auth/',
      '/%61pi/auth/get-session',
      '/API/auth/get-session',
      `${ORIGIN}/api/auth/get-session`,
      '//api/auth/get-session',
    ]) {
      expect(authTargetOf(raw, ORIGIN), raw).toBeUndefined();
    }
  });

  it('refuses a query the URL parser would write otherwise, so better-auth reads the query that came', () => {
    expect(authTargetOf("/api/auth/verify-email?token=a'b", ORIGIN)).toBeUndefined();
    expect(authTargetOf('/api/auth/verify-email?token=a"b', ORIGIN)).toBeUndefined();
    expect(authTargetOf('/api/auth/verify-email?token=a#b', ORIGIN)).toBeUndefined();
    expect(authTargetOf('/api/auth/verify-email?token=a/../b', ORIGIN)?.url.search).toBe('?token=a/../b');
  });
});
