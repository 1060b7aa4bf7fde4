import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accentFailure } from '../../shared/page-theme.ts';
import { createFullProfile, createProfile, expectD4, pngImage, quickOwners, readOwnLinks, readOwnProfile, upload } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 26: the page's theme, saved with the profile (POST /profile/save, /profile/update,
 * /profile/create), contrast-checked when saved, shown on /p and /l at once, and the
 * background image uploaded through the image pipeline.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const page = async (path: string) => (await t.call({ method: 'GET', url: path })).raw;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;

describe('POST /profile/save with a theme', () => {
  it('saves theme, accent, button shape and background, answers them, and shows them on /p and /l at once', async () => {
    const [owner] = await quickOwners(t, 1);
    const p = await createFullProfile(t, owner!);
    const before = styleOf(await page(`/p/${p.id}`));
    expect(before).not.toContain('--acc:#0f766e');
    const links = await readOwnLinks(t, owner!, p.id);
    const saved = await t.post(
      '/profile/save',
      { profile: { id: p.id, theme: 'system', accentColour: '#0F766E', buttonShape: 'pill', backgroundColour: '#fdf6e3' }, links },
      owner,
    );
    expect(saved.status, saved.raw).toBe(200);
    expect(saved.body).toMatchObject({ theme: 'system', accentColour: '#0f766e', buttonShape: 'pill', backgroundColour: '#fdf6e3', backgroundImagePath: null });
    const css = styleOf(await page(`/p/${p.id}`));
    expect(css).toContain('--acc:#0f766e');
    expect(css).toContain('body{background:#fdf6e3}');
    expect(css).toContain('@media (prefers-color-scheme:dark)');
    expect(styleOf(await page(`/l/${p.shortLinkId}`))).toContain('--rb:999px');
    const shown = await t.post('/profile/show', { profileId: p.id });
    expect(shown.body.profile).toMatchObject({ theme: 'system', accentColour: '#0f766e', buttonShape: 'pill' });
  });

  it('gives a new profile the look of before issue 26 unless told otherwise', async () => {
    const [owner] = await quickOwners(t, 1);
    const p = await createProfile(t, owner!);
    expect(p).toMatchObject({ theme: 'light', accentColour: '', buttonShape: 'rounded', backgroundColour: '', backgroundImagePath: null });
  });

  it('refuses an accent below 4.5:1 with 400 cmc/low-contrast naming the field, the reason and a passing suggestion, and writes nothing', async () => {
    const [owner] = await quickOwners(t, 1);
    const p = await createFullProfile(t, owner!);
    const links = await readOwnLinks(t, owner!, p.id);
    const refused = await t.post('/profile/save', { profile: { id: p.id, firstName: 'Neu', accentColour: '#ffcc00' }, links: links.slice(1) }, owner);
    const body = expectD4(refused, 400, 'cmc/low-contrast');
    expect(body.field).toBe('accentColour');
    expect(body.message).toMatch(/^accentColour: contrast 1\.\d:1 against .*needs 4\.5:1/);
    expect(body.suggestion).toMatch(/^#[0-9a-f]{6}$/);
    expect(accentFailure(body.suggestion!, 'light')).toBeNull();
    const after = await readOwnProfile(t, owner!, p.id);
    expect(after.firstName).toBe(p.firstName);
    expect(after.accentColour).toBe('');
    expect(await readOwnLinks(t, owner!, p.id)).toHaveLength(links.length);
    // The suggestion is accepted as it is.
    expect((await t.post('/profile/save', { profile: { id: p.id, accentColour: body.suggestion! }, links }, owner)).status).toBe(200);
  });

  it('checks the stored accent again when only the theme changes, against the dark page for dark', async () => {
    const [owner] = await quickOwners(t, 1);
    const p = await createProfile(t, owner!, { accentColour: '#1c4fd6' });
    const body = expectD4(await t.post('/profile/update', { id: p.id, theme: 'dark' }, owner), 400, 'cmc/low-contrast');
    expect(body.field).toBe('accentColour');
    expect(body.message).toContain("dark page's");
    expect(accentFailure(body.suggestion!, 'dark')).toBeNull();
    expect((await readOwnProfile(t, owner!, p.id)).theme).toBe('light');
    expect((await t.post('/profile/update', { id: p.id, theme: 'dark', accentColour: body.suggestion! }, owner)).status).toBe(200);
  });

  it('refuses a background colour the secondary text cannot be read on, naming backgroundColour', async () => {
    const [owner] = await quickOwners(t, 1);
    const body = expectD4(await t.post('/profile/create', { firstName: 'A', backgroundColour: '#777777' }, owner), 400, 'cmc/low-contrast');
    expect(body.field).toBe('backgroundColour');
    expect(body.suggestion).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('refuses values that are no theme, shape or colour with a 400 naming the field', async () => {
    const [owner] = await quickOwners(t, 1);
    const p = await createProfile(t, owner!);
    for (const [field, value] of [
      ['theme', 'neon'],
      ['buttonShape', 'round'],
      ['accentColour', 'blue'],
      ['backgroundColour', '#fff'],
      ['accentColour', 42],
    ] as const) {
      const body = expectD4(await t.post('/profile/update', { id: p.id, [field]: value }, owner), 400, 'cmc/invalid-input');
      expect(body.field).toBe(field);
    }
  });

  it("answers 404 for another owner's profile and changes nothing there", async () => {
    const [owner, other] = await quickOwners(t, 2);
    const p = await createProfile(t, owner!);
    expectD4(await t.post('/profile/update', { id: p.id, theme: 'dark', accentColour: '#8aa6f0' }, other), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/profile/save', { profile: { id: p.id, theme: 'dark' }, links: [] }, other), 404, 'cmc/profile-not-found');
    expect((await readOwnProfile(t, owner!, p.id)).theme).toBe('light');
  });
});

describe('POST /upload/backgroundImage and POST /delete/backgroundImage', () => {
  it('stores the background image re-encoded as JPEG, shows it as the top band of /p and /l, and removes it again', async () => {
    const [owner] = await quickOwners(t, 1);
    const p = await createProfile(t, owner!);
    const res = await upload(t, owner, 'backgroundImage', p.id, await pngImage(1600, 900, '#446688'));
    expect(res.status, res.raw).toBe(200);
    const path = res.body.backgroundImagePath as string;
    expect(path).toMatch(/^\/media\/profiles\/.+\/background-[\w-]+\.jpg$/);
    const image = await t.app.inject({ method: 'GET', url: path });
    expect(image.headers['content-type']).toBe('image/jpeg');
    const { default: sharp } = await import('sharp');
    const meta = await sharp(image.rawPayload).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(1200);
    expect(styleOf(await page(`/p/${p.id}`))).toContain(`url("${path}")`);
    expect(await page(`/l/${p.shortLinkId}`)).toContain('<div class="p-top"></div>');
    const removed = await t.post('/delete/backgroundImage', { profileId: p.id }, owner);
    expect(removed.body).toEqual({ id: p.id, backgroundImagePath: null });
    expect(styleOf(await page(`/p/${p.id}`))).not.toContain('url(');
    expect((await t.call({ method: 'GET', url: path })).status).toBe(404);
  });

  it("refuses what is no image (415), another owner's profile (404) and a missing profile id (400)", async () => {
    const [owner, other] = await quickOwners(t, 2);
    const p = await createProfile(t, owner!);
    expectD4(await upload(t, owner, 'backgroundImage', p.id, Buffer.from('not a picture')), 415, 'cmc/unsupported-image');
    expectD4(await upload(t, other, 'backgroundImage', p.id, await pngImage()), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/delete/backgroundImage', { profileId: p.id }, other), 404, 'cmc/profile-not-found');
    expect(expectD4(await t.post('/delete/backgroundImage', {}, owner), 400, 'cmc/invalid-input').field).toBe('profileId');
    expect((await readOwnProfile(t, owner!, p.id)).backgroundImagePath).toBeNull();
  });
});
