import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA, createLink, createProfile, expectD4 } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

// Issue 12: link clicks of the public pages go through GET /go/{socialMediaLinkId}?p={profileId}&src=.

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

const go = (path: string, ua = BROWSER_UA, method: 'GET' | 'HEAD' = 'GET') => t.call({ method, url: path, headers: { 'user-agent': ua } });

async function clicks(profileId: string): Promise<Array<{ socialMediaLinkId: string; clicks: number }>> {
  await t.app.features.stats.views.flush();
  const res = await t.get(`/find/own/stats?profileId=${profileId}&days=7`, owner);
  expect(res.status, res.raw).toBe(200);
  return res.body.links;
}

describe('GET /go/{socialMediaLinkId}', () => {
  it('redirects (302) to the link as the page renders it and counts the click', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id, { link: 'calendly.com/erika', name: 'Termin' });
    const res = await go(`/go/${link.socialMediaLinkId}?p=${profile.id}&src=nfc`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('https://calendly.com/erika');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await clicks(profile.id)).toEqual([{ socialMediaLinkId: link.socialMediaLinkId, name: 'Termin', clicks: 1 }]);
  });

  it('redirects to mailto: and tel: links with characters outside Latin-1, percent-encoded (issue 20), never a 500', async () => {
    const profile = await createProfile(t, owner);
    const mail = await createLink(t, owner, profile.id, { type: 'other', link: 'mailto:a@例え.jp', name: 'Mail' });
    const tel = await createLink(t, owner, profile.id, { type: 'other', link: 'tel:+81 ３', name: 'Tel' });
    const web = await createLink(t, owner, profile.id, { type: 'website', link: 'https://例え.jp/パス?q=ü', name: 'Web' });
    const a = await go(`/go/${mail.socialMediaLinkId}?p=${profile.id}`);
    expect(a.status, a.raw).toBe(302);
    expect(a.headers.location).toBe('mailto:a@%E4%BE%8B%E3%81%88.jp');
    expect(decodeURIComponent(String(a.headers.location))).toBe('mailto:a@例え.jp');
    const b = await go(`/go/${tel.socialMediaLinkId}?p=${profile.id}`);
    expect(b.status, b.raw).toBe(302);
    expect(b.headers.location).toBe('tel:+81%20%EF%BC%93');
    const c = await go(`/go/${web.socialMediaLinkId}?p=${profile.id}`);
    expect(c.status, c.raw).toBe(302);
    // The IDN host in punycode, the path and query percent-encoded.
    expect(c.headers.location).toBe('https://xn--r8jz45g.jp/%E3%83%91%E3%82%B9?q=%C3%BC');
  });

  it("refuses another profile's link, an unknown link and a missing profile with a D4 404, counting nothing", async () => {
    const mine = await createProfile(t, owner);
    const theirs = await createProfile(t, await t.signUp());
    const other = await createProfile(t, owner);
    const link = await createLink(t, owner, other.id);
    expectD4(await go(`/go/${link.socialMediaLinkId}?p=${mine.id}`), 404, 'cmc/link-not-found');
    expectD4(await go(`/go/${link.socialMediaLinkId}?p=${theirs.id}`), 404, 'cmc/link-not-found');
    expectD4(await go(`/go/${link.socialMediaLinkId}`), 404, 'cmc/link-not-found');
    expectD4(await go(`/go/nosuchlink?p=${other.id}`), 404, 'cmc/link-not-found');
    expect(await clicks(other.id)).toEqual([]);
    expect(await clicks(mine.id)).toEqual([]);
  });

  it('never redirects to a javascript:, data: or vbscript: link (D12)', async () => {
    const profile = await createProfile(t, owner);
    for (const value of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)', 'java\tscript:alert(1)', 'data:text/html,<script>alert(1)</script>', 'vbscript:x']) {
      const link = await createLink(t, owner, profile.id, { type: 'other', link: value });
      const res = await go(`/go/${link.socialMediaLinkId}?p=${profile.id}`);
      expectD4(res, 404, 'cmc/link-not-found');
      expect(res.headers.location).toBeUndefined();
    }
    expect(await clicks(profile.id)).toEqual([]);
  });

  it('follows a changed or removed link at once, although clicks are answered from memory', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id, { link: 'https://old.example.com', name: 'Alt' });
    const url = `/go/${link.socialMediaLinkId}?p=${profile.id}`;
    expect((await go(url)).headers.location).toBe('https://old.example.com/');
    expect((await go(url)).headers.location).toBe('https://old.example.com/');
    const update = { socialMediaLinkId: link.socialMediaLinkId, type: link.type, link: 'https://new.example.com', name: 'Neu', sort: 1 };
    expect((await t.post('/social-media-link/update', update, owner)).status).toBe(200);
    expect((await go(url)).headers.location).toBe('https://new.example.com/');
    expect((await t.post('/social-media-link/remove', { socialMediaLinkId: link.socialMediaLinkId }, owner)).status).toBe(200);
    expectD4(await go(url), 404, 'cmc/link-not-found');
  });

  it('does not redirect for a deactivated profile', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    expect((await t.post('/profile/deactivate', { profileId: profile.id }, owner)).status).toBe(200);
    expectD4(await go(`/go/${link.socialMediaLinkId}?p=${profile.id}`), 404, 'cmc/link-not-found');
  });

  it('redirects bots and HEAD requests without counting them', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    expect((await go(`/go/${link.socialMediaLinkId}?p=${profile.id}`, BOT_UA)).status).toBe(302);
    expect((await go(`/go/${link.socialMediaLinkId}?p=${profile.id}`, '')).status).toBe(302);
    expect((await go(`/go/${link.socialMediaLinkId}?p=${profile.id}`, BROWSER_UA, 'HEAD')).status).toBe(302);
    expect(await clicks(profile.id)).toEqual([]);
  });

  it('counts an unknown src as a shared link, never as an error', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    expect((await go(`/go/${link.socialMediaLinkId}?p=${profile.id}&src=<script>`)).status).toBe(302);
    expect((await go(`/go/${link.socialMediaLinkId}?p=${profile.id}&src=qr&src=nfc`)).status).toBe(302);
    expect((await clicks(profile.id))[0]?.clicks).toBe(2);
  });

  it('adds exactly 50 for 50 concurrent clicks', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => go(`/go/${link.socialMediaLinkId}?p=${profile.id}&src=qr`)));
    expect(results.every((r) => r.status === 302)).toBe(true);
    expect((await clicks(profile.id))[0]?.clicks).toBe(50);
  });
});
