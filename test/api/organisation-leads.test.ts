import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEADS_PAGE_SIZE } from '../../shared/schemas/lead.schema.ts';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24's organisation leads, GET /find/own/organisation/leads and GET
 * /download/organisation-leads.csv: admins see the leads of the members' company profiles (never
 * of private ones), by member, paged, and as CSV in de and en with formulas defused; each export
 * is audited. A member gets 403, another organisation's admin 404, nobody signed in 401.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let sequence = 0;
/** Stores a lead as the contact form does (the form's per-address limit would stop a suite that needs dozens). */
async function lead(profileId: string, fields: { email?: string; name?: string; created?: number } = {}) {
  const id = `LeadT${++sequence}x${Math.random().toString(36).slice(2, 10)}`;
  const email = fields.email ?? `visitor-${sequence}@example.net`;
  const created = fields.created ?? Date.now() - 60_000 + sequence;
  await t.app.db
    .insertInto('lead')
    .values({
      id,
      profileId,
      email,
      language: 'en',
      created,
      name: fields.name ?? '',
      phone: '',
      company: '',
      message: '',
      consentText: 'I agree.',
      consentVersion: '2026-11-25',
      consentAt: created,
      source: 'qr',
      cardId: '',
      status: 'new',
      searchText: email,
    })
    .execute();
  return { id, email };
}

/** An organisation: admin, two members with company profiles; Mia also has a private profile. */
async function team() {
  const [admin, mia, ben] = await quickOwners(t, 3);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin, mia);
  await joinOrganisation(t, organisationId, admin, ben);
  await t.post('/organisation/member/role', { organisationId, userId: mia.userId, role: 'member' }, admin);
  const templateId = (
    await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: [] }, admin)
  ).body.templateId as string;
  const company = async (who: TestUser, firstName: string) =>
    (await t.post('/profile/create', { templateId, firstName, lastName: 'Muster' }, who)).body.id as string;
  const miaProfile = await company(mia, 'Mia');
  const benProfile = await company(ben, 'Ben');
  const privateProfile = (await createProfile(t, mia, { firstName: 'Mia', lastName: 'Privat' })).id;
  return { organisationId, admin, mia, ben, miaProfile, benProfile, privateProfile };
}

const list = (query: string, user?: TestUser) => t.get(`/find/own/organisation/leads?${query}`, user);

