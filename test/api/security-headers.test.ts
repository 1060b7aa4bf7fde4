import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, createProfile, pngImage, upload } from '../support/factories.ts';

/**
 * Issue 10, point 5: security headers on every answer, one set per kind of answer
 * (server/http/security-headers.ts), while the public pages keep their own.
 */

let t: TestApp;
let owner: TestUser;
let profileId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  profileId = (await createProfile(t, owner, { firstName: 'Kopf' })).id;
});
afterAll(async () => t.close());

const header = (res: { headers: Record<string, unknown> }, name: string) => String(res.headers[name] ?? '');

/** The CSP as a map of directive → sources. */
function csp(res: { headers: Record<string, unknown> }): Map<string, string[]> {
  return new Map(
    header(res, 'content-security-policy')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectBaseline(res: { headers: Record<string, unknown> }) {
  expect(header(res, 'x-content-type-options')).toBe('nosniff');
  expect(header(res, 'x-frame-options')).toBe('DENY');
  expect(header(res, 'referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('the owner app', () => {
  it('its index.html (for any client-side route) allows scripts from this origin only and no framing', async () => {
    for (const url of ['/', '/overview', '/login']) {
      const res = await t.call({ method: 'GET', url, headers: { accept: 'text/html' } });
      // 200 once `npm run build` ran, 503 before: the headers are the same.
      expect([200, 503]).toContain(res.status);
      expectBaseline(res);
      const policy = csp(res);
      expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'self'"]);
      expect(header(res, 'content-security-policy')).not.toContain("'unsafe-eval'");
    }
  });

  it('/docs has the same rules', async () => {
    const res = await t.call({ method: 'GET', url: '/docs/' });
    expect(res.status).toBeLessThan(400);
    expectBaseline(res);
    expect(csp(res).get('script-src')).not.toContain("'unsafe-inline'");
    expect(csp(res).get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('JSON answers', () => {
  it('owner answers are never stored and never sniffed', async () => {
    for (const res of [
      await t.post('/find/own/profile/by-id', { profileId }, owner),
      await t.get('/find/own/profiles/active', owner),
      await t.post('/profile/update', { id: profileId, firstName: 'Neu' }, owner),
    ]) {
      expect(res.status).toBe(200);
      expect(header(res, 'cache-control')).toBe('no-store');
      expectBaseline(res);
    }
  });

  it('errors and identity answers too', async () => {
    const unauthorized = await t.get('/find/own/profiles/active');
    expect(unauthorized.status).toBe(401);
    expect(header(unauthorized, 'cache-control')).toBe('no-store');
    expectBaseline(unauthorized);
    const session = await t.call({ method: 'GET', url: '/api/auth/get-session', headers: owner.auth });
    expect(header(session, 'cache-control')).toBe('no-store');
    expectBaseline(session);
  });

  it('answers that choose their own caching keep it (translations)', async () => {
    const res = await t.get('/locales/de/profile.json');
    expect(header(res, 'cache-control')).toBe('public, max-age=300');
    expectBaseline(res);
  });
});

describe('uploads under /media/', () => {
  it('are sandboxed, never sniffed, and keep their cache headers', async () => {
    const up = await upload(t, owner, 'profileImage', profileId, await pngImage(40, 40));
    const res = await t.call({ method: 'GET', url: up.body.profileImagePath });
    expect(res.status).toBe(200);
    expect(header(res, 'x-content-type-options')).toBe('nosniff');
    const policy = csp(res);
    expect(policy.has('sandbox')).toBe(true);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(header(res, 'cache-control')).toBe('public, max-age=31536000, immutable');
  });
});

describe('public pages keep their own headers', () => {
  it("a hash-based CSP, their cache rules, and none of the owner app's set", async () => {
    for (const url of [`/p/${profileId}`, `/l/${(await t.post('/find/own/profile/by-id', { profileId }, owner)).body.shortLinkId}`]) {
      const res = await t.call({ method: 'GET', url, headers: { accept: 'text/html', 'user-agent': BROWSER_UA } });
      expect(res.status).toBe(200);
      expect(header(res, 'content-security-policy')).toMatch(/'sha256-/);
      expect(header(res, 'content-security-policy')).not.toContain("'wasm-unsafe-eval'");
      expect(header(res, 'cache-control')).toBe('private, no-cache');
      expect(res.headers.etag).toBeDefined();
      expectBaseline(res);
      // A header only helmet sends: its absence shows the owner app's set stays off the page routes.
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});
