import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA, createLink, createProfile, expectD4 } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

// Issue 22: the pages' links carry their real destination; a click is counted by a POST to
// /go/{linkId}?p=&src= — the anchor's ping (Chromium, Safari) or the script's sendBeacon.

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

/** A ping as Chromium sends it: POST, `Content-Type: text/ping`, the body `PING`, same-origin. */
const ping = (path: string, headers: Record<string, string> = {}) =>
  t.call({
    method: 'POST',
    url: path,
    payload: 'PING',
    headers: { 'content-type': 'text/ping', 'user-agent': BROWSER_UA, 'sec-fetch-site': 'same-origin', 'ping-from': `${t.config.publicUrl}/p/x`, ...headers },
  });

/** A beacon without data: POST with no body and no content type. */
const beacon = (path: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'POST', url: path, headers: { 'user-agent': BROWSER_UA, origin: t.config.publicUrl, 'sec-fetch-site': 'same-origin', ...headers } });

async function clicks(profileId: string): Promise<number | undefined> {
  await t.app.features.stats.views.flush();
  const res = await t.get(`/find/own/stats?profileId=${profileId}&days=7`, owner);
  expect(res.status, res.raw).toBe(200);
  return res.body.links[0]?.clicks;
}

describe('POST /go/{socialMediaLinkId}', () => {
  it('counts a ping and a beacon once each and answers 204 without a body, cookie or redirect', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id, { link: 'https://www.google.com/maps/place/52.52,13.40' });
    const path = `/go/${link.socialMediaLinkId}?p=${profile.id}&src=nfc`;
    const pinged = await ping(path);
    expect(pinged.status, pinged.raw).toBe(204);
    expect(pinged.raw).toBe('');
    expect(pinged.headers.location).toBeUndefined();
    expect(pinged.headers['set-cookie']).toBeUndefined();
    expect(pinged.headers['cache-control']).toBe('no-store');
    expect((await beacon(path)).status).toBe(204);
    // sendBeacon with a string sends text/plain: accepted as well.
    expect((await beacon(path, { 'content-type': 'text/plain;charset=UTF-8' })).status).toBe(204);
    expect(await clicks(profile.id)).toBe(3);
  });

  it('does not count bots, clients without a User-Agent or posts from another site', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    const path = `/go/${link.socialMediaLinkId}?p=${profile.id}`;
    expect((await ping(path, { 'user-agent': BOT_UA })).status).toBe(204);
    expect((await ping(path, { 'user-agent': '' })).status).toBe(204);
    expect((await ping(path, { 'sec-fetch-site': 'cross-site' })).status).toBe(204);
    expect((await beacon(path, { origin: 'https://evil.example', 'sec-fetch-site': '' })).status).toBe(204);
    expect(await clicks(profile.id)).toBeUndefined();
  });

  it("refuses another profile's link, an unknown link and a javascript: link with D4's 404", async () => {
    const profile = await createProfile(t, owner);
    const other = await createProfile(t, owner);
    const link = await createLink(t, owner, other.id);
    const script = await createLink(t, owner, profile.id, { type: 'other', link: 'javascript:alert(1)' });
    expectD4(await ping(`/go/${link.socialMediaLinkId}?p=${profile.id}`), 404, 'cmc/link-not-found');
    expectD4(await ping(`/go/nosuchlink?p=${profile.id}`), 404, 'cmc/link-not-found');
    expectD4(await ping(`/go/${script.socialMediaLinkId}?p=${profile.id}`), 404, 'cmc/link-not-found');
  });

  it('refuses a body over 1 KB with 413 and counts nothing', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    const res = await t.call({
      method: 'POST',
      url: `/go/${link.socialMediaLinkId}?p=${profile.id}`,
      payload: 'x'.repeat(2048),
      headers: { 'content-type': 'text/plain', 'user-agent': BROWSER_UA },
    });
    expect(res.status).toBe(413);
    expect(await clicks(profile.id)).toBeUndefined();
  });

  it('adds exactly 40 for 40 concurrent pings', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    const results = await Promise.all(Array.from({ length: 40 }, () => ping(`/go/${link.socialMediaLinkId}?p=${profile.id}&src=qr`)));
    expect(results.every((r) => r.status === 204)).toBe(true);
    expect(await clicks(profile.id)).toBe(40);
  });
});
