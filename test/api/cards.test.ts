import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardSchema } from '../../shared/schemas/card.schema.ts';
import { publicProfileSchema } from '../../shared/schemas/public-profile.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, createProfile, expectD4, readOwnProfile, registerCard } from '../support/factories.ts';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

const SPEC_CARD_FIELDS = ['id', 'cardId', 'typeName', 'imagePath', 'qrCodePath', 'cardProfileId', 'cardProfileName', 'cardViews'];

/** A visitor scans the card (D10 counts card scans). */
const scan = (cardId: string) => t.app.features.cards.cards.openPublicCard(cardId, { userAgent: BROWSER_UA });

describe('POST /card/register (D6)', () => {
  it('registers a minted card, makes a profile for it and answers cardProfileId', async () => {
    const [cardId] = await t.mintCards('kingOfTheMoment', 1);
    const res = await t.post('/card/register', { cardId, firebaseUserEmail: owner.email }, owner);
    expect(res.status, res.raw).toBe(200);
    const card = res.body;
    expect(Object.keys(card)).toEqual(expect.arrayContaining(SPEC_CARD_FIELDS));
    expect(cardSchema.safeParse(card).success).toBe(true);
    expect(card).toMatchObject({ id: cardId, cardId, typeName: 'kingOfTheMoment', cardViews: 0 });
    expect(typeof card.cardProfileId).toBe('string');
    expect(card.qrCodePath).toBe(`/cards/${cardId}/qr.svg`);

    const profile = await readOwnProfile(t, owner, card.cardProfileId);
    expect(profile).toMatchObject({ isInUse: true, status: 'ACTIVE', businessEmailAddress: owner.email, userProfileId: owner.userId });
    expect(profile.profileName).not.toBe('');
    expect(card.cardProfileName).toBe(profile.profileName);
  });

  it('names the new profile after the edition in the language of Accept-Language', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    const res = await t.call({ method: 'POST', url: '/card/register', payload: { cardId }, headers: { ...owner.auth, 'accept-language': 'en-GB,en;q=0.9' } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.cardProfileName).toMatch(/rainbow/i);
  });

  it('issue 23: shows an existing profile of the owner when told so, and makes no new one', async () => {
    const profile = await createProfile(t, owner, { profileName: 'Work', firstName: 'Ada', lastName: 'Lovelace' });
    const before = Object.keys((await t.get('/find/own/profiles/active', owner)).body).length;
    const [cardId] = await t.mintCards('rainbow', 1);
    const res = await t.post('/card/register', { cardId, profileId: profile.id }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ cardId, cardProfileId: profile.id, cardProfileName: 'Work' });
    expect(Object.keys((await t.get('/find/own/profiles/active', owner)).body).length).toBe(before);
    expect((await readOwnProfile(t, owner, profile.id)).isInUse).toBe(true);
  });

  it('issue 23: a new profile for the card carries the name given', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    const res = await t.post('/card/register', { cardId, firstName: ' Grace ', lastName: 'Hopper' }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(await readOwnProfile(t, owner, res.body.cardProfileId)).toMatchObject({ firstName: 'Grace', lastName: 'Hopper' });
  });

  it('issue 23: another owner’s profile is not found, and the card stays unregistered', async () => {
    const other = await t.signUp();
    const theirs = await createProfile(t, other, { profileName: 'Theirs' });
    const [cardId] = await t.mintCards('rainbow', 1);
    expectD4(await t.post('/card/register', { cardId, profileId: theirs.id }, owner), 404, 'cmc/profile-not-found');
    expect((await t.post('/card/register', { cardId }, owner)).status).toBe(200);
  });

  it('issue 23: 400 names the field for a blank new name, both choices at once, or a name too long', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    const profile = await createProfile(t, owner, { profileName: 'Work' });
    const blank = await t.post('/card/register', { cardId, firstName: '  ', lastName: '' }, owner);
    expectD4(blank, 400);
    expect(blank.body.field).toBe('firstName');
    const both = await t.post('/card/register', { cardId, profileId: profile.id, firstName: 'Ada' }, owner);
    expectD4(both, 400);
    expect(both.body.field).toBe('profileId');
    const long = await t.post('/card/register', { cardId, lastName: 'x'.repeat(101) }, owner);
    expectD4(long, 400);
    expect(long.body.field).toBe('lastName');
    expect((await t.post('/card/register', { cardId, profileId: profile.id }, owner)).status).toBe(200);
  });

  it('answers 404 cmc/card-not-found for an id never minted', async () => {
    expectD4(await t.post('/card/register', { cardId: 'neverMinted1' }, owner), 404, 'cmc/card-not-found');
  });

  it('answers 409 cmc/card-already-registered for the caller’s own card and makes no second profile', async () => {
    const card = await registerCard(t, owner);
    const before = Object.keys((await t.get('/find/own/profiles/active', owner)).body).length;
    expectD4(await t.post('/card/register', { cardId: card.cardId }, owner), 409, 'cmc/card-already-registered');
    expect(Object.keys((await t.get('/find/own/profiles/active', owner)).body).length).toBe(before);
  });

  it('answers 409 cmc/card-already-registered for another user’s card and leaves it with its owner', async () => {
    const card = await registerCard(t, owner);
    const other = await t.signUp();
    expectD4(await t.post('/card/register', { cardId: card.cardId, firebaseUserEmail: other.email }, other), 409, 'cmc/card-already-registered');
    expect((await t.get('/find/own/profiles/active', other)).body).toEqual({});
    expect((await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner)).body.cardProfileId).toBe(card.cardProfileId);
  });

  it('registers the card to the token’s user whatever firebaseUserEmail says (D6)', async () => {
    const other = await t.signUp();
    const [cardId] = await t.mintCards('rainbow', 1);
    const res = await t.post('/card/register', { cardId, firebaseUserEmail: other.email }, owner);
    expect(res.status, res.raw).toBe(200);
    expect((await t.get('/find/own/cards', other)).body).toEqual([]);
    expect((await t.post('/find/own/card/by-id', { cardId }, owner)).status).toBe(200);
  });
});

