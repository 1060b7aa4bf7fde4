import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAMP_CACHE_MS } from '../../server/features/profiles/profile-stamps.ts';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24's offboarding, POST /organisation/member/remove with `cardsTo` and `leadsTo`: the
 * member's sessions end, their organisation cards and company leads move, their company profile
 * says in de and en that they left (never a 404), and nothing of their private profiles moves.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const VALUES = { companyName: 'Acme GmbH', companyWebsiteUrl: 'https://acme.example', businessPhoneNumber: '+49 221 1234' };

/** Mia leaves; Ben stays. Both have a company profile; Mia also a private one; Mia holds an organisation card; leads on both of Mia's profiles. */
async function team({ leads = true } = {}) {
  const [admin, mia, ben, newbie] = await quickOwners(t, 4);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  for (const who of [mia, ben, newbie]) await joinOrganisation(t, organisationId, admin, who);
  const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: VALUES, locked: [] }, admin)).body
    .templateId as string;
  const company = async (who: TestUser, firstName: string) =>
    (await t.post('/profile/create', { templateId, firstName, lastName: 'Muster' }, who)).body.id as string;
  const miaProfile = await company(mia, 'Mia');
  const benProfile = await company(ben, 'Ben');
  const privateProfile = (await createProfile(t, mia, { firstName: 'Mia', lastName: 'Privat', companyName: 'Side project' })).id;
  const [cardId] = await t.mintCards('rainbow', 1);
  await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
  expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: mia.userId }, admin)).status).toBe(200);
  // The contact form's limits count per client address, which is the same for this whole suite: only where leads matter.
  if (leads)
    for (const profileId of [miaProfile, privateProfile])
      expect((await t.post('/send/contact', { profileId, senderEmail: `visitor-${profileId.toLowerCase()}@example.net`, language: 'en' })).status).toBe(200);
  return { organisationId, admin, mia, ben, newbie, cardId, miaProfile, benProfile, privateProfile };
}
const leadsOn = async (profileId: string) =>
  (await t.app.db.selectFrom('lead').select('email').where('profileId', '=', profileId).execute()).map((r) => r.email);
