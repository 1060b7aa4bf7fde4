import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { PROFILE_TEXT_FIELDS, profileSchema } from '../../shared/schemas/profile.schema.ts';
import { publicProfileSchema } from '../../shared/schemas/public-profile.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, createLink, createProfile, expectD4, fullProfileFields, readOwnProfile, registerCard } from '../support/factories.ts';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
// A new owner per test: each stays within the profile-creation limit of an account (docs/security.md).
beforeEach(async () => {
  owner = await t.signUp();
});
afterAll(async () => t.close());

/** The fields SPEC 3 names for a profile, as D8 spells the timestamps. */
const SPEC_PROFILE_FIELDS = [
  'id',
  ...PROFILE_TEXT_FIELDS,
  'profileImagePath',
  'profileLogoPath',
  'profileVcfPath',
  'shortLinkId',
  'profileViews',
  'isActive',
  'isInUse',
  'layout',
  'status',
  'userProfileId',
  'socialMediaLinks',
  'created',
  'updated',
  'createdIso',
  'updatedIso',
];

/** Every server-managed field of D8 with a value a client must not be able to set. */
const SERVER_MANAGED = {
  profileViews: 999_999,
  userProfileId: 'someone-else',
  isInUse: true,
  isActive: false,
  profileImagePath: '/media/forged.jpg',
  profileLogoPath: '/media/forged.png',
  profileVcfPath: '/forged.vcf',
  shortLinkId: 'forgedShortLink',
  status: 'DELETED',
  created: 1,
  updated: 1,
  createdIso: '1970-01-01T00:00:00.000Z',
  updatedIso: '1970-01-01T00:00:00.000Z',
};

const publicShow = (profileId: string) => t.call({ method: 'POST', url: '/profile/show', payload: { profileId }, headers: { 'user-agent': BROWSER_UA } });

describe('POST /profile/create', () => {
  it('answers every profile field of SPEC 3 with the server-managed defaults', async () => {
    const before = Date.now();
    const res = await t.post('/profile/create', { ...fullProfileFields() }, owner);
    expect(res.status, res.raw).toBe(200);
    const p = res.body;
    expect(Object.keys(p).sort()).toEqual(expect.arrayContaining([...SPEC_PROFILE_FIELDS].sort()));
    expect(profileSchema.safeParse(p).success).toBe(true);
    for (const [field, value] of Object.entries(fullProfileFields())) expect(p[field], field).toBe(value);
    expect(p).toMatchObject({
      profileViews: 0,
      isActive: true,
      isInUse: false,
      layout: 'default',
      status: 'ACTIVE',
      type: 'DEFAULT',
      userProfileId: owner.userId,
      profileImagePath: null,
      profileLogoPath: null,
      socialMediaLinks: [],
    });
    expect(p.id).toMatch(/^[A-Za-z0-9]+$/);
    expect(p.shortLinkId).toMatch(/^[A-Za-z0-9]+$/);
    expect(p.profileVcfPath).toContain(p.id);
    expect(p.created).toBeGreaterThanOrEqual(before);
    expect(p.createdIso).toBe(new Date(p.created).toISOString());
    expect(p.updatedIso).toBe(new Date(p.updated).toISOString());
  });

  it('ignores server-managed fields in the body instead of refusing them (D8)', async () => {
    const res = await t.post('/profile/create', { profileName: 'Forged', ...SERVER_MANAGED, id: 'chosenByClient' }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.profileName).toBe('Forged');
    expect(res.body).toMatchObject({
      profileViews: 0,
      userProfileId: owner.userId,
      isInUse: false,
      isActive: true,
      status: 'ACTIVE',
      profileImagePath: null,
      profileLogoPath: null,
    });
    expect(res.body.id).not.toBe('chosenByClient');
    expect(res.body.shortLinkId).not.toBe('forgedShortLink');
    expect(res.body.created).toBeGreaterThan(1);
    // Still public: the forged DELETED status did not stick.
    expect((await publicShow(res.body.id)).status).toBe(200);
  });

  it('gives two profiles different ids and short link ids', async () => {
    const a = await createProfile(t, owner);
    const b = await createProfile(t, owner);
    expect(a.id).not.toBe(b.id);
    expect(a.shortLinkId).not.toBe(b.shortLinkId);
  });
});