describe('GET /find/own/organisation/leads', () => {
  it('shows the leads of the members’ company profiles with member, profile, consent and source, never of a private profile', async () => {
    const { organisationId, admin, mia, ben, miaProfile, benProfile, privateProfile } = await team();
    const sent = await t.post('/send/contact', { profileId: miaProfile, senderEmail: 'real-visitor@example.net', language: 'de' });
    expect(sent.status, sent.raw).toBe(200);
    const toBen = await lead(benProfile, { created: Date.now() + 1000 });
    const secret = await lead(privateProfile);

    const res = await list(`organisationId=${organisationId}`, admin);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.nextCursor).toBeNull();
    expect(res.body.leads.map((l: { email: string }) => l.email)).toEqual([toBen.email, 'real-visitor@example.net']);
    expect(res.body.leads[0]).toMatchObject({ memberId: ben.userId, memberEmail: ben.email, profileId: benProfile, profileName: 'Ben Muster', source: 'qr' });
    expect(res.body.leads[1]).toMatchObject({
      memberId: mia.userId,
      memberEmail: mia.email,
      memberName: mia.email.split('@')[0],
      profileId: miaProfile,
      language: 'de',
      consentVersion: expect.any(String),
      consentAt: expect.any(Number),
    });
    expect(res.raw).not.toContain(secret.email);
    // The member keeps seeing their own leads, the private one included.
    const own = (await t.get('/find/own/leads', mia)).body.leads.map((l: { email: string }) => l.email);
    expect(own.sort()).toEqual(['real-visitor@example.net', secret.email].sort());
  });

  it('filters by member and pages newest first', async () => {
    const { organisationId, admin, mia, ben, miaProfile, benProfile } = await team();
    const base = Date.now() - 1_000_000;
    for (let i = 0; i < LEADS_PAGE_SIZE + 5; i++) await lead(miaProfile, { created: base + i });
    const bens = await lead(benProfile, { created: base + 500 });

    const first = await list(`organisationId=${organisationId}&memberId=${mia.userId}`, admin);
    expect(first.status, first.raw).toBe(200);
    expect(first.body.leads).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.body.leads.every((l: { memberId: string }) => l.memberId === mia.userId)).toBe(true);
    const times = first.body.leads.map((l: { created: number }) => l.created);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const second = await list(`organisationId=${organisationId}&memberId=${mia.userId}&cursor=${first.body.nextCursor}`, admin);
    expect(second.body.leads).toHaveLength(5);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.leads[4].created).toBe(base);

    const onlyBen = await list(`organisationId=${organisationId}&memberId=${ben.userId}`, admin);
    expect(onlyBen.body.leads.map((l: { email: string }) => l.email)).toEqual([bens.email]);
  });

  it('counts leads an offboarding moved to another member for that member', async () => {
    const { organisationId, admin, mia, ben, miaProfile } = await team();
    const moved = await lead(miaProfile);
    expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId, leadsTo: ben.userId }, admin)).status).toBe(200);
    const res = await list(`organisationId=${organisationId}&memberId=${ben.userId}`, admin);
    expect(res.body.leads).toEqual([expect.objectContaining({ id: moved.id, memberId: ben.userId })]);
  });

  it('answers a member 403, another organisation’s admin 404 for every id, anonymous 401 and bad input 400 naming the field', async () => {
    const { organisationId, admin, mia, ben } = await team();
    const other = await team();
    expectD4(await list(`organisationId=${organisationId}`, mia), 403, 'cmc/forbidden');
    expectD4(await list(`organisationId=${organisationId}`, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await list(`organisationId=${organisationId}&memberId=${ben.userId}`, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await list(`organisationId=NoSuchOrganisation1`, other.admin), 404, 'cmc/organisation-not-found');
    expect(expectD4(await list(`organisationId=${organisationId}&memberId=${other.ben.userId}`, admin), 404, 'cmc/member-not-found').field).toBe('memberId');
    expectD4(await list(`organisationId=${organisationId}`), 401, 'cmc/unauthorized');
    expect(expectD4(await list('', admin), 400, 'cmc/invalid-input').field).toBe('organisationId');
    expect(expectD4(await list(`organisationId=${organisationId}&cursor=x`, admin), 400, 'cmc/invalid-input').field).toBe('cursor');
  });
});