const profileRow = (id: string) => t.app.db.selectFrom('profile').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('POST /organisation/member/remove {cardsTo, leadsTo} (offboarding)', () => {
  it('ends the sessions, hands the cards and company leads over and leaves the private profile and its leads alone', async () => {
    const { organisationId, admin, mia, ben, cardId, miaProfile, benProfile, privateProfile } = await team();
    const privateBefore = await profileRow(privateProfile);
    const removed = await t.post('/organisation/member/remove', { organisationId, userId: mia.userId, cardsTo: ben.userId, leadsTo: ben.userId }, admin);
    expect(removed.status, removed.raw).toBe(200);

    expectD4(await t.get('/find/own/cards', mia), 401, 'cmc/unauthorized');
    expect(await t.app.db.selectFrom('session').select('id').where('userId', '=', mia.userId).execute()).toEqual([]);
    const cards = (await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, admin)).body.cards;
    expect(cards).toEqual([expect.objectContaining({ cardId, member: expect.objectContaining({ userId: ben.userId }) })]);
    expect((await t.get(`/card/${cardId}`)).headers.location).toContain(`/p/${benProfile}`);
    expect(await leadsOn(benProfile)).toEqual([`visitor-${miaProfile.toLowerCase()}@example.net`]);
    expect(await leadsOn(miaProfile)).toEqual([]);
    expect(await leadsOn(privateProfile)).toEqual([`visitor-${privateProfile.toLowerCase()}@example.net`]);
    expect(await profileRow(privateProfile)).toEqual(privateBefore);

    const actions = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries.map(
      (e: { action: string; target: string; detail: string }) => `${e.action} ${e.target} ${e.detail}`,
    );
    expect(actions.slice(0, 3).sort()).toEqual(
      [`member.remove ${mia.email} `, `card.assign ${cardId} ${mia.email} → ${ben.email}`, `leads.transfer ${mia.email} 1 → ${ben.email}`].sort(),
    );
  });

  it('shows, in de and en, that the person no longer works there with the company’s contact on the company profile’s page and the unassigned card', async () => {
    const { organisationId, admin, mia, cardId, miaProfile, privateProfile } = await team();
    const before = await t.get(`/p/${miaProfile}?lng=en`);
    expect(before.raw).toContain('Mia');
    expect(before.raw).not.toContain('no longer works');
    expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin)).status).toBe(200);

    const cards = (await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, admin)).body.cards;
    expect(cards[0].member).toBeNull();
    const scan = await t.get(`/card/${cardId}`);
    expect(scan.headers.location).toContain(`/p/${miaProfile}`);
    const en = await t.get(`/p/${miaProfile}?lng=en`);
    expect(en.status).toBe(200);
    expect(en.raw).toContain('Mia Muster no longer works at Acme GmbH');
    expect(en.raw).toContain('href="https://acme.example/"');
    expect(en.raw).toContain('href="tel:+492211234"');
    // Issue 35: the language switch and a button that saves the company's contact (the former member's vCard is the company's).
    expect(en.raw).toContain('href="?lng=de"');
    expect(en.raw).toContain(`href="/download/generate-vcf-with-comment?profileId=${miaProfile}"`);
    expect(en.raw).toContain('Save Acme GmbH as a contact');
    const vcard = (await t.get(`/download/generate-vcf-with-comment?profileId=${miaProfile}`)).raw;
    expect(vcard).toContain('FN;CHARSET=utf-8:Acme GmbH');
    expect(vcard).toContain('URL;TYPE=WORK:https://acme.example/');
    expect(en.raw).toContain('<meta name="robots" content="noindex"');
    const de = await t.get(`/p/${miaProfile}?lng=de`);
    expect(de.status).toBe(200);
    expect(de.raw).toContain('Mia Muster arbeitet nicht mehr bei Acme GmbH');
    expect(de.raw).toContain('Bitte wenden Sie sich direkt an Acme GmbH.');
    expect(de.raw).toContain('Acme GmbH als Kontakt speichern');
    expect(Buffer.byteLength(de.raw)).toBeLessThan(14 * 1024);
    // The link-in-bio address of the company profile says the same, never the person's links.
    const { shortLinkId } = await profileRow(miaProfile);
    const bio = await t.get(`/l/${shortLinkId}?lng=en`);
    expect(bio.status).toBe(200);
    expect(bio.raw).toContain('Mia Muster no longer works at Acme GmbH');
    const own = await t.get(`/p/${privateProfile}?lng=en`);
    expect(own.raw).toContain('Privat');
    expect(own.raw).not.toContain('no longer works');
    // The remover has no company profile to take them: the leads stayed on the profile, which
    // stays the former member's (POST /organisation/leads/transfer moves them later).
    expect(await leadsOn(miaProfile)).toEqual([`visitor-${miaProfile.toLowerCase()}@example.net`]);
  });

  it('without leadsTo moves the company leads to the removing admin’s company profile, and says so (issue 35)', async () => {
    const { organisationId, admin, mia, miaProfile, privateProfile } = await team();
    const templateId = (await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, admin)).body.templates[0].templateId as string;
    const adminProfile = (await t.post('/profile/create', { templateId, firstName: 'Ada', lastName: 'Admin' }, admin)).body.id as string;
    const members = (await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, admin)).body.members as {
      userId: string;
      hasCompanyProfile: boolean;
    }[];
    expect(members.find((m) => m.userId === admin.userId)?.hasCompanyProfile).toBe(true);

    const removed = await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin);
    expect(removed.status, removed.raw).toBe(200);
    expect(removed.body).toEqual({ userId: mia.userId, removed: true, leadsTo: admin.userId });
    expect(await leadsOn(adminProfile)).toEqual([`visitor-${miaProfile.toLowerCase()}@example.net`]);
    expect(await leadsOn(miaProfile)).toEqual([]);
    // A private profile's leads are never the company's.
    expect(await leadsOn(privateProfile)).toEqual([`visitor-${privateProfile.toLowerCase()}@example.net`]);
    // They stay in the team's contacts, now the admin's.
    const listed = (await t.get(`/find/own/organisation/leads?organisationId=${organisationId}`, admin)).body.leads as { memberId: string }[];
    expect(listed.map((l) => l.memberId)).toEqual([admin.userId]);
    const actions = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries.map(
      (e: { action: string; target: string; detail: string }) => `${e.action} ${e.target} ${e.detail}`,
    );
    expect(actions).toContain(`leads.transfer ${mia.email} 1 → ${admin.email}`);
  });

  it("shows the organisation's brand and a website typed without https:// on a former member's page (issue 35)", async () => {
    const [admin, mia] = await quickOwners(t, 2);
    const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#6d28d9' }, admin)).body.organisationId as string;
    await joinOrganisation(t, organisationId, admin, mia);
    const values = { companyName: 'Acme GmbH', companyWebsiteUrl: 'www.acme.example/kontakt', businessPhoneNumber: '' };
    const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values, locked: [] }, admin)).body.templateId;
    const profileId = (await t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster' }, mia)).body.id as string;
    expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin)).status).toBe(200);
    const page = (await t.get(`/p/${profileId}?lng=en`)).raw;
    expect(page).toContain('Mia Muster no longer works at Acme GmbH');
    expect(page).toContain('href="https://www.acme.example/kontakt"');
    expect(page).toContain('--acc:#6d28d9');
  });

  it('refuses a receiver who is no member (404 naming the field) or has no company profile (409), and changes nothing then', async () => {
    const { organisationId, admin, mia, newbie, cardId, miaProfile } = await team({ leads: false });
    const other = await team({ leads: false });
    const remove = (extra: object) => t.post('/organisation/member/remove', { organisationId, userId: mia.userId, ...extra }, admin);
    expect(expectD4(await remove({ cardsTo: other.ben.userId }), 404, 'cmc/member-not-found').field).toBe('cardsTo');
    expect(expectD4(await remove({ leadsTo: newbie.userId }), 409, 'cmc/no-company-profile').field).toBe('leadsTo');
    expect(expectD4(await remove({ leadsTo: mia.userId }), 400, 'cmc/invalid-input').field).toBe('leadsTo');
    expect(expectD4(await remove({ cardsTo: 'not an id' }), 400, 'cmc/invalid-input').field).toBe('cardsTo');
    expect((await t.get('/find/own/organisation', mia)).status).toBe(200);
    expect((await t.get(`/card/${cardId}`)).headers.location).toContain(`/p/${miaProfile}`);
    expect((await profileRow(miaProfile)).leftCompany).toBeNull();
    expectD4(
      await t.post('/organisation/member/remove', { organisationId, userId: mia.userId, cardsTo: admin.userId }, other.admin),
      404,
      'cmc/organisation-not-found',
    );
    expectD4(await t.post('/organisation/member/remove', { organisationId, userId: newbie.userId }, mia), 403, 'cmc/forbidden');
  });

  it('shows the left page on another instance within the stamp time, which had the profile page cached', async () => {
    const { organisationId, admin, mia, miaProfile } = await team({ leads: false });
    const other = await t.secondInstance();
    try {
      expect((await other.get(`/p/${miaProfile}?lng=en`)).raw).not.toContain('no longer works');
      expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin)).status).toBe(200);
      if (!process.env.REDIS_URL) await new Promise((r) => setTimeout(r, STAMP_CACHE_MS + 100));
      expect((await other.get(`/p/${miaProfile}?lng=en`)).raw).toContain('Mia Muster no longer works at Acme GmbH');
    } finally {
      await other.close();
    }
  });

  it('lets the former member delete the left company profile: it is theirs', async () => {
    const { organisationId, admin, mia, miaProfile } = await team({ leads: false });
    expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin)).status).toBe(200);
    // Signed in again after the removal ended their sessions.
    const session = await (await t.app.auth.$context).internalAdapter.createSession(mia.userId, false);
    const again = { ...mia, token: session.token, auth: { authorization: `Bearer ${session.token}` } };
    const deleted = await t.post('/profile/delete', { profileId: miaProfile }, again);
    expect(deleted.status, deleted.raw).toBe(200);
  });
});