describe('POST /profile/update', () => {
  it('changes the editable fields and answers the updated profile', async () => {
    const p = await createProfile(t, owner, { firstName: 'Anna' });
    const res = await t.post('/profile/update', { id: p.id, firstName: 'Änne', city: 'Köln' }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ id: p.id, firstName: 'Änne', city: 'Köln', lastName: p.lastName });
    expect(res.body.updated).toBeGreaterThanOrEqual(p.updated);
    const back = await readOwnProfile(t, owner, p.id);
    expect(back).toMatchObject({ firstName: 'Änne', city: 'Köln' });
  });

  it('accepts the whole profile object sent back and ignores its server-managed fields (D8)', async () => {
    const p = await createProfile(t, owner);
    const res = await t.post('/profile/update', { ...p, ...SERVER_MANAGED, jobTitle: 'CTO' }, owner);
    expect(res.status, res.raw).toBe(200);
    const back = await readOwnProfile(t, owner, p.id);
    expect(back).toMatchObject({
      jobTitle: 'CTO',
      profileViews: 0,
      userProfileId: owner.userId,
      isInUse: false,
      isActive: true,
      status: 'ACTIVE',
      profileImagePath: null,
      profileLogoPath: null,
      shortLinkId: p.shortLinkId,
      created: p.created,
    });
    expect((await publicShow(p.id)).status).toBe(200);
  });

  it('shows every change at once, even two changes within the same millisecond', async () => {
    const p = await createProfile(t, owner);
    await createLink(t, owner, p.id, { link: 'https://one.example' });
    // A frozen clock: both changes carry the same time stamp.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1000 });
    try {
      for (const firstName of ['Eins', 'Zwei']) {
        expect((await t.post('/profile/update', { id: p.id, firstName }, owner)).status).toBe(200);
        expect((await readOwnProfile(t, owner, p.id)).firstName).toBe(firstName);
        expect((await publicShow(p.id)).body.profile.firstName).toBe(firstName);
      }
      const link = await createLink(t, owner, p.id, { link: 'https://two.example' });
      expect((await readOwnProfile(t, owner, p.id)).socialMediaLinks.map((l) => l.link)).toEqual(['https://one.example', 'https://two.example']);
      expect((await t.post('/social-media-link/update', { socialMediaLinkId: link.id, sort: 1 }, owner)).status).toBe(200);
      expect((await publicShow(p.id)).body.profile.socialMediaLinks.map((l: { link: string }) => l.link)).toEqual([
        'https://two.example',
        'https://one.example',
      ]);
      expect((await t.post('/profile/deactivate', { profileId: p.id }, owner)).status).toBe(200);
      expect((await readOwnProfile(t, owner, p.id)).status).toBe('INACTIVE');
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers 404 cmc/profile-not-found for an unknown id', async () => {
    expectD4(await t.post('/profile/update', { id: 'doesNotExist123', firstName: 'X' }, owner), 404, 'cmc/profile-not-found');
  });

  it('answers 400 naming the field for a value of the wrong type', async () => {
    const p = await createProfile(t, owner);
    const body = expectD4(await t.post('/profile/update', { id: p.id, firstName: 42 }, owner), 400);
    expect(body.field).toBe('firstName');
    expect(body.message.startsWith('firstName')).toBe(true);
  });
});

describe('POST /find/own/profile/by-id and GET /find/own/profiles/active', () => {
  it('reads one own profile by id', async () => {
    const p = await createProfile(t, owner, { companyName: 'ACME' });
    const got = await readOwnProfile(t, owner, p.id);
    expect(got).toEqual(p);
  });

  it('answers the profiles as an object keyed by profile id', async () => {
    const user = await t.signUp();
    const a = await createProfile(t, user);
    const b = await createProfile(t, user);
    const res = await t.get('/find/own/profiles/active', user);
    expect(res.status, res.raw).toBe(200);
    expect(Array.isArray(res.body)).toBe(false);
    expect(Object.keys(res.body).sort()).toEqual([a.id, b.id].sort());
    expect(res.body[a.id]).toEqual(a);
    expect(res.body[b.id].id).toBe(b.id);
  });

  it('answers an empty object for a user without profiles', async () => {
    const user = await t.signUp();
    const res = await t.get('/find/own/profiles/active', user);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });

  it('lists each profile with its links in sort order', async () => {
    const user = await t.signUp();
    const p = await createProfile(t, user);
    await createLink(t, user, p.id, { link: 'https://second.example' });
    await createLink(t, user, p.id, { link: 'https://first.example', sort: 1 });
    const res = await t.get('/find/own/profiles/active', user);
    expect(res.body[p.id].socialMediaLinks.map((l: { link: string; sort: number }) => [l.sort, l.link])).toEqual([
      [1, 'https://first.example'],
      [2, 'https://second.example'],
    ]);
  });
});

