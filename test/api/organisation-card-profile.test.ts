import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24: which company profile an organisation card shows when its member has several. The
 * admin's `POST /organisation/card/assign {profileId}` picks one of that member's company
 * profiles of this organisation; without it the oldest, as before. Any other profile is 404
 * naming `profileId`, and nothing changes.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** Mia has two company profiles (sales, then support) and a private one; Ben one company profile; a card of the organisation. */
async function team() {
  const [admin, mia, ben] = await quickOwners(t, 3);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  for (const who of [mia, ben]) await joinOrganisation(t, organisationId, admin, who);
  const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin))
    .body.templateId as string;
  const company = async (who: TestUser, profileName: string) => (await t.post('/profile/create', { templateId, profileName }, who)).body.id as string;
  const sales = await company(mia, 'Sales');
  const support = await company(mia, 'Support');
  const benProfile = await company(ben, 'Ben');
  const privateProfile = (await createProfile(t, mia, { profileName: 'Private' })).id;
  const [cardId] = await t.mintCards('rainbow', 1);
  await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
  return { organisationId, admin, mia, ben, cardId, sales, support, benProfile, privateProfile };
}
const assign = (who: TestUser, body: object) => t.post('/organisation/card/assign', body, who);
const shownBy = async (cardId: string) => (await t.get(`/card/${cardId}`)).headers.location as string;

describe('POST /organisation/card/assign {profileId}', () => {
  it('shows the company profile the admin picks, and the oldest without a pick', async () => {
    const { organisationId, admin, mia, cardId, sales, support } = await team();
    const picked = await assign(admin, { organisationId, cardId, userId: mia.userId, profileId: support });
    expect(picked.status, picked.raw).toBe(200);
    expect(picked.body).toMatchObject({ cardId, member: { userId: mia.userId }, profileId: support });
    expect(await shownBy(cardId)).toContain(`/p/${support}`);
    const list = (await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, admin)).body;
    expect(list.cards).toEqual([expect.objectContaining({ cardId, profileId: support })]);
    // What the admin may pick from: each member's company profiles, oldest first, never a private one.
    expect(list.companyProfiles.filter((p: { userId: string }) => p.userId === mia.userId)).toEqual([
      { userId: mia.userId, profileId: sales, name: 'Sales' },
      { userId: mia.userId, profileId: support, name: 'Support' },
    ]);
    // The member sees the card on that profile among their own cards.
    const own = (await t.get('/find/own/cards', mia)).body as Array<{ cardId: string; cardProfileId: string }>;
    expect(own.find((c) => c.cardId === cardId)?.cardProfileId).toBe(support);

    const oldest = await assign(admin, { organisationId, cardId, userId: mia.userId });
    expect(oldest.body.profileId).toBe(sales);
    expect(await shownBy(cardId)).toContain(`/p/${sales}`);
  });

  it('answers 404 naming profileId for the member’s private profile or another member’s company profile, and changes nothing', async () => {
    const { organisationId, admin, mia, cardId, sales, benProfile, privateProfile } = await team();
    await assign(admin, { organisationId, cardId, userId: mia.userId, profileId: sales });
    for (const profileId of [privateProfile, benProfile, 'unknownProfile1']) {
      expect(expectD4(await assign(admin, { organisationId, cardId, userId: mia.userId, profileId }), 404, 'cmc/profile-not-found').field).toBe('profileId');
    }
    expect(await shownBy(cardId)).toContain(`/p/${sales}`);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries;
    expect(audit.filter((e: { action: string }) => e.action === 'card.assign')).toHaveLength(1);
  });

  it('answers 400 naming profileId for a malformed id, 403 to a member, 404 to another organisation’s admin', async () => {
    const { organisationId, admin, mia, cardId, support } = await team();
    expect(expectD4(await assign(admin, { organisationId, cardId, userId: mia.userId, profileId: 'no spaces!' }), 400).field).toBe('profileId');
    expectD4(await assign(mia, { organisationId, cardId, userId: mia.userId, profileId: support }), 403, 'cmc/forbidden');
    const other = await team();
    expectD4(await assign(other.admin, { organisationId, cardId, userId: mia.userId, profileId: support }), 404, 'cmc/organisation-not-found');
    expectD4(await assign(other.admin, { organisationId: other.organisationId, cardId: other.cardId, userId: other.mia.userId, profileId: support }), 404);
  });

  it('does not take a company profile that says its owner left, after they were invited back', async () => {
    const { organisationId, admin, cardId } = await team();
    const returner = await t.signUp();
    await joinOrganisation(t, organisationId, admin, returner);
    const templateId = (await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, admin)).body.templates[0].templateId;
    const before = (await t.post('/profile/create', { templateId, profileName: 'Before' }, returner)).body.id as string;
    await t.post('/organisation/member/remove', { organisationId, userId: returner.userId }, admin);
    const signIn = await t.post('/api/auth/sign-in/email', { email: returner.email, password: returner.password });
    const again = { ...returner, auth: { authorization: `Bearer ${signIn.body.token}` } };
    await joinOrganisation(t, organisationId, admin, again);
    const after = (await t.post('/profile/create', { templateId, profileName: 'After' }, again)).body.id as string;
    const left = await assign(admin, { organisationId, cardId, userId: returner.userId, profileId: before });
    expect(expectD4(left, 404, 'cmc/profile-not-found').field).toBe('profileId');
    expect((await assign(admin, { organisationId, cardId, userId: returner.userId, profileId: after })).body.profileId).toBe(after);
  });
});