describe('GET /download/organisation-leads.csv', () => {
  it('exports in de and en with the member columns first and a formula defused, and audits each export', async () => {
    const { organisationId, admin, mia, miaProfile, privateProfile } = await team();
    await lead(miaProfile, { name: '=HYPERLINK("http://evil.example")', email: 'formula@example.net' });
    await lead(privateProfile, { email: 'private@example.net' });

    const en = await t.get(`/download/organisation-leads.csv?organisationId=${organisationId}&lng=en`, admin);
    expect(en.status, en.raw).toBe(200);
    expect(en.headers['content-type']).toContain('text/csv');
    expect(en.raw.startsWith('\ufeff"Member","Member e-mail","Received (')).toBe(true);
    expect(en.raw).toContain(`"${mia.email}"`);
    expect(en.raw).toContain(`"'=HYPERLINK(""http://evil.example"")"`);
    expect(en.raw).not.toContain('private@example.net');
    const de = await t.get(`/download/organisation-leads.csv?organisationId=${organisationId}&memberId=${mia.userId}&lng=de`, admin);
    expect(de.status, de.raw).toBe(200);
    expect(de.raw.startsWith('\ufeff"Mitglied","E-Mail des Mitglieds","Eingegangen (')).toBe(true);
    expect(de.raw.trimEnd().split('\r\n')).toHaveLength(2);

    const entries = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries as Array<Record<string, string>>;
    const exports = entries.filter((e) => e.action === 'leads.export');
    expect(exports).toHaveLength(2);
    expect(exports.every((e) => e.actorEmail === admin.email)).toBe(true);
    expect(exports.map((e) => e.target)).toContain(mia.email);
  });

  it('answers a member 403, another organisation’s admin 404, anonymous 401 and bad input 400', async () => {
    const { organisationId, mia } = await team();
    const other = await team();
    const csv = (query: string, user?: TestUser) => t.get(`/download/organisation-leads.csv?${query}`, user);
    expectD4(await csv(`organisationId=${organisationId}`, mia), 403, 'cmc/forbidden');
    expectD4(await csv(`organisationId=${organisationId}`, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await csv(`organisationId=${organisationId}`), 401, 'cmc/unauthorized');
    expect(expectD4(await csv(`organisationId=${organisationId}&memberId=${'x'.repeat(200)}`, other.admin), 400, 'cmc/invalid-input').field).toBe('memberId');
  });
});

describe('POST /organisation/leads/transfer and GET /find/own/organisation/former-members (issue 35)', () => {
  /** Mia leaves with two company leads (the admin has no company profile, so they stay on hers); her private lead is hers alone. */
  async function formerMia() {
    const team0 = await team();
    const { organisationId, admin, mia, miaProfile, privateProfile } = team0;
    const leads = [await lead(miaProfile), await lead(miaProfile)];
    await lead(privateProfile);
    const removed = await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin);
    expect(removed.body.leadsTo).toBeNull();
    return { ...team0, leads };
  }
  const former = (organisationId: string, who?: TestUser) => t.get(`/find/own/organisation/former-members?organisationId=${organisationId}`, who);
  const transfer = (body: object, who?: TestUser) => t.post('/organisation/leads/transfer', body, who);

  it('lists a former member with the leads left on their company profile, and moves them to a member at any time, audited', async () => {
    const { organisationId, admin, mia, ben, benProfile, leads } = await formerMia();
    expect((await list(`organisationId=${organisationId}`, admin)).body.leads).toEqual([]);
    const before = await former(organisationId, admin);
    expect(before.status, before.raw).toBe(200);
    expect(before.body).toEqual({ formerMembers: [{ userId: mia.userId, email: mia.email, name: mia.email.split('@')[0], leads: 2 }] });

    const moved = await transfer({ organisationId, fromUserId: mia.userId, toUserId: ben.userId }, admin);
    expect(moved.status, moved.raw).toBe(200);
    expect(moved.body).toEqual({ fromUserId: mia.userId, toUserId: ben.userId, moved: 2 });
    // Back in the team's contacts and its CSV, as Ben's.
    const listed = (await list(`organisationId=${organisationId}`, admin)).body.leads as { email: string; memberId: string; profileId: string }[];
    expect(listed.map((l) => [l.email, l.memberId, l.profileId]).sort()).toEqual(leads.map((l) => [l.email, ben.userId, benProfile]).sort());
    const csv = await t.get(`/download/organisation-leads.csv?organisationId=${organisationId}&lng=en`, admin);
    for (const l of leads) expect(csv.raw).toContain(l.email);
    expect((await former(organisationId, admin)).body.formerMembers).toEqual([expect.objectContaining({ userId: mia.userId, leads: 0 })]);
    const actions = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries.map(
      (e: { action: string; target: string; detail: string }) => `${e.action} ${e.target} ${e.detail}`,
    );
    expect(actions).toContain(`leads.transfer ${mia.email} 2 → ${ben.email}`);
    // Nothing left to move is no error: it moves none.
    expect((await transfer({ organisationId, fromUserId: mia.userId, toUserId: ben.userId }, admin)).body.moved).toBe(0);
  });

  it('answers bad input 400 naming the field, a current member or stranger as source 404 naming fromUserId, a receiver who cannot take them 404/409 naming toUserId', async () => {
    const { organisationId, admin, mia, ben } = await formerMia();
    const body = { organisationId, fromUserId: mia.userId, toUserId: ben.userId };
    expect(expectD4(await transfer({ ...body, toUserId: mia.userId }, admin), 400, 'cmc/invalid-input').field).toBe('toUserId');
    expect(expectD4(await transfer({ organisationId, toUserId: ben.userId }, admin), 400, 'cmc/invalid-input').field).toBe('fromUserId');
    expect(expectD4(await transfer({ ...body, toUserId: 'not an id' }, admin), 400, 'cmc/invalid-input').field).toBe('toUserId');
    expect(expectD4(await transfer({ ...body, organisationId: undefined }, admin), 400, 'cmc/invalid-input').field).toBe('organisationId');
    expect(expectD4(await former('', admin), 400, 'cmc/invalid-input').field).toBe('organisationId');
    expect(expectD4(await transfer({ ...body, fromUserId: ben.userId, toUserId: admin.userId }, admin), 404, 'cmc/member-not-found').field).toBe('fromUserId');
    const stranger = await team();
    expect(expectD4(await transfer({ ...body, fromUserId: stranger.ben.userId }, admin), 404, 'cmc/member-not-found').field).toBe('fromUserId');
    // The receiver: not a member (another organisation's), or a member without a company profile (the admin).
    expect(expectD4(await transfer({ ...body, toUserId: stranger.ben.userId }, admin), 404, 'cmc/member-not-found').field).toBe('toUserId');
    expect(expectD4(await transfer({ ...body, toUserId: admin.userId }, admin), 409, 'cmc/no-company-profile').field).toBe('toUserId');
    // Nothing moved meanwhile.
    expect((await former(organisationId, admin)).body.formerMembers[0].leads).toBe(2);
  });

  it('answers a member 403, another organisation’s admin 404 for every id, anonymous 401', async () => {
    const { organisationId, admin, mia, ben } = await formerMia();
    const other = await team();
    const body = { organisationId, fromUserId: mia.userId, toUserId: ben.userId };
    expectD4(await transfer(body, ben), 403, 'cmc/forbidden');
    expectD4(await former(organisationId, ben), 403, 'cmc/forbidden');
    expectD4(await transfer(body, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await former(organisationId, other.admin), 404, 'cmc/organisation-not-found');
    // Their own organisation with our former member: not theirs either.
    expect(expectD4(await transfer({ ...body, organisationId: other.organisationId, toUserId: other.ben.userId }, other.admin), 404).field).toBe('fromUserId');
    expect((await former(other.organisationId, other.admin)).body.formerMembers).toEqual([]);
    expectD4(await transfer(body), 401, 'cmc/unauthorized');
    expectD4(await former(organisationId), 401, 'cmc/unauthorized');
    expect((await former(organisationId, admin)).body.formerMembers[0].leads).toBe(2);
  });

  it('is limited to 30 moves an hour per organisation (429), counted before the ids are checked', async () => {
    const { organisationId, admin, ben } = await team();
    for (let i = 0; i < 30; i++) expect((await transfer({ organisationId, fromUserId: 'neverAMember', toUserId: ben.userId }, admin)).status).toBe(404);
    expectD4(await transfer({ organisationId, fromUserId: 'neverAMember', toUserId: ben.userId }, admin), 429, 'cmc/rate-limited');
  });
});

describe('GET /find/own/organisation/stats', () => {
  it('sums views, leads and clicks of company profiles per member, scans per organisation card and views per source, never a private profile’s', async () => {
    const { organisationId, admin, mia, ben, miaProfile, benProfile, privateProfile } = await team();
    const [cardId, idleCard] = await t.mintCards('rainbow', 2);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId, idleCard] }, admin);
    expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: mia.userId }, admin)).status).toBe(200);
    const hour = new Date().toISOString().slice(0, 13);
    const old = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 13);
    const row = (profileId: string, metric: string, source: string, count: number, extra: { cardId?: string; linkId?: string; hour?: string } = {}) => ({
      profileId,
      hour: extra.hour ?? hour,
      cardId: extra.cardId ?? '',
      source,
      metric,
      linkId: extra.linkId ?? '',
      count,
    });
    await t.app.db
      .insertInto('visitCount')
      .values([
        row(miaProfile, 'view', 'qr', 5),
        row(miaProfile, 'view', 'nfc', 2, { cardId }),
        row(miaProfile, 'scan', 'nfc', 2, { cardId }),
        row(miaProfile, 'contact', 'qr', 1),
        row(miaProfile, 'click', 'qr', 4, { linkId: 'Link1' }),
        row(benProfile, 'view', 'link', 3),
        row(benProfile, 'view', 'link', 100, { hour: old }),
        row(privateProfile, 'view', 'qr', 1000),
        row(privateProfile, 'contact', 'qr', 1000),
      ])
      .execute();

    const res = await t.get(`/find/own/organisation/stats?organisationId=${organisationId}&days=30`, admin);
    expect(res.status, res.raw).toBe(200);
    const byMember = Object.fromEntries(res.body.members.map((m: { userId: string }) => [m.userId, m]));
    expect(byMember[mia.userId]).toMatchObject({ email: mia.email, views: 7, leads: 1, clicks: 4 });
    expect(byMember[ben.userId]).toMatchObject({ views: 3, leads: 0, clicks: 0 });
    expect(byMember[admin.userId]).toMatchObject({ views: 0, leads: 0, clicks: 0 });
    expect(res.body.cards).toEqual([
      { cardId, memberEmail: mia.email, scans: 2 },
      { cardId: idleCard, memberEmail: null, scans: 0 },
    ]);
    expect(res.body.sources).toMatchObject({ qr: 5, nfc: 2, link: 3, card: 0 });
    const ninety = await t.get(`/find/own/organisation/stats?organisationId=${organisationId}&days=90`, admin);
    expect(ninety.body.sources.link).toBe(103);
  });

  it('keeps the row of a member who left, marked former, while their company profile had visits in the range (issue 35)', async () => {
    const { organisationId, admin, mia, ben, miaProfile } = await team();
    const hour = new Date().toISOString().slice(0, 13);
    await t.app.db
      .insertInto('visitCount')
      .values([
        { profileId: miaProfile, hour, cardId: '', source: 'qr', metric: 'view', linkId: '', count: 6 },
        { profileId: miaProfile, hour, cardId: '', source: 'qr', metric: 'contact', linkId: '', count: 2 },
      ])
      .execute();
    expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin)).status).toBe(200);
    const rows = (await t.get(`/find/own/organisation/stats?organisationId=${organisationId}&days=7`, admin)).body.members as Array<{
      userId: string;
      former: boolean;
      views: number;
      leads: number;
    }>;
    expect(rows.find((r) => r.userId === mia.userId)).toMatchObject({ former: true, views: 6, leads: 2 });
    expect(rows.find((r) => r.userId === ben.userId)).toMatchObject({ former: false });
    // Ben never had a visit: leaving, he would have no row.
    expect((await t.post('/organisation/member/remove', { organisationId, userId: ben.userId }, admin)).status).toBe(200);
    const after = (await t.get(`/find/own/organisation/stats?organisationId=${organisationId}&days=7`, admin)).body.members as Array<{ userId: string }>;
    expect(after.map((r) => r.userId).sort()).toEqual([admin.userId, mia.userId].sort());
  });

  it('answers a member 403, another organisation’s admin 404, anonymous 401 and bad days 400 naming the field', async () => {
    const { organisationId, mia } = await team();
    const other = await team();
    const stats = (query: string, user?: TestUser) => t.get(`/find/own/organisation/stats?${query}`, user);
    expectD4(await stats(`organisationId=${organisationId}`, mia), 403, 'cmc/forbidden');
    expectD4(await stats(`organisationId=${organisationId}`, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await stats(`organisationId=${organisationId}`), 401, 'cmc/unauthorized');
    expect(expectD4(await stats(`organisationId=${organisationId}&days=14`, other.admin), 400, 'cmc/invalid-input').field).toBe('days');
  });
});

