import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Card } from '../../shared/schemas/card.schema.ts';
import type { Link } from '../../shared/schemas/link.schema.ts';
import type { Profile } from '../../shared/schemas/profile.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BOT_UA, createLink, createProfile, expectD4, multipartBody, pngImage, registerCard, upload } from '../support/factories.ts';

/**
 * Owner calls touch only the caller's own data: for every owner call of SPEC 7 a second
 * user gets 404 for the first user's ids (409 for card register, D6), a caller without a
 * token gets 401, and the first user's data reads back unchanged afterwards.
 */

let t: TestApp;
let alice: TestUser;
let mallory: TestUser;
let aliceProfile: Profile;
let aliceSpare: Profile;
let aliceLink: Link;
let aliceCard: Card & { cardProfileId: string };
let malloryProfile: Profile;
let malloryCard: Card & { cardProfileId: string };
let png: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  alice = await t.signUp();
  mallory = await t.signUp();
  png = await pngImage();
  aliceProfile = await createProfile(t, alice, { firstName: 'Alice' });
  aliceSpare = await createProfile(t, alice, { firstName: 'Spare' });
  aliceLink = await createLink(t, alice, aliceProfile.id);
  await createLink(t, alice, aliceProfile.id);
  expect((await upload(t, alice, 'profileImage', aliceProfile.id, png)).status).toBe(200);
  expect((await upload(t, alice, 'profileLogo', aliceProfile.id, png)).status).toBe(200);
  aliceCard = await registerCard(t, alice);
  malloryProfile = await createProfile(t, mallory);
  malloryCard = await registerCard(t, mallory);
});
afterAll(async () => t.close());

/** Everything Alice can read about her own data, as Alice. */
async function aliceState() {
  const read = async (url: string, body?: unknown) => {
    const res = body === undefined ? await t.get(url, alice) : await t.post(url, body, alice);
    expect(res.status, `${url} ${res.raw}`).toBe(200);
    return res.body;
  };
  return {
    profiles: await read('/find/own/profiles/active'),
    profile: await read('/find/own/profile/by-id', { profileId: aliceProfile.id }),
    spare: await read('/find/own/profile/by-id', { profileId: aliceSpare.id }),
    links: await read('/find/own/social-media-links/by-profile-id', { profileId: aliceProfile.id }),
    link: await read('/find/own/social-media-link/by-id', { socialMediaLinkId: aliceLink.id }),
    cards: await read('/find/own/cards'),
    card: await read('/find/own/card/by-id', { cardId: aliceCard.cardId }),
    loginImage: await read('/find/own/login-image'),
    // A crawler's view is not counted (D10), so reading the public profile changes nothing itself.
    publicProfile: (await t.call({ method: 'POST', url: '/profile/show', payload: { profileId: aliceProfile.id }, headers: { 'user-agent': BOT_UA } })).body,
  };
}

async function malloryCardState() {
  return (await t.post('/find/own/card/by-id', { cardId: malloryCard.cardId }, mallory)).body;
}

type Call = (user: TestUser | undefined) => Promise<{ status: number; body: any; raw: string }>;

const uploadCall =
  (kind: 'profileImage' | 'profileLogo'): Call =>
  (user) =>
    upload(t, user, kind, aliceProfile.id, png);

/** Every owner call of SPEC 7 aimed at Alice's data. */
const OWNER_CALLS: Array<[string, Call]> = [
  ['POST /profile/update', (u) => t.post('/profile/update', { id: aliceProfile.id, firstName: 'Hacked', profileName: 'Hacked' }, u)],
  ['POST /profile/save (her profile)', (u) => t.post('/profile/save', { profile: { id: aliceProfile.id, firstName: 'Hacked' }, links: [] }, u)],
  [
    'POST /profile/save (her link)',
    (u) =>
      t.post(
        '/profile/save',
        { profile: { id: malloryProfile.id }, links: [{ socialMediaLinkId: aliceLink.id, type: 'website', link: 'https://evil.example', name: 'Hacked' }] },
        u,
      ),
  ],
  ['POST /profile/delete', (u) => t.post('/profile/delete', { profileId: aliceSpare.id }, u)],
  ['POST /profile/activate', (u) => t.post('/profile/activate', { profileId: aliceProfile.id }, u)],
  ['POST /profile/deactivate', (u) => t.post('/profile/deactivate', { profileId: aliceProfile.id }, u)],
  ['POST /find/own/profile/by-id', (u) => t.post('/find/own/profile/by-id', { profileId: aliceProfile.id }, u)],
  ['POST /profile/update/short-link-id', (u) => t.post('/profile/update/short-link-id', { profileId: aliceProfile.id, shortLinkId: 'hijacked1' }, u)],
  [
    'POST /social-media-link/create',
    (u) => t.post('/social-media-link/create', { profileId: aliceProfile.id, type: 'website', link: 'https://evil.example', name: 'x', sort: 1 }, u),
  ],
  [
    'POST /social-media-link/update',
    (u) => t.post('/social-media-link/update', { socialMediaLinkId: aliceLink.id, link: 'https://evil.example', name: 'Hacked', sort: 2 }, u),
  ],
  ['POST /social-media-link/remove', (u) => t.post('/social-media-link/remove', { socialMediaLinkId: aliceLink.id }, u)],
  ['POST /find/own/social-media-link/by-id', (u) => t.post('/find/own/social-media-link/by-id', { socialMediaLinkId: aliceLink.id }, u)],
  ['POST /find/own/social-media-links/by-profile-id', (u) => t.post('/find/own/social-media-links/by-profile-id', { profileId: aliceProfile.id }, u)],
  ['POST /upload/profileImage', uploadCall('profileImage')],
  ['POST /upload/profileLogo', uploadCall('profileLogo')],
  ['POST /delete/profileLogo', (u) => t.post('/delete/profileLogo', { profileId: aliceProfile.id }, u)],
  ['POST /find/own/card/by-id', (u) => t.post('/find/own/card/by-id', { cardId: aliceCard.cardId }, u)],
  ['POST /card/delete', (u) => t.post('/card/delete', { cardId: aliceCard.cardId }, u)],
  [
    'POST /card/profile/change (her card)',
    (u) => t.post('/card/profile/change', { cardId: aliceCard.cardId, profileId: u ? malloryProfile.id : aliceSpare.id }, u),
  ],
  ['POST /card/profile/change (her profile)', (u) => t.post('/card/profile/change', { cardId: malloryCard.cardId, profileId: aliceSpare.id }, u)],
  ['GET /wallet/download/{cardId}', (u) => t.get(`/wallet/download/${aliceCard.cardId}`, u)],
  ['POST /wallet/google/save-url', (u) => t.post('/wallet/google/save-url', { cardId: aliceCard.cardId }, u)],
];

