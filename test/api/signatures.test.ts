import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TYPES } from '../../shared/schemas/link.schema.ts';
import { gmailSanitize } from '../support/gmail-sanitizer.ts';
import { BROWSER_UA, createFullProfile, createProfile, expectD4, pngImage, upload } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/** Issue 26: the owner's e-mail signature through the real app, and every image it names served. */

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let profileId: string;
const signature = (query: string, user: TestUser | undefined = owner, language = 'en') =>
  t.app.inject({ method: 'GET', url: `/find/own/profile/signature?${query}`, headers: { ...user?.auth, 'accept-language': language } });

beforeAll(async () => {
  t = await createTestApp();
  [owner, stranger] = await Promise.all([t.signUp(), t.signUp()]);
  profileId = (await createFullProfile(t, owner)).id;
  expect((await upload(t, owner, 'profileImage', profileId, await pngImage(300, 300, '#264653'))).status).toBe(200);
});
afterAll(async () => t.close());

describe('GET /find/own/profile/signature (issue 26)', () => {
  it.each(['classic', 'stacked', 'compact'])('answers the %s layout as HTML that Gmail keeps whole, under 10 KB', async (layout) => {
    const res = await signature(`profileId=${profileId}&layout=${layout}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { html: string; text: string; bytes: number };
    expect(body.bytes).toBe(Buffer.byteLength(body.html));
    expect(body.bytes).toBeLessThan(10_000);
    expect(gmailSanitize(body.html)).toBe(body.html);
    expect(body.html).toContain(`${t.config.publicUrl}/p/${profileId}?src=signature`);
    expect(body.text.split('\n')[0]).toBe('Dr. Jürgen Größe-Übermühl');
  });

  it('serves every image the signature names: the photo and the link icons as PNG, to anyone', async () => {
    const { html } = (await signature(`profileId=${profileId}`)).json() as { html: string };
    const sources = [...html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
    expect(sources.some((src) => src.includes('/signature-photos/'))).toBe(true);
    expect(sources.some((src) => src.includes('/signature-icons/'))).toBe(true);
    for (const src of sources) {
      const res = await t.app.inject({ method: 'GET', url: src.slice(t.config.publicUrl.length) });
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type'], src).toMatch(/^image\//);
      expect(res.headers['cross-origin-resource-policy'], src).toBe('cross-origin');
    }
  });

  it('writes the labels in the language of the request and leaves the save link out when asked', async () => {
    const de = (await signature(`profileId=${profileId}&saveLink=false`, owner, 'de')).json() as { html: string; text: string };
    expect(de.text).toContain('Mobil: +49 160 9876543');
    expect(de.html).not.toContain('generate-vcf');
    const en = (await signature(`profileId=${profileId}`)).json() as { text: string };
    expect(en.text).toContain('Mobile: +49 160 9876543');
    expect(en.text).toContain('Save contact: ');
  });

  it("answers another owner's profile with 404 and an anonymous caller with 401", async () => {
    const res = await signature(`profileId=${profileId}`, stranger);
    expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 404, 'cmc/profile-not-found');
    expect((await t.app.inject({ method: 'GET', url: `/find/own/profile/signature?profileId=${profileId}` })).statusCode).toBe(401);
  });

  it('refuses an unknown layout or save-link value with 400 naming the field', async () => {
    for (const [query, field] of [
      ['layout=fancy', 'layout'],
      ['saveLink=maybe', 'saveLink'],
      ['', 'profileId'],
    ]) {
      const res = await signature(query ? `profileId=${profileId}&${query}` : query);
      const body = expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 400);
      expect(JSON.stringify(body), query).toContain(field);
    }
  });

  it('counts a visit through the signature under its own source in the statistics', async () => {
    const mine = await createProfile(t, owner, { firstName: 'Sig' });
    for (const url of [`/p/${mine.id}?src=signature`, `/download/generate-vcf-with-comment?profileId=${mine.id}&src=signature`]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA } })).statusCode, url).toBe(200);
    }
    await t.app.features.stats.views.flush();
    const stats = await t.get(`/find/own/stats?profileId=${mine.id}&days=7`, owner);
    expect(stats.status, stats.raw).toBe(200);
    expect(stats.body.sources.signature).toBeGreaterThanOrEqual(1);
    expect(stats.body.sources.link).toBe(0);
  });
});

describe('GET /signature-icons/:file (issue 26)', () => {
  it('draws an icon for every link type, 40 px square, kept a year by clients', async () => {
    for (const type of LINK_TYPES) {
      const res = await t.app.inject({ method: 'GET', url: `/signature-icons/${type}.png?v=1` });
      expect(res.statusCode, type).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height], type).toEqual(['png', 40, 40]);
    }
  });

  it('refuses an icon of no link type with 400 and draws nothing', async () => {
    for (const file of ['unknown.png', 'github.svg', '..%2Fsecret.png']) {
      const res = await t.app.inject({ method: 'GET', url: `/signature-icons/${file}` });
      expect(res.statusCode, file).toBe(400);
    }
  });
});

describe('GET /signature-photos/* and the logo of a signature (issue 35)', () => {
  it('serves a non-square photo cropped square, and gives the logo the width and height of its proportions', async () => {
    const mine = await createProfile(t, owner, { firstName: 'Wide' });
    expect((await upload(t, owner, 'profileImage', mine.id, await pngImage(300, 150, '#e76f51'))).status).toBe(200);
    expect((await upload(t, owner, 'profileLogo', mine.id, await pngImage(240, 60, '#2a9d8f'))).status).toBe(200);
    const { html } = (await signature(`profileId=${mine.id}&layout=classic`)).json() as { html: string };
    const photo = /<img src="[^"]*(\/signature-photos\/[^"]+)" alt="[^"]*" width="80" height="80"/.exec(html)?.[1];
    expect(photo, html).toBeDefined();
    const res = await t.app.inject({ method: 'GET', url: photo! });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 160, 160]);
    // 240 × 60 at 32 px high.
    expect(html).toMatch(/<img src="[^"]*\/media\/profiles\/[^"]+logo-[^"]+" alt="" width="128" height="32"/);
  });

  it('answers 404 for anything but a stored profile photo, and crops nothing then', async () => {
    const mine = (await t.post('/find/own/profile/by-id', { profileId }, owner)).body as { profileLogoPath: string | null };
    const missing = ['profiles/abc/image-nothere.jpg', 'profiles/abc/logo-x.png', 'bundles/x.zip', '..%2F..%2Fetc%2Fpasswd', 'organisations/abc/logo-x.png'];
    if (mine.profileLogoPath) missing.push(mine.profileLogoPath.slice('/media/'.length));
    for (const key of missing) expect((await t.app.inject({ method: 'GET', url: `/signature-photos/${key}` })).statusCode, key).toBe(404);
  });
});