describe('POST /card/check (issue 35: the registration screen checks an id at once)', () => {
  const check = async (cardId: string, who: TestUser) => {
    const res = await t.post('/card/check', { cardId }, who);
    expect(res.status, res.raw).toBe(200);
    return res.body.state as string;
  };

  it('answers ok for a minted free card, and registers nothing', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    const res = await t.post('/card/check', { cardId }, owner);
    expect(res.body).toEqual({ cardId, state: 'ok' });
    expect((await t.app.db.selectFrom('card').select('userId').where('id', '=', cardId).executeTakeFirstOrThrow()).userId).toBeNull();
  });

  it('says why POST /card/register would refuse: never minted, the caller’s own, another’s, an organisation’s or a blocked card', async () => {
    expect(await check('neverMinted2', owner)).toBe('not-found');
    const own = await registerCard(t, owner);
    expect(await check(own.cardId, owner)).toBe('yours');
    const other = await t.signUp();
    expect(await check(own.cardId, other)).toBe('registered');
    const organisationId = (await t.post('/organisation/create', { name: 'Check GmbH' }, other)).body.organisationId as string;
    const [companyCard, blockedCard] = await t.mintCards('rainbow', 2);
    expect((await t.post('/organisation/cards/register', { organisationId, cardIds: [companyCard] }, other)).status).toBe(200);
    expect(await check(companyCard, owner)).toBe('organisation');
    await t.app.features.cards.cards.setBlocked(blockedCard, true);
    expect(await check(blockedCard, owner)).toBe('blocked');
    // The same refusals as the registration itself.
    expectD4(await t.post('/card/register', { cardId: blockedCard }, owner), 409, 'cmc/card-blocked');
    expectD4(await t.post('/card/register', { cardId: companyCard }, owner), 409, 'cmc/card-already-registered');
  });

  it('answers 400 naming cardId for a malformed id, 401 without sign-in', async () => {
    expect(expectD4(await t.post('/card/check', { cardId: 'not an id!' }, owner), 400, 'cmc/invalid-input').field).toBe('cardId');
    expect(expectD4(await t.post('/card/check', {}, owner), 400, 'cmc/invalid-input').field).toBe('cardId');
    expectD4(await t.post('/card/check', { cardId: 'neverMinted3' }), 401, 'cmc/unauthorized');
  });

  it('is limited per owner: the 61st check in ten minutes is 429, another owner is not held back', async () => {
    const [prober, other] = [await t.signUp(), await t.signUp()];
    for (let i = 0; i < 60; i++) expect(await check(`probe${i}`, prober)).toBe('not-found');
    expectD4(await t.post('/card/check', { cardId: 'probe60' }, prober), 429, 'cmc/rate-limited');
    expect(await check('probe60', other)).toBe('not-found');
  });
});

describe('POST /card/show (public, D6)', () => {
  it('answers { profile } of a registered card without a token and with one', async () => {
    const card = await registerCard(t, owner);
    const res = await t.post('/card/show', { cardId: card.cardId });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.profile.id).toBe(card.cardProfileId);
    expect(publicProfileSchema.strict().safeParse(res.body.profile).success).toBe(true);
    expect((await t.post('/card/show', { cardId: card.cardId }, owner)).body.profile.id).toBe(card.cardProfileId);
  });

  it('answers 404 cmc/card-not-registered for a minted card without owner', async () => {
    const [cardId] = await t.mintCards('firstEditionDark', 1);
    expectD4(await t.post('/card/show', { cardId }), 404, 'cmc/card-not-registered');
  });

  it('answers 404 cmc/card-not-found for an id never minted', async () => {
    expectD4(await t.post('/card/show', { cardId: 'neverMinted2' }), 404, 'cmc/card-not-found');
  });
});

