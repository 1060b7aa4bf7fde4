import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, createLink, createProfile, pngImage, registerCard, upload } from '../support/factories.ts';

/**
 * Pages, JSON answers and stamps are cached per profile change (docs/performance.md). Every
 * write call of SPEC 7 must make the instance that wrote show the change at once: each test
 * fills the caches first, writes, and reads again straight away.
 */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

/** The public page as a visitor's phone gets it (HTML, no compression). */
async function page(path: string) {
  const res = await t.call({ method: 'GET', url: path, headers: { 'user-agent': BROWSER_UA, 'accept-encoding': 'identity', accept: 'text/html' } });
  return { status: res.status, html: res.raw, location: res.headers.location as string | undefined };
}
const show = async (profileId: string) => (await t.post('/profile/show', { profileId })).body;

/** Reads the page and the public JSON so both are cached before the write. */
async function warm(profileId: string) {
  expect((await page(`/p/${profileId}`)).status).toBe(200);
  expect((await t.post('/profile/show', { profileId })).status).toBe(200);
}

describe('every write shows at once on the instance that wrote it', () => {
  it('POST /profile/update', async () => {
    const p = await createProfile(t, owner, { firstName: 'Before' });
    await warm(p.id);
    expect((await t.post('/profile/update', { ...p, firstName: 'Afterwards' }, owner)).status).toBe(200);
    expect((await page(`/p/${p.id}`)).html).toContain('Afterwards');
    expect((await show(p.id)).profile.firstName).toBe('Afterwards');
  });

  it('POST /social-media-link/create, /update and /remove', async () => {
    const p = await createProfile(t, owner);
    await warm(p.id);
    const link = await createLink(t, owner, p.id, { type: 'website', link: 'https://first.example', name: 'First site' });
    expect((await page(`/p/${p.id}`)).html).toContain('First site');
    expect((await show(p.id)).profile.socialMediaLinks.map((l: { name: string }) => l.name)).toEqual(['First site']);

    await warm(p.id);
    const updated = await t.post(
      '/social-media-link/update',
      { socialMediaLinkId: link.socialMediaLinkId ?? link.id, type: 'website', link: 'https://second.example', name: 'Second site', sort: 1 },
      owner,
    );
    expect(updated.status, updated.raw).toBe(200);
    expect((await page(`/p/${p.id}`)).html).toContain('Second site');
    expect((await show(p.id)).profile.socialMediaLinks[0].name).toBe('Second site');

    await warm(p.id);
    expect((await t.post('/social-media-link/remove', { socialMediaLinkId: link.socialMediaLinkId ?? link.id }, owner)).status).toBe(200);
    expect((await page(`/p/${p.id}`)).html).not.toContain('Second site');
    expect((await show(p.id)).profile.socialMediaLinks).toEqual([]);
  });

  it('POST /profile/update/short-link-id: the new /l/ address answers, the old one does not', async () => {
    const p = await createProfile(t, owner, { firstName: 'Shorty' });
    expect((await page(`/l/${p.shortLinkId}`)).status).toBe(200);
    const fresh = `fresh${Date.now()}`;
    expect((await t.post('/profile/update/short-link-id', { profileId: p.id, shortLinkId: fresh }, owner)).status).toBe(200);
    expect((await page(`/l/${fresh}`)).html).toContain('Shorty');
    expect((await page(`/l/${p.shortLinkId}`)).status).toBe(404);
  });

  it('POST /upload/profileImage, /upload/profileLogo and /delete/profileLogo', async () => {
    const p = await createProfile(t, owner);
    await warm(p.id);
    const image = await upload(t, owner, 'profileImage', p.id, await pngImage());
    expect(image.status, image.raw).toBe(200);
    expect((await page(`/p/${p.id}`)).html).toContain(image.body.profileImagePath);
    expect((await show(p.id)).profile.profileImagePath).toBe(image.body.profileImagePath);

    await warm(p.id);
    const logo = await upload(t, owner, 'profileLogo', p.id, await pngImage(32, 32, '#cc3366'));
    expect(logo.status, logo.raw).toBe(200);
    expect((await page(`/p/${p.id}`)).html).toContain(logo.body.profileLogoPath);
    expect((await show(p.id)).profile.profileLogoPath).toBe(logo.body.profileLogoPath);

    await warm(p.id);
    expect((await t.post('/delete/profileLogo', { profileId: p.id }, owner)).status).toBe(200);
    expect((await page(`/p/${p.id}`)).html).not.toContain(logo.body.profileLogoPath);
    expect((await show(p.id)).profile.profileLogoPath).toBeNull();
  });

  it('POST /profile/deactivate, /profile/activate and /profile/delete', async () => {
    const p = await createProfile(t, owner, { firstName: 'Toggled' });
    await warm(p.id);
    expect((await t.post('/profile/deactivate', { profileId: p.id }, owner)).status).toBe(200);
    expect((await page(`/p/${p.id}`)).status).toBe(404);
    expect((await t.post('/profile/show', { profileId: p.id })).status).toBe(404);

    expect((await t.post('/profile/activate', { profileId: p.id }, owner)).status).toBe(200);
    expect((await page(`/p/${p.id}`)).html).toContain('Toggled');
    expect((await show(p.id)).profile.firstName).toBe('Toggled');

    await warm(p.id);
    expect((await t.post('/profile/delete', { profileId: p.id }, owner)).status).toBe(200);
    expect((await page(`/p/${p.id}`)).status).toBe(404);
    expect((await t.post('/profile/show', { profileId: p.id })).status).toBe(404);
  });

  it('POST /card/register, /card/profile/change and /card/delete: the card page follows the card', async () => {
    const card = await registerCard(t, owner);
    const first = card.cardProfileId;
    expect((await page(`/card/${card.id}`)).location).toContain(`/p/${first}`);
    expect((await t.post('/card/show', { cardId: card.id })).body.profile.id).toBe(first);

    const other = await createProfile(t, owner, { firstName: 'Second' });
    await warm(other.id);
    expect((await t.post('/card/profile/change', { cardId: card.id, profileId: other.id }, owner)).status).toBe(200);
    expect((await page(`/card/${card.id}`)).location).toContain(`/p/${other.id}`);
    expect((await t.post('/card/show', { cardId: card.id })).body.profile.id).toBe(other.id);
    expect((await t.post('/find/own/profile/by-id', { profileId: other.id }, owner)).body.isInUse).toBe(true);

    expect((await t.post('/card/delete', { cardId: card.id }, owner)).status).toBe(200);
    expect((await page(`/card/${card.id}`)).status).toBe(200);
    expect((await page(`/card/${card.id}`)).location).toBeUndefined();
    expect((await t.post('/card/show', { cardId: card.id })).status).toBe(404);
    expect((await t.post('/find/own/profile/by-id', { profileId: other.id }, owner)).body.isInUse).toBe(false);
  });
});