/**
 * Issue 33: the member holding an organisation's card could point it at a private profile
 * (`POST /card/profile/change`): the company card then showed a private number, its leads passed
 * the organisation by, and after the member's removal it still led to the private page. An
 * organisation's card shows only its holder's company profiles of that organisation, and only
 * the admins take it back (unassign, audited).
 */
describe("POST /card/profile/change and POST /card/delete on an organisation's card", () => {
  const change = (who: TestUser, cardId: string, profileId: string) => t.post('/card/profile/change', { cardId, profileId }, who);

  it('refuses a private profile with 403 cmc/organisation-card naming profileId, and the card keeps its company profile, also after the removal', async () => {
    const { organisationId, admin, mia, cardId, sales, privateProfile } = await team();
    await assign(admin, { organisationId, cardId, userId: mia.userId, profileId: sales });
    expect(expectD4(await change(mia, cardId, privateProfile), 403, 'cmc/organisation-card').field).toBe('profileId');
    expect(await shownBy(cardId)).toContain(`/p/${sales}`);
    const own = (await t.get('/find/own/cards', mia)).body as Array<{ cardId: string; cardProfileId: string; organisationCard: boolean }>;
    expect(own.find((c) => c.cardId === cardId)).toMatchObject({ cardProfileId: sales, organisationCard: true });
    // Leads left through the card stay on the company profile, and the removal leaves its notice, never the private page.
    await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin);
    expect(await shownBy(cardId)).toContain(`/p/${sales}`);
    expect(await shownBy(cardId)).not.toContain(privateProfile);
  });

  it("lets the member pick another of their company profiles of the organisation, never another member's or one that left", async () => {
    const { organisationId, admin, mia, cardId, sales, support, benProfile } = await team();
    await assign(admin, { organisationId, cardId, userId: mia.userId, profileId: sales });
    const byId = await t.post('/find/own/card/by-id', { cardId }, mia);
    expect(byId.body).toMatchObject({ organisationCard: true, profileChoices: [sales, support] });
    const moved = await change(mia, cardId, support);
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body).toMatchObject({ cardProfileId: support, organisationCard: true });
    expect(await shownBy(cardId)).toContain(`/p/${support}`);
    // Another member's company profile is not hers: 404, as for any profile of another account.
    expectD4(await change(mia, cardId, benProfile), 404, 'cmc/profile-not-found');
    expect(await shownBy(cardId)).toContain(`/p/${support}`);
  });

  it('refuses the member a reset of the card (403 cmc/organisation-card); the admins unassign it, audited', async () => {
    const { organisationId, admin, mia, cardId, sales } = await team();
    await assign(admin, { organisationId, cardId, userId: mia.userId, profileId: sales });
    expectD4(await t.post('/card/delete', { cardId }, mia), 403, 'cmc/organisation-card');
    expect(await shownBy(cardId)).toContain(`/p/${sales}`);
    const row = await t.app.db.selectFrom('card').select(['userId', 'organisationId']).where('id', '=', cardId).executeTakeFirstOrThrow();
    expect(row).toEqual({ userId: mia.userId, organisationId });
    expect((await t.post('/organisation/card/unassign', { organisationId, cardId }, admin)).status).toBe(200);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries;
    expect(audit.map((e: { action: string; target: string }) => `${e.action} ${e.target}`)).toContain(`card.unassign ${cardId}`);
  });

  it("leaves an owner's own card as it was: any of their profiles, and the reset", async () => {
    const [owner] = await quickOwners(t, 1);
    const [cardId] = await t.mintCards('rainbow', 1);
    expect((await t.post('/card/register', { cardId }, owner)).body).toMatchObject({ organisationCard: false, profileChoices: null });
    const other = (await createProfile(t, owner, { profileName: 'Other' })).id;
    expect((await change(owner, cardId, other)).body.cardProfileId).toBe(other);
    expect((await t.post('/card/delete', { cardId }, owner)).status).toBe(200);
  });

  it('answers 400 naming the field for malformed ids and 404 for a card of another account', async () => {
    const { organisationId, admin, mia, ben, cardId, sales, benProfile } = await team();
    await assign(admin, { organisationId, cardId, userId: mia.userId, profileId: sales });
    expect(expectD4(await change(mia, cardId, 'not an id!'), 400).field).toBe('profileId');
    expect(expectD4(await t.post('/card/delete', { cardId: 'no spaces!' }, mia), 400).field).toBe('cardId');
    expectD4(await change(ben, cardId, benProfile), 404, 'cmc/card-not-found');
    expectD4(await t.post('/card/delete', { cardId }, ben), 404, 'cmc/card-not-found');
    expect(await shownBy(cardId)).toContain(`/p/${sales}`);
  });
});