describe('owner card reads', () => {
  it('POST /find/own/card/by-id answers the card with its profile name and views', async () => {
    const card = await registerCard(t, owner, 'firstEditionSilver');
    await scan(card.cardId);
    const res = await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ cardId: card.cardId, typeName: 'firstEditionSilver', cardProfileId: card.cardProfileId, cardViews: 1 });
  });

  it('GET /find/own/cards lists exactly the caller’s cards', async () => {
    const user = await t.signUp();
    const a = await registerCard(t, user, 'firstEditionCoin');
    const b = await registerCard(t, user, 'firstEditionRose');
    await registerCard(t, owner);
    const res = await t.get('/find/own/cards', user);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.map((c: { cardId: string }) => c.cardId).sort()).toEqual([a.cardId, b.cardId].sort());
    for (const c of res.body) expect(cardSchema.safeParse(c).success).toBe(true);
  });

  it('POST /find/own/card/by-id answers 404 cmc/card-not-found for an unknown card', async () => {
    expectD4(await t.post('/find/own/card/by-id', { cardId: 'noSuchCard1' }, owner), 404, 'cmc/card-not-found');
  });
});

describe('POST /card/profile/change', () => {
  it('points the card at another own profile and moves isInUse with it', async () => {
    const card = await registerCard(t, owner);
    const target = await createProfile(t, owner, { profileName: 'Privat' });
    const res = await t.post('/card/profile/change', { cardId: card.cardId, profileId: target.id }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ cardId: card.cardId, cardProfileId: target.id, cardProfileName: 'Privat' });
    expect((await readOwnProfile(t, owner, target.id)).isInUse).toBe(true);
    expect((await readOwnProfile(t, owner, card.cardProfileId)).isInUse).toBe(false);
    expect((await t.post('/card/show', { cardId: card.cardId })).body.profile.id).toBe(target.id);
  });

  it('answers 404 cmc/profile-not-found for an unknown or removed profile and keeps the card as it was', async () => {
    const card = await registerCard(t, owner);
    expectD4(await t.post('/card/profile/change', { cardId: card.cardId, profileId: 'noSuchProfile' }, owner), 404, 'cmc/profile-not-found');
    const removed = await createProfile(t, owner);
    expect((await t.post('/profile/delete', { profileId: removed.id }, owner)).status).toBe(200);
    expectD4(await t.post('/card/profile/change', { cardId: card.cardId, profileId: removed.id }, owner), 404, 'cmc/profile-not-found');
    expect((await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner)).body.cardProfileId).toBe(card.cardProfileId);
  });

  it('answers 404 cmc/card-not-found for a card the caller does not hold', async () => {
    const p = await createProfile(t, owner);
    const [cardId] = await t.mintCards('rainbow', 1);
    expectD4(await t.post('/card/profile/change', { cardId, profileId: p.id }, owner), 404, 'cmc/card-not-found');
    expectD4(await t.post('/card/show', { cardId }), 404, 'cmc/card-not-registered');
  });
});

describe('POST /card/delete (D7)', () => {
  it('returns the card to unregistered with views 0, and it can be registered again', async () => {
    const card = await registerCard(t, owner);
    await scan(card.cardId);
    await scan(card.cardId);
    expect((await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner)).body.cardViews).toBe(2);

    const res = await t.post('/card/delete', { cardId: card.cardId }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ cardId: card.cardId, registered: false });

    expectD4(await t.post('/card/show', { cardId: card.cardId }), 404, 'cmc/card-not-registered');
    expectD4(await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner), 404, 'cmc/card-not-found');
    expect((await t.get('/find/own/cards', owner)).body.map((c: { cardId: string }) => c.cardId)).not.toContain(card.cardId);
    // The profile made at registration stays, no longer in use, so it can now be removed.
    expect((await readOwnProfile(t, owner, card.cardProfileId)).isInUse).toBe(false);

    const next = await t.signUp();
    const again = await t.post('/card/register', { cardId: card.cardId }, next);
    expect(again.status, again.raw).toBe(200);
    expect(again.body.cardViews).toBe(0);
    expect(again.body.cardProfileId).not.toBe(card.cardProfileId);
    expect((await t.post('/card/show', { cardId: card.cardId })).body.profile.id).toBe(again.body.cardProfileId);
  });

  it('answers 404 cmc/card-not-found for a card the caller does not hold', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    expectD4(await t.post('/card/delete', { cardId }, owner), 404, 'cmc/card-not-found');
    expectD4(await t.post('/card/delete', { cardId: 'neverMinted3' }, owner), 404, 'cmc/card-not-found');
  });
});