describe('POST /api-token/create {organisationId} (an organisation token reads its leads)', () => {
  it('reads the organisation’s leads and CSV with an organisation token; an owner token and a token without leads:read get 403', async () => {
    const { organisationId, admin, mia, miaProfile, privateProfile } = await team();
    const onCompany = await lead(miaProfile);
    const onPrivate = await lead(privateProfile);
    const create = (body: object, user: TestUser = admin) => t.post('/api-token/create', { name: 'CRM', scopes: ['leads:read'], ...body }, user);
    const made = await create({ organisationId });
    expect(made.status, made.raw).toBe(200);
    const bearer = (token: string) => ({ ...admin, auth: { authorization: `Bearer ${token}` } });
    const orgToken = bearer(made.body.token as string);

    const res = await list(`organisationId=${organisationId}`, orgToken);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.leads.map((l: { id: string }) => l.id)).toEqual([onCompany.id]);
    const csv = await t.get(`/download/organisation-leads.csv?organisationId=${organisationId}&lng=en`, orgToken);
    expect(csv.status, csv.raw).toBe(200);
    expect(csv.raw).toContain(onCompany.email);
    expect(csv.raw).not.toContain(onPrivate.email);
    // The organisation token reaches nothing else, another organisation's id is unknown to it.
    expectD4(await t.get('/find/own/leads', orgToken), 403, 'cmc/insufficient-scope');
    const other = await team();
    expectD4(await list(`organisationId=${other.organisationId}`, orgToken), 404, 'cmc/organisation-not-found');

    const ownerToken = bearer((await create({})).body.token as string);
    expect((await t.get('/find/own/leads', ownerToken)).status).toBe(200);
    expectD4(await list(`organisationId=${organisationId}`, ownerToken), 403, 'cmc/insufficient-scope');
    const profilesOnly = bearer((await create({ scopes: ['profiles:read'] })).body.token as string);
    expectD4(await list(`organisationId=${organisationId}`, profilesOnly), 403, 'cmc/insufficient-scope');

    const listed = (await t.get('/find/own/api-tokens', admin)).body.tokens as Array<{ id: string; organisationId: string | null }>;
    expect(listed.find((x) => x.id === made.body.tokenId)?.organisationId).toBe(organisationId);
    expect((await t.post('/api-token/revoke', { tokenId: made.body.tokenId }, admin)).status).toBe(200);
    expectD4(await list(`organisationId=${organisationId}`, orgToken), 401, 'cmc/unauthorized');

    // Only admins make one, with leads:read only; a member 403, another organisation's admin 404.
    expectD4(await create({ organisationId }, mia), 403, 'cmc/forbidden');
    expectD4(await create({ organisationId }, other.admin), 404, 'cmc/organisation-not-found');
    expect(expectD4(await create({ organisationId, scopes: ['leads:read', 'leads:write'] }), 400, 'cmc/invalid-input').field).toBe('scopes');
  });

  it("lists the organisation's tokens to all its owners and admins with their maker; any of them revokes one; both audited (issue 33)", async () => {
    const { organisationId, admin, ben } = await team();
    await t.post('/organisation/member/role', { organisationId, userId: ben.userId, role: 'admin' }, admin);
    const make = (user: TestUser, name: string, body: object = { organisationId }) =>
      t.post('/api-token/create', { name, scopes: ['leads:read'], ...body }, user);
    const bens = (await make(ben, 'Ben CRM')).body as { tokenId: string; token: string };
    const owners = (await make(admin, 'Owner CRM')).body as { tokenId: string; token: string };
    const personal = (await make(ben, 'Ben private', {})).body as { tokenId: string };

    for (const who of [admin, ben]) {
      const listed = await t.get(`/find/own/api-tokens?organisationId=${organisationId}`, who);
      expect(listed.status, listed.raw).toBe(200);
      expect(
        listed.body.tokens.map((x: { name: string; createdByEmail: string; organisationId: string }) => [x.name, x.createdByEmail, x.organisationId]),
      ).toEqual([
        ['Ben CRM', ben.email, organisationId],
        ['Owner CRM', admin.email, organisationId],
      ]);
      expect(listed.raw).not.toContain(bens.token.slice(4));
    }
    // Without organisationId each lists their own, personal tokens among them.
    expect((await t.get('/find/own/api-tokens', ben)).body.tokens.map((x: { id: string }) => x.id)).toEqual([bens.tokenId, personal.tokenId]);

    // The owner revokes the admin's token of the organisation: it stops at once.
    expectD4(await t.post('/api-token/revoke', { tokenId: bens.tokenId }, admin), 404, 'cmc/api-token-not-found');
    expect((await t.post('/api-token/revoke', { tokenId: bens.tokenId, organisationId }, admin)).status).toBe(200);
    expectD4(await list(`organisationId=${organisationId}`, { ...ben, auth: { authorization: `Bearer ${bens.token}` } }), 401);
    // A personal token is no organisation's to revoke.
    expectD4(await t.post('/api-token/revoke', { tokenId: personal.tokenId, organisationId }, admin), 404, 'cmc/api-token-not-found');

    // Ben, made a member again, may still revoke his own; it is audited too.
    const again = (await make(ben, 'Ben later')).body as { tokenId: string };
    await t.post('/organisation/member/role', { organisationId, userId: ben.userId, role: 'member' }, admin);
    expect((await t.post('/api-token/revoke', { tokenId: again.tokenId }, ben)).status).toBe(200);

    const audit = (
      (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries as Array<{
        actorEmail: string;
        action: string;
        target: string;
        detail: string;
      }>
    )
      .filter((e) => e.action.startsWith('api-token.'))
      .reverse()
      .map((e) => [e.actorEmail, e.action, e.target, e.detail]);
    expect(audit).toEqual([
      [ben.email, 'api-token.create', 'Ben CRM', `${bens.tokenId}; leads:read`],
      [admin.email, 'api-token.create', 'Owner CRM', `${owners.tokenId}; leads:read`],
      [admin.email, 'api-token.revoke', 'Ben CRM', bens.tokenId],
      [ben.email, 'api-token.create', 'Ben later', `${again.tokenId}; leads:read`],
      [ben.email, 'api-token.revoke', 'Ben later', again.tokenId],
    ]);
  });

  it("answers the organisation's token calls 403 to a member, 404 to another organisation's admin and 400 naming the field, changing nothing", async () => {
    const { organisationId, admin, mia } = await team();
    const made = (await t.post('/api-token/create', { name: 'CRM', scopes: ['leads:read'], organisationId }, admin)).body as { tokenId: string };
    const other = await team();
    expectD4(await t.get(`/find/own/api-tokens?organisationId=${organisationId}`, mia), 403, 'cmc/forbidden');
    expectD4(await t.get(`/find/own/api-tokens?organisationId=${organisationId}`, other.admin), 404, 'cmc/organisation-not-found');
    expect(expectD4(await t.get('/find/own/api-tokens?organisationId=not%20an%20id', admin), 400).field).toBe('organisationId');
    expectD4(await t.post('/api-token/revoke', { tokenId: made.tokenId, organisationId }, mia), 403, 'cmc/forbidden');
    expectD4(await t.post('/api-token/revoke', { tokenId: made.tokenId, organisationId }, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await t.post('/api-token/revoke', { tokenId: made.tokenId, organisationId: other.organisationId }, other.admin), 404, 'cmc/api-token-not-found');
    expect(expectD4(await t.post('/api-token/revoke', { tokenId: made.tokenId, organisationId: 'not an id' }, admin), 400).field).toBe('organisationId');
    expectD4(await t.get(`/find/own/api-tokens?organisationId=${organisationId}`), 401);
    expect((await t.get(`/find/own/api-tokens?organisationId=${organisationId}`, admin)).body.tokens.map((x: { id: string }) => x.id)).toEqual([made.tokenId]);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin)).body.entries as Array<{ action: string }>;
    expect(audit.filter((e) => e.action === 'api-token.revoke')).toEqual([]);
  });

  it('stops working when its admin is no longer an admin of the organisation', async () => {
    const { organisationId, admin, ben } = await team();
    await t.post('/organisation/member/role', { organisationId, userId: ben.userId, role: 'admin' }, admin);
    const made = await t.post('/api-token/create', { name: 'Ben', scopes: ['leads:read'], organisationId }, ben);
    expect(made.status, made.raw).toBe(200);
    const token = { ...ben, auth: { authorization: `Bearer ${made.body.token}` } };
    expect((await list(`organisationId=${organisationId}`, token)).status).toBe(200);
    await t.post('/organisation/member/role', { organisationId, userId: ben.userId, role: 'member' }, admin);
    expectD4(await list(`organisationId=${organisationId}`, token), 403, 'cmc/forbidden');
    await t.post('/organisation/member/remove', { organisationId, userId: ben.userId }, admin);
    expect((await list(`organisationId=${organisationId}`, token)).status).toBe(404);
  });
});