describe('POST /profile/show (public)', () => {
  it('answers { profile } without a token and with one', async () => {
    const p = await createProfile(t, owner, { firstName: 'Öffentlich' });
    const anonymous = await publicShow(p.id);
    expect(anonymous.status, anonymous.raw).toBe(200);
    expect(anonymous.body.profile).toMatchObject({ id: p.id, firstName: 'Öffentlich' });
    expect(publicProfileSchema.strict().safeParse(anonymous.body.profile).success).toBe(true);
    const withToken = await t.call({
      method: 'POST',
      url: '/profile/show',
      payload: { profileId: p.id },
      headers: { ...owner.auth, 'user-agent': BROWSER_UA },
    });
    expect(withToken.status).toBe(200);
    expect(withToken.body.profile.id).toBe(p.id);
  });

  it('answers 404 cmc/profile-not-found for an unknown profile', async () => {
    expectD4(await publicShow('unknownProfile1'), 404, 'cmc/profile-not-found');
  });
});

describe('POST /profile/update/short-link-id', () => {
  it('sets a new short link id and answers { profile }; the short link then finds the profile', async () => {
    const p = await createProfile(t, owner, { firstName: 'Kurt' });
    await createLink(t, owner, p.id, { type: 'instagram', link: 'https://instagram.com/kurt' });
    const res = await t.post('/profile/update/short-link-id', { profileId: p.id, shortLinkId: 'kurt2024' }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.profile).toMatchObject({ id: p.id, shortLinkId: 'kurt2024' });
    expect(profileSchema.safeParse(res.body.profile).success).toBe(true);

    const shown = await t.post('/profile/short-link/social-media-links/show', { shortLinkId: 'kurt2024' });
    expect(shown.status, shown.raw).toBe(200);
    expect(shown.body).toMatchObject({ firstName: 'Kurt', lastName: p.lastName, profileImagePath: null });
    expect(shown.body.socialMediaLinks).toHaveLength(1);
    expect(shown.body.socialMediaLinks[0]).toMatchObject({ type: 'instagram', link: 'https://instagram.com/kurt', sort: 1 });
  });

  it.each(['kurt-2024', 'kurt 2024', 'kürt', 'ab_c', 'x.y', 'a/b'])('refuses %j with 400 naming shortLinkId', async (shortLinkId) => {
    const p = await createProfile(t, owner);
    const body = expectD4(await t.post('/profile/update/short-link-id', { profileId: p.id, shortLinkId }, owner), 400);
    expect(body.field).toBe('shortLinkId');
    expect((await readOwnProfile(t, owner, p.id)).shortLinkId).toBe(p.shortLinkId);
  });

  it('refuses a short link id another profile holds with 409, also in other letter case', async () => {
    const other = await t.signUp();
    const theirs = await createProfile(t, other);
    expect((await t.post('/profile/update/short-link-id', { profileId: theirs.id, shortLinkId: 'takenId7' }, other)).status).toBe(200);
    const mine = await createProfile(t, owner);
    expectD4(await t.post('/profile/update/short-link-id', { profileId: mine.id, shortLinkId: 'takenId7' }, owner), 409, 'cmc/short-link-taken');
    expectD4(await t.post('/profile/update/short-link-id', { profileId: mine.id, shortLinkId: 'TAKENID7' }, owner), 409, 'cmc/short-link-taken');
    expect((await readOwnProfile(t, owner, mine.id)).shortLinkId).toBe(mine.shortLinkId);
  });

  it('refuses the current short link id with 400 cmc/short-link-unchanged', async () => {
    const p = await createProfile(t, owner);
    const body = expectD4(
      await t.post('/profile/update/short-link-id', { profileId: p.id, shortLinkId: p.shortLinkId }, owner),
      400,
      'cmc/short-link-unchanged',
    );
    expect(body.field).toBe('shortLinkId');
  });

  it('lets a profile change only the letter case of its own short link id', async () => {
    const p = await createProfile(t, owner);
    expect((await t.post('/profile/update/short-link-id', { profileId: p.id, shortLinkId: 'caseTest9' }, owner)).status).toBe(200);
    const res = await t.post('/profile/update/short-link-id', { profileId: p.id, shortLinkId: 'CASETEST9' }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.profile.shortLinkId).toBe('CASETEST9');
  });

  it('answers 404 cmc/card-not-registered for an unknown short link (SPEC 8)', async () => {
    expectD4(await t.post('/profile/short-link/social-media-links/show', { shortLinkId: 'noSuchLink' }), 404, 'cmc/card-not-registered');
  });
});

