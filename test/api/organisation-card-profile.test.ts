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