describe('a second user', () => {
  it.each(OWNER_CALLS)('gets 404 from %s on the first user’s ids and changes nothing', async (_name, call) => {
    const before = await aliceState();
    const malloryBefore = await malloryCardState();
    expectD4(await call(mallory), 404);
    expect(await aliceState()).toEqual(before);
    expect(await malloryCardState()).toEqual(malloryBefore);
  });

  it('gets 409 from POST /card/register on the first user’s card and changes nothing (D6)', async () => {
    const before = await aliceState();
    const malloryProfiles = (await t.get('/find/own/profiles/active', mallory)).body;
    expectD4(await t.post('/card/register', { cardId: aliceCard.cardId, firebaseUserEmail: alice.email }, mallory), 409, 'cmc/card-already-registered');
    expect(await aliceState()).toEqual(before);
    expect((await t.get('/find/own/profiles/active', mallory)).body).toEqual(malloryProfiles);
  });

  it('sees none of the first user’s profiles, cards or images in the list calls', async () => {
    const profiles = await t.get('/find/own/profiles/active', mallory);
    expect(Object.keys(profiles.body).sort()).toEqual([malloryProfile.id, malloryCard.cardProfileId].sort());
    const cards = await t.get('/find/own/cards', mallory);
    expect(cards.body.map((c: Card) => c.cardId)).toEqual([malloryCard.cardId]);
    const image = await t.get('/find/own/login-image', mallory);
    expect(image.body).toEqual({ loginImagePath: null });
    // The first user does have one, so the null above is not an accident.
    expect((await t.get('/find/own/login-image', alice)).body.loginImagePath).toMatch(/^\/media\//);
  });
});

describe('a caller without a token', () => {
  const LIST_CALLS: Array<[string, Call]> = [
    ['GET /find/own/profiles/active', (u) => t.get('/find/own/profiles/active', u)],
    ['GET /find/own/cards', (u) => t.get('/find/own/cards', u)],
    ['GET /find/own/login-image', (u) => t.get('/find/own/login-image', u)],
    ['POST /profile/create', (u) => t.post('/profile/create', { profileName: 'Anonymous' }, u)],
    ['POST /card/register', (u) => t.post('/card/register', { cardId: aliceCard.cardId }, u)],
  ];

  it.each([...OWNER_CALLS, ...LIST_CALLS])('gets 401 cmc/unauthorized from %s and changes nothing', async (_name, call) => {
    const before = await aliceState();
    expectD4(await call(undefined), 401, 'cmc/unauthorized');
    expect(await aliceState()).toEqual(before);
  });

  it.each([
    ['a made-up token', 'Bearer not-a-real-session-token'],
    ['an empty bearer', 'Bearer '],
    ['another scheme', `Basic ${Buffer.from('a:b').toString('base64')}`],
  ])('gets 401 with %s', async (_name, authorization) => {
    const res = await t.call({ method: 'GET', url: '/find/own/profiles/active', headers: { authorization } });
    expectD4(res, 401, 'cmc/unauthorized');
  });

  it('gets 401 from a multipart upload before anything is stored', async () => {
    const body = await multipartBody({ profileId: aliceProfile.id }, { field: 'profileImage', data: png, filename: 'a.png', contentType: 'image/png' });
    const before = await aliceState();
    expectD4(await t.call({ method: 'POST', url: '/upload/profileImage', payload: body.payload, headers: body.headers }), 401, 'cmc/unauthorized');
    expect(await aliceState()).toEqual(before);
  });
});
