import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4 } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { acceptInvitation, mailsTo } from '../support/organisations.ts';
import { ENTERPRISE, entraUser, expectScimError, PATCH_OP, scim, scimOrganisation, USER_SCHEMA } from './scim-support.ts';

/**
 * Issue 27: SCIM Users as Entra ID and Okta provision them (their documented request
 * sequences): look up by filter, create, read, change with PATCH in each one's shapes, replace,
 * deactivate (the teams offboarding) and delete; on SQLite and, with DATABASE_URL, PostgreSQL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const filterUrl = (userName: string, extra = '') => `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}${extra}`;
const memberIds = async (organisationId: string) =>
  (await t.app.db.selectFrom('organisationMember').select('userId').where('organisationId', '=', organisationId).execute()).map((r) => r.userId);

describe('Entra ID: GET /scim/v2/Users?filter, POST /scim/v2/Users, GET /scim/v2/Users/:id, PATCH /scim/v2/Users/:id, DELETE /scim/v2/Users/:id', () => {
  it('creates a user who is invited, joins, is changed with Replace ops, deactivated (offboarded) and deleted', async () => {
    const org = await scimOrganisation(t);
    const userName = `ada.${Date.now()}@example.com`;

    // 1. Entra looks the user up first: an empty list.
    const none = await scim(t, org.token, 'GET', filterUrl(userName));
    expect(none.status, none.raw).toBe(200);
    expect(String(none.headers['content-type'])).toContain('application/scim+json');
    expect(none.body).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, Resources: [] });

    // 2. Create: 201 with meta (location, version, lastModified), the ETag and Location headers; an invitation mail goes out.
    const created = await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(userName));
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      schemas: [USER_SCHEMA, ENTERPRISE],
      userName,
      active: true,
      name: { givenName: 'Ada', familyName: 'Lovelace' },
      [ENTERPRISE]: { department: 'Engines', employeeNumber: '1815', manager: { value: 'boss-1' } },
      meta: { resourceType: 'User', location: `${t.config.publicUrl}/scim/v2/Users/${id}`, version: 'W/"1"' },
    });
    expect(Date.parse(created.body.meta.lastModified)).toBeGreaterThan(0);
    expect(created.headers.etag).toBe('W/"1"');
    expect(created.headers.location).toBe(created.body.meta.location);
    expect(await mailsTo(t, userName)).toHaveLength(1);

    // 3. The person signs up with that address and accepts: a member now.
    const person = await t.signUp({ email: userName });
    await acceptInvitation(t, userName, person);
    expect(await memberIds(org.organisationId)).toContain(person.userId);

    // 4. Get by filter, then by id.
    const listed = await scim(t, org.token, 'GET', filterUrl(userName.toUpperCase()));
    expect(listed.body.totalResults).toBe(1);
    expect(listed.body.Resources[0].id).toBe(id);
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body.userName).toBe(userName);

    // 5. Entra's PATCH: capitalised Replace, paths with filters and the extension's URN.
    const patched = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'name.givenName', value: 'Augusta' },
        { op: 'Replace', path: 'emails[type eq "work"].value', value: userName },
        { op: 'Replace', path: 'phoneNumbers[type eq "mobile"].value', value: '+49 170 1234' },
        { op: 'Replace', path: `${ENTERPRISE}:department`, value: 'Analytical Engines' },
        { op: 'Add', path: `${ENTERPRISE}:manager`, value: 'boss-2' },
        { op: 'Replace', path: 'title', value: 'Lead Analyst' },
      ],
    });
    expect(patched.status, patched.raw).toBe(200);
    expect(patched.body).toMatchObject({
      name: { givenName: 'Augusta', familyName: 'Lovelace' },
      title: 'Lead Analyst',
      phoneNumbers: [
        { type: 'work', value: '+49 30 1234567' },
        { type: 'mobile', value: '+49 170 1234' },
      ],
      [ENTERPRISE]: { department: 'Analytical Engines', manager: { value: 'boss-2' } },
      meta: { version: 'W/"2"' },
    });

    // 6. Deactivate as Entra sends it: the member is offboarded, their sessions end.
    const off = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
    });
    expect(off.status, off.raw).toBe(200);
    expect(off.body.active).toBe(false);
    expect(await memberIds(org.organisationId)).not.toContain(person.userId);
    expectD4(await t.get('/find/own/organisation', person), 401);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries;
    expect(audit.map((e: { action: string; target: string }) => `${e.action} ${e.target}`)).toContain(`member.remove ${userName}`);

    // 7. Delete: 204, then 404 in SCIM's error schema.
    const deleted = await scim(t, org.token, 'DELETE', `/scim/v2/Users/${id}`);
    expect(deleted.status, deleted.raw).toBe(204);
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`), 404);
  });

  it('reactivating within the retention period restores the membership and clears the company profile\'s "left" notice', async () => {
    const org = await scimOrganisation(t);
    const templateId = (
      await t.post(
        '/organisation/template/save',
        { organisationId: org.organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: [] },
        org.admin,
      )
    ).body.templateId as string;
    const userName = `grace.${Date.now()}@example.com`;
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(userName))).body.id as string;
    const person = await t.signUp({ email: userName });
    await acceptInvitation(t, userName, person);
    const profileId = (await t.post('/profile/create', { templateId, firstName: 'Grace', lastName: 'Hopper' }, person)).body.id as string;
    const leftCompany = async () =>
      (await t.app.db.selectFrom('profile').select('leftCompany').where('id', '=', profileId).executeTakeFirstOrThrow()).leftCompany;

    await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    expect(await memberIds(org.organisationId)).not.toContain(person.userId);
    expect(await leftCompany()).not.toBeNull();
    expect((await t.get(`/p/${profileId}?lng=en`)).raw).toContain('no longer works at');

    const on = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'active', value: 'True' }],
    });
    expect(on.body.active).toBe(true);
    expect(await memberIds(org.organisationId)).toContain(person.userId);
    expect(await leftCompany()).toBeNull();
    expect((await t.get(`/p/${profileId}?lng=en`)).raw).not.toContain('no longer works at');
    expect(await mailsTo(t, userName)).toHaveLength(1);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries;
    expect(audit.map((e: { action: string; target: string }) => `${e.action} ${e.target}`)).toContain(`member.restore ${userName}`);
  });

  it('reactivating after the retention period invites the person again instead', async () => {
    const org = await scimOrganisation(t);
    const userName = `late.${Date.now()}@example.com`;
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(userName))).body.id as string;
    const person = await t.signUp({ email: userName });
    await acceptInvitation(t, userName, person);
    await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] });
    await t.app.db
      .updateTable('scimUser')
      .set({ deactivatedAt: Date.now() - 31 * 86_400_000 })
      .where('id', '=', id)
      .execute();

    await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'True' }] });
    expect(await memberIds(org.organisationId)).not.toContain(person.userId);
    expect(await mailsTo(t, userName)).toHaveLength(2);
    // They accept the new invitation and are a member again.
    const signIn = await t.post('/api/auth/sign-in/email', { email: userName, password: person.password });
    await acceptInvitation(t, userName, { ...person, token: signIn.body.token, auth: { authorization: `Bearer ${signIn.body.token}` } });
    expect(await memberIds(org.organisationId)).toContain(person.userId);
  });

  it('does not bring back a person an admin removed by hand: deactivating and reactivating invites them instead (issue 33)', async () => {
    const org = await scimOrganisation(t);
    const userName = `removed.${Date.now()}@example.com`;
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(userName))).body.id as string;
    const person = await t.signUp({ email: userName });
    await acceptInvitation(t, userName, person);
    expect((await t.post('/organisation/member/remove', { organisationId: org.organisationId, userId: person.userId }, org.admin)).status).toBe(200);
    const active = (value: string) =>
      scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value }] });

    expect((await active('False')).body.active).toBe(false);
    expect((await active('True')).body.active).toBe(true);
    expect(await memberIds(org.organisationId)).not.toContain(person.userId);
    // A new invitation went out: joining again is the person's own step.
    expect(await mailsTo(t, userName)).toHaveLength(2);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries;
    expect(audit.map((e: { action: string }) => e.action)).not.toContain('member.restore');
  });

  it("restores only the membership SCIM's own deactivation ended: not one that began again by invitation and an admin ended", async () => {
    const org = await scimOrganisation(t);
    const userName = `again.${Date.now()}@example.com`;
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(userName))).body.id as string;
    const person = await t.signUp({ email: userName });
    await acceptInvitation(t, userName, person);
    const active = (value: string) =>
      scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value }] });
    await active('False');
    const offboarded = async () => (await t.app.db.selectFrom('scimUser').select('offboardedAt').where('id', '=', id).executeTakeFirstOrThrow()).offboardedAt;
    expect(await offboarded()).not.toBeNull();
    // The admin invites the person by hand; they accept, and the admin removes them again.
    const signIn = await t.post('/api/auth/sign-in/email', { email: userName, password: person.password });
    const again = { ...person, auth: { authorization: `Bearer ${signIn.body.token}` } };
    expect((await t.post('/organisation/invite', { organisationId: org.organisationId, emails: [userName] }, org.admin)).status).toBe(200);
    await acceptInvitation(t, userName, again);
    expect(await offboarded()).toBeNull();
    expect((await t.post('/organisation/member/remove', { organisationId: org.organisationId, userId: person.userId }, org.admin)).status).toBe(200);

    await active('True');
    expect(await memberIds(org.organisationId)).not.toContain(person.userId);
  });

  it('links an account that already is a member instead of inviting it', async () => {
    const org = await scimOrganisation(t);
    const created = await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(org.admin.email));
    expect(created.status, created.raw).toBe(201);
    expect(await mailsTo(t, org.admin.email)).toHaveLength(0);
    const row = await t.app.db.selectFrom('scimUser').select('userId').where('id', '=', created.body.id).executeTakeFirstOrThrow();
    expect(row.userId).toBe(org.admin.userId);
  });

  it("refuses to deactivate the organisation's last owner and leaves the user active", async () => {
    const org = await scimOrganisation(t);
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(org.admin.email))).body.id as string;
    const refused = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    expect(refused.body.schemas).toEqual(['urn:ietf:params:scim:api:messages:2.0:Error']);
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body.active).toBe(true);
    expect(await memberIds(org.organisationId)).toContain(org.admin.userId);
  });
});

describe('Okta: GET /scim/v2/Users?filter&startIndex&count, POST /scim/v2/Users, PUT /scim/v2/Users/:id, PATCH /scim/v2/Users/:id', () => {
  it('looks up with paging parameters, creates with application/json, replaces and deactivates with a value object', async () => {
    const org = await scimOrganisation(t);
    const userName = `okta.${Date.now()}@example.com`;
    const lookup = await scim(t, org.token, 'GET', filterUrl(userName, '&startIndex=1&count=100'));
    expect(lookup.body).toMatchObject({ totalResults: 0, startIndex: 1, itemsPerPage: 0 });

    const okta = {
      schemas: [USER_SCHEMA],
      userName,
      name: { givenName: 'Lin', familyName: 'Okta' },
      emails: [{ primary: true, value: userName, type: 'work' }],
      displayName: 'Lin Okta',
      locale: 'de-DE',
      externalId: '00u1',
      groups: [],
      password: 'ignored-Secret-1',
      active: true,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/scim/v2/Users',
      headers: { authorization: `Bearer ${org.token}`, 'content-type': 'application/json' },
      payload: okta,
    });
    expect(created.statusCode, created.body).toBe(201);
    const user = JSON.parse(created.body);
    expect(user).not.toHaveProperty('password');
    expect((await mailsTo(t, userName))[0].subject).toMatch(/Einladung|eingeladen/i);

    const replaced = await scim(t, org.token, 'PUT', `/scim/v2/Users/${user.id}`, {
      ...okta,
      id: user.id,
      title: 'Engineer',
      name: { givenName: 'Lin', familyName: 'Renamed' },
    });
    expect(replaced.status, replaced.raw).toBe(200);
    expect(replaced.body).toMatchObject({ title: 'Engineer', name: { familyName: 'Renamed' }, meta: { version: 'W/"2"' } });

    const off = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${user.id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { active: false } }],
    });
    expect(off.status, off.raw).toBe(200);
    expect(off.body.active).toBe(false);
    const inactive = await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${encodeURIComponent('active eq false')}`);
    expect(inactive.body.Resources.map((r: { id: string }) => r.id)).toEqual([user.id]);
  });

  it('pages with startIndex and count, and clamps count to the maximum', async () => {
    const org = await scimOrganisation(t);
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await scim(t, org.token, 'POST', '/scim/v2/Users', { userName: `page${i}-${Date.now()}`, active: false })).body.id);
    // Listed in creation order (users made in the same millisecond by id): a page is a slice of the whole list.
    const all = (await scim(t, org.token, 'GET', '/scim/v2/Users')).body.Resources.map((r: { id: string }) => r.id);
    expect([...all].sort()).toEqual([...ids].sort());
    const page = await scim(t, org.token, 'GET', '/scim/v2/Users?startIndex=2&count=2');
    expect(page.body).toMatchObject({ totalResults: 5, startIndex: 2, itemsPerPage: 2 });
    expect(page.body.Resources.map((r: { id: string }) => r.id)).toEqual(all.slice(1, 3));
    const filtered = await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${encodeURIComponent('userName sw "page"')}&startIndex=5&count=10`);
    expect(filtered.body).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    expect((await scim(t, org.token, 'GET', '/scim/v2/Users?count=5000')).body.itemsPerPage).toBe(5);
    expect((await scim(t, org.token, 'GET', '/scim/v2/Users?count=0')).body).toMatchObject({ totalResults: 5, itemsPerPage: 0 });
    expectScimError(await scim(t, org.token, 'GET', '/scim/v2/Users?count=lots'), 400, 'invalidValue');
  });
});

describe('POST /scim/v2/Users and PATCH /scim/v2/Users/:id under bad input and races', () => {
  it('answers a second create of the same userName (in any case) with 409 uniqueness, also when both race', async () => {
    const org = await scimOrganisation(t);
    const userName = `twice.${Date.now()}@example.com`;
    const both = await Promise.all([
      scim(t, org.token, 'POST', '/scim/v2/Users', { userName, active: false }),
      scim(t, org.token, 'POST', '/scim/v2/Users', { userName: userName.toUpperCase(), active: false }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expectScimError(
      both.find((r) => r.status === 409)!,
      409,
      'uniqueness',
    );
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', { userName, active: false }), 409, 'uniqueness');
  });

  it('answers malformed bodies and filters with SCIM 400s naming the problem, never a 500', async () => {
    const org = await scimOrganisation(t);
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', '{"userName": '), 400, 'invalidSyntax');
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', { displayName: 'no userName' }), 400, 'invalidValue');
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', [1, 2]), 400, 'invalidSyntax');
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', { userName: 'x', emails: 'not-a-list' }), 400, 'invalidValue');
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', { userName: 'x', active: 'perhaps' }), 400, 'invalidValue');
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${encodeURIComponent('userName eq')}`), 400, 'invalidFilter');
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${encodeURIComponent('(userName eq "a"')}`), 400, 'invalidFilter');
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', { userName: `bad.${Date.now()}`, active: false })).body.id;
    expectScimError(await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { Operations: [] }), 400, 'invalidSyntax');
    expectScimError(await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { Operations: [{ op: 'move', path: 'title' }] }), 400, 'invalidSyntax');
    expectScimError(
      await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { Operations: [{ op: 'replace', path: 'shoeSize', value: 1 }] }),
      400,
      'invalidPath',
    );
    expectScimError(await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { Operations: [{ op: 'replace', path: 'id', value: 'x' }] }), 400, 'mutability');
    expectScimError(
      await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { Operations: [{ op: 'replace', path: 'userName', value: '' }] }),
      400,
      'invalidValue',
    );
    expectScimError(await scim(t, org.token, 'GET', '/scim/v2/Nothing'), 404);
    expectScimError(await scim(t, org.token, 'GET', '/scim/v2/Users/no-such-id'), 404);
    // Nothing of the refused changes was written.
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body.meta.version).toBe('W/"1"');
  });

  it('refuses a write with a stale If-Match with 412 and accepts the current ETag', async () => {
    const org = await scimOrganisation(t);
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', { userName: `etag.${Date.now()}`, active: false })).body.id;
    const change = { Operations: [{ op: 'replace', path: 'title', value: 'A' }] };
    expect((await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, change, { 'if-match': 'W/"1"' })).status).toBe(200);
    expectScimError(await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, change, { 'if-match': 'W/"1"' }), 412);
    expectScimError(await scim(t, org.token, 'DELETE', `/scim/v2/Users/${id}`, undefined, { 'if-match': 'W/"1"' }), 412);
    expect((await scim(t, org.token, 'DELETE', `/scim/v2/Users/${id}`, undefined, { 'if-match': 'W/"2"' })).status).toBe(204);
  });

  it('keeps the last of concurrent PATCHes whole: every write applies on top of the one before', async () => {
    const org = await scimOrganisation(t);
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', { userName: `race.${Date.now()}`, active: false })).body.id;
    const writes = Array.from({ length: 12 }, (_, i) =>
      scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
        Operations: [
          { op: 'replace', path: 'name.givenName', value: `G${i}` },
          { op: 'replace', path: 'title', value: `T${i}` },
          { op: 'add', path: 'phoneNumbers', value: [{ value: `+49 ${i}`, type: 'work' }] },
        ],
      }),
    );
    const answers = await Promise.all(writes);
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    const final = (await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body;
    expect(final.meta.version).toBe('W/"13"');
    expect(final.title.slice(1)).toBe(final.name.givenName.slice(1));
    // No add was lost: each of the twelve saw the phones of the ones before it.
    expect(final.phoneNumbers).toHaveLength(12);
  });
});
