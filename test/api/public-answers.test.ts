import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileSchema } from '../../shared/schemas/profile.schema.ts';
import { publicLinkSchema, publicProfileEnvelopeSchema, shortLinkProfileSchema } from '../../shared/schemas/public-profile.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createLink, createProfile, registerCard } from '../support/factories.ts';

/**
 * Issue 10, point 3: public answers carry what the public page shows and nothing more; above
 * all not the owner's account id, which identity calls act on. Owner answers keep SPEC 3's shape.
 */

let t: TestApp;
let owner: TestUser;
let profileId: string;
let shortLinkId: string;
let cardId: string;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const card = await registerCard(t, owner);
  cardId = card.cardId;
  profileId = card.cardProfileId;
  await t.post('/profile/update', { id: profileId, profileName: 'Arbeit (privat)', firstName: 'Jana' }, owner);
  await createLink(t, owner, profileId, { type: 'website', name: 'Shop', link: 'https://shop.example.com' });
  shortLinkId = (await t.post('/find/own/profile/by-id', { profileId }, owner)).body.shortLinkId;
});
afterAll(async () => t.close());

/** Neither the key nor the value of anything that names the account or the owner's own data. */
function expectNothingPrivate(raw: string) {
  expect(raw).not.toContain('userProfileId');
  expect(raw).not.toContain(owner.userId);
  expect(raw).not.toContain('Arbeit (privat)');
  expect(raw).not.toContain('profileViews');
  for (const key of ['profileName', 'status', 'isActive', 'isInUse', 'layout', 'created', 'updated', 'cardProfileId']) expect(raw).not.toContain(`"${key}"`);
}

describe('public answers', () => {
  it('POST /profile/show answers the public profile only', async () => {
    const res = await t.post('/profile/show', { profileId });
    expect(res.status).toBe(200);
    expectNothingPrivate(res.raw);
    expect(publicProfileEnvelopeSchema.strict().safeParse(res.body).success).toBe(true);
    expect(res.body.profile.firstName).toBe('Jana');
    expect(res.body.profile.socialMediaLinks).toHaveLength(1);
    // Twice: the cached answer is the same public shape.
    expectNothingPrivate((await t.post('/profile/show', { profileId })).raw);
  });

  it('POST /card/show answers the public profile only', async () => {
    const res = await t.post('/card/show', { cardId });
    expect(res.status).toBe(200);
    expectNothingPrivate(res.raw);
    expect(publicProfileEnvelopeSchema.safeParse(res.body).success).toBe(true);
  });

  it('POST /social-media-links/show answers public links only', async () => {
    const res = await t.post('/social-media-links/show', { profileId });
    expect(res.status).toBe(200);
    expectNothingPrivate(res.raw);
    expect(res.body.map((l: unknown) => publicLinkSchema.strict().safeParse(l).success)).toEqual([true]);
  });

  it('POST /profile/short-link/social-media-links/show answers the short-link shape only', async () => {
    const res = await t.post('/profile/short-link/social-media-links/show', { shortLinkId });
    expect(res.status).toBe(200);
    expectNothingPrivate(res.raw);
    expect(shortLinkProfileSchema.strict().safeParse(res.body).success).toBe(true);
  });

  it('POST /send/contact answers the public profile only', async () => {
    const res = await t.post('/send/contact', { profileId, senderEmail: 'besuch@example.org', language: 'de' });
    expect(res.status).toBe(200);
    expectNothingPrivate(res.raw);
  });
});

describe("owner answers keep SPEC 3's whole shape", () => {
  it('POST /find/own/profile/by-id carries userProfileId, profileName and the view count', async () => {
    const res = await t.post('/find/own/profile/by-id', { profileId }, owner);
    expect(profileSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ userProfileId: owner.userId, profileName: 'Arbeit (privat)' });
    expect(res.body.socialMediaLinks[0].userProfileId).toBe(owner.userId);
  });

  it('POST /profile/create answers the whole profile', async () => {
    const p = await createProfile(t, owner);
    expect(p.userProfileId).toBe(owner.userId);
  });
});