describe('POST /profile/delete (D8)', () => {
  it('soft-deletes a profile not in use: gone from lists, own reads and every public call', async () => {
    const p = await createProfile(t, owner);
    await createLink(t, owner, p.id);
    const res = await t.post('/profile/delete', { profileId: p.id }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ id: p.id, status: 'DELETED' });

    expect(Object.keys((await t.get('/find/own/profiles/active', owner)).body)).not.toContain(p.id);
    expectD4(await t.post('/find/own/profile/by-id', { profileId: p.id }, owner), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/profile/update', { id: p.id, firstName: 'Back' }, owner), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/profile/activate', { profileId: p.id }, owner), 404, 'cmc/profile-not-found');
    expectD4(await publicShow(p.id), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/social-media-links/show', { profileId: p.id }), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/profile/short-link/social-media-links/show', { shortLinkId: p.shortLinkId }), 404);
    expectD4(await t.get(`/download/generate-vcf-with-comment?profileId=${p.id}`), 404, 'cmc/profile-not-found');
    expectD4(await t.get(`/download/calendar?profileId=${p.id}&remindIn=1d`), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/send/contact', { profileId: p.id, senderEmail: 'visitor@example.com', language: 'en' }), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/profile/delete', { profileId: p.id }, owner), 404, 'cmc/profile-not-found');
  });

  it('refuses to remove a profile in use with 409 and keeps it', async () => {
    const card = await registerCard(t, owner);
    expectD4(await t.post('/profile/delete', { profileId: card.cardProfileId }, owner), 409, 'cmc/profile-in-use');
    const back = await readOwnProfile(t, owner, card.cardProfileId);
    expect(back).toMatchObject({ status: 'ACTIVE', isInUse: true });
    expect((await publicShow(card.cardProfileId)).status).toBe(200);
  });

  it('removes a profile once its card was moved to another profile', async () => {
    const card = await registerCard(t, owner);
    const other = await createProfile(t, owner);
    expect((await t.post('/card/profile/change', { cardId: card.cardId, profileId: other.id }, owner)).status).toBe(200);
    expect((await readOwnProfile(t, owner, card.cardProfileId)).isInUse).toBe(false);
    expect((await t.post('/profile/delete', { profileId: card.cardProfileId }, owner)).status).toBe(200);
  });
});

describe('POST /profile/activate and /profile/deactivate (D8)', () => {
  it('hides an inactive profile from every public call and shows it again when activated', async () => {
    const p = await createProfile(t, owner);
    const off = await t.post('/profile/deactivate', { profileId: p.id }, owner);
    expect(off.status, off.raw).toBe(200);
    expect(off.body).toMatchObject({ id: p.id, status: 'INACTIVE', isActive: false });

    expectD4(await publicShow(p.id), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/social-media-links/show', { profileId: p.id }), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/profile/short-link/social-media-links/show', { shortLinkId: p.shortLinkId }), 404);
    expectD4(await t.get(`/download/generate-vcf-with-comment?profileId=${p.id}`), 404);
    expectD4(await t.get(`/download/calendar?profileId=${p.id}`), 404);
    expectD4(await t.post('/send/contact', { profileId: p.id, senderEmail: 'visitor@example.com', language: 'de' }), 404, 'cmc/profile-not-found');
    // The owner still sees and edits it.
    expect((await readOwnProfile(t, owner, p.id)).status).toBe('INACTIVE');
    expect(Object.keys((await t.get('/find/own/profiles/active', owner)).body)).toContain(p.id);

    const on = await t.post('/profile/activate', { profileId: p.id }, owner);
    expect(on.status, on.raw).toBe(200);
    expect(on.body).toMatchObject({ id: p.id, status: 'ACTIVE', isActive: true });
    expect((await publicShow(p.id)).status).toBe(200);
  });

  it('makes the cards of an inactive profile show not found (D8)', async () => {
    const card = await registerCard(t, owner);
    expect((await t.post('/card/show', { cardId: card.cardId })).status).toBe(200);
    expect((await t.post('/profile/deactivate', { profileId: card.cardProfileId }, owner)).status).toBe(200);
    expectD4(await t.post('/card/show', { cardId: card.cardId }), 404, 'cmc/profile-not-found');
    expect((await t.post('/profile/activate', { profileId: card.cardProfileId }, owner)).status).toBe(200);
    expect((await t.post('/card/show', { cardId: card.cardId })).status).toBe(200);
  });

  it('does not count views of an inactive profile', async () => {
    const p = await createProfile(t, owner);
    await t.post('/profile/deactivate', { profileId: p.id }, owner);
    await publicShow(p.id);
    await t.post('/profile/activate', { profileId: p.id }, owner);
    expect((await readOwnProfile(t, owner, p.id)).profileViews).toBe(0);
  });
});

describe('GET /find/own/login-image (D15)', () => {
  it('answers loginImagePath null while no profile has an image', async () => {
    const user = await t.signUp();
    await createProfile(t, user);
    const res = await t.get('/find/own/login-image', user);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ loginImagePath: null });
  });
});
