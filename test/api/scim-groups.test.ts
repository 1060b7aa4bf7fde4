import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { acceptInvitation } from '../support/organisations.ts';
import { ENTERPRISE, entraUser, expectScimError, PATCH_OP, scim, scimOrganisation } from './scim-support.ts';

/**
 * Issue 27: SCIM Groups with members added and removed through PATCH in the shapes Entra ID and
 * Okta send, and the discovery documents (RFC 7644 §4) that identity providers read first.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function users(token: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++)
    ids.push((await scim(t, token, 'POST', '/scim/v2/Users', { userName: `g${i}.${Date.now()}@example.com`, active: false })).body.id);
  return ids;
}

describe('POST /scim/v2/Groups, GET /scim/v2/Groups, GET /scim/v2/Groups/:id, PATCH /scim/v2/Groups/:id, PUT /scim/v2/Groups/:id, DELETE /scim/v2/Groups/:id', () => {
  it('follows Entra ID: create, find by displayName without members, add and remove members, rename, delete', async () => {
    const org = await scimOrganisation(t);
    const [u1, u2, u3] = await users(org.token, 3);
    const created = await scim(t, org.token, 'POST', '/scim/v2/Groups', {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
      externalId: 'grp-1',
      displayName: 'Sales',
      members: [],
    });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ displayName: 'Sales', externalId: 'grp-1', members: [], meta: { resourceType: 'Group', version: 'W/"1"' } });

    const found = await scim(t, org.token, 'GET', `/scim/v2/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "sales"')}`);
    expect(found.body.totalResults).toBe(1);
    expect(found.body.Resources[0]).not.toHaveProperty('members');

    const add = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ value: u1 }, { value: u2 }, { value: u3 }] }],
    });
    expect(add.status, add.raw).toBe(200);
    expect(add.body.members.map((m: { value: string }) => m.value).sort()).toEqual([u1, u2, u3].sort());
    // The users show their group.
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${u1}`)).body.groups).toEqual([expect.objectContaining({ value: id, display: 'Sales' })]);

    const remove = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Remove', path: 'members', value: [{ value: u1 }] },
        { op: 'Replace', path: 'displayName', value: 'Sales EMEA' },
      ],
    });
    expect(remove.body.displayName).toBe('Sales EMEA');
    expect(remove.body.members.map((m: { value: string }) => m.value).sort()).toEqual([u2, u3].sort());
    const byMember = await scim(t, org.token, 'GET', `/scim/v2/Groups?filter=${encodeURIComponent(`members[value eq "${u2}"]`)}`);
    expect(byMember.body.Resources.map((g: { id: string }) => g.id)).toEqual([id]);

    expect((await scim(t, org.token, 'DELETE', `/scim/v2/Groups/${id}`)).status).toBe(204);
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}`), 404);
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${u1}`)).body.groups).toEqual([]);
  });

  it('follows Okta: remove by a member filter, replace with an object value holding the id, PUT with members', async () => {
    const org = await scimOrganisation(t);
    const [u1, u2] = await users(org.token, 2);
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Groups', { displayName: 'Engineering', members: [{ value: u1 }, { value: u2 }] })).body.id;
    const removed = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'remove', path: `members[value eq "${u1}"]` },
        { op: 'replace', value: { id, displayName: 'Engineering DE' } },
      ],
    });
    expect(removed.status, removed.raw).toBe(200);
    expect(removed.body).toMatchObject({ displayName: 'Engineering DE', members: [expect.objectContaining({ value: u2 })] });
    const put = await scim(t, org.token, 'PUT', `/scim/v2/Groups/${id}`, { displayName: 'Engineering', members: [{ value: u1 }] });
    expect(put.body.members.map((m: { value: string }) => m.value)).toEqual([u1]);
    expect(put.body.meta.version).toBe('W/"3"');
  });

  it('refuses a second group of one name, unknown members and malformed PATCHes with SCIM errors, changing nothing', async () => {
    const org = await scimOrganisation(t);
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Groups', { displayName: 'Support' })).body.id;
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Groups', { displayName: 'SUPPORT' }), 409, 'uniqueness');
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Groups', { members: [] }), 400, 'invalidValue');
    expectScimError(
      await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, { Operations: [{ op: 'add', path: 'members', value: [{ value: 'nobody' }] }] }),
      400,
      'invalidValue',
    );
    expectScimError(
      await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, { Operations: [{ op: 'remove', path: 'members[value eq' }] }),
      400,
      'invalidPath',
    );
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Groups?filter=${encodeURIComponent('displayName eq')}`), 400, 'invalidFilter');
    expect((await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}`)).body.meta.version).toBe('W/"1"');
  });
});

describe('PATCH /scim/v2/Groups/:id moves members between templates', () => {
  it('gives a member the template named like their group: the company profile takes its locked values, on every group change', async () => {
    const org = await scimOrganisation(t);
    const save = async (name: string) =>
      (
        await t.post(
          '/organisation/template/save',
          {
            organisationId: org.organisationId,
            name,
            values: { companyName: `Acme ${name}` },
            links: [{ type: 'website', link: `https://acme.example/${name.toLowerCase()}`, name: name }],
            locked: ['companyName', 'links'],
          },
          org.admin,
        )
      ).body.templateId as string;
    const sales = await save('Sales');
    await save('Engineering');
    const member = await t.signUp();
    await t.post('/organisation/invite', { organisationId: org.organisationId, emails: [member.email] }, org.admin);
    await acceptInvitation(t, member.email, member);
    const profileId = (await t.post('/profile/create', { templateId: sales, firstName: 'Mo', lastName: 'Member' }, member)).body.id as string;
    const companyName = async () =>
      (await t.app.db.selectFrom('profile').select('companyName').where('id', '=', profileId).executeTakeFirstOrThrow()).companyName;
    expect(await companyName()).toBe('Acme Sales');

    // The IdP provisions the existing member (linked, no invitation) and pushes two groups.
    const userId = (await scim(t, org.token, 'POST', '/scim/v2/Users', { userName: member.email })).body.id as string;
    const salesGroup = (await scim(t, org.token, 'POST', '/scim/v2/Groups', { displayName: 'sales', members: [{ value: userId }] })).body.id;
    const engineering = (await scim(t, org.token, 'POST', '/scim/v2/Groups', { displayName: 'Engineering' })).body.id;
    expect(await companyName()).toBe('Acme Sales');

    // Moved: out of Sales, into Engineering.
    await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${salesGroup}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${userId}"]` }],
    });
    const moved = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${engineering}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: userId }] }],
    });
    expect(moved.status, moved.raw).toBe(200);
    expect(await companyName()).toBe('Acme Engineering');
    // The company links are Engineering's now; Sales' went with the move.
    const links = await t.app.db.selectFrom('link').select('link').where('profileId', '=', profileId).execute();
    expect(links.map((l) => l.link)).toEqual(['https://acme.example/engineering']);
    // The page shows it at once, and the member's locks are Engineering's.
    expect((await t.get(`/p/${profileId}?lng=en`)).raw).toContain('Acme Engineering');
    const save403 = await t.post('/profile/update', { id: profileId, companyName: 'Acme Sales' }, member);
    expect(save403.status).toBe(403);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries;
    expect(audit.map((e: { action: string; detail: string }) => `${e.action} ${e.detail}`)).toContain('member.template Engineering');
  });
});

describe('POST /scim/v2/Groups gives a provisioned member a company profile', () => {
  it('makes the profile from the template of their group, filled from the SCIM attributes, as they accept the invitation', async () => {
    const org = await scimOrganisation(t);
    for (const name of ['Standard', 'Field Sales'])
      await t.post(
        '/organisation/template/save',
        {
          organisationId: org.organisationId,
          name,
          values: { companyName: `Acme ${name}`, businessPhoneNumber: '+49 221 0' },
          locked: ['companyName', 'businessPhoneNumber'],
        },
        org.admin,
      );
    const email = `new.${Date.now()}@example.com`;
    const userId = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(email))).body.id as string;
    // The directory puts them in a group before they have joined: nobody to give a profile yet.
    const pushed = await scim(t, org.token, 'POST', '/scim/v2/Groups', { displayName: 'field sales', members: [{ value: userId }] });
    expect(pushed.status, pushed.raw).toBe(201);
    const person = await t.signUp({ email });
    const profilesOf = () => t.app.db.selectFrom('profile').selectAll().where('userId', '=', person.userId).where('status', '!=', 'DELETED').execute();
    expect(await profilesOf()).toEqual([]);

    // Accepting links the SCIM user to the account and makes the company profile at once, no SCIM write needed.
    await acceptInvitation(t, email, person);
    const link = await t.app.db.selectFrom('scimUser').select('userId').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(link.userId).toBe(person.userId);
    const [profile] = await profilesOf();
    expect(profile).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      jobTitle: 'Analyst',
      businessUnit: 'Engines',
      businessEmailAddress: email,
      companyName: 'Acme Field Sales',
      // Locked by the template: the template's value, not the SCIM phone.
      businessPhoneNumber: '+49 221 0',
    });
    // Another push makes no second profile.
    await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${pushed.body.id}`, { Operations: [{ op: 'replace', path: 'displayName', value: 'Field Sales' }] });
    expect(await profilesOf()).toHaveLength(1);
  });
});

describe('GET /scim/v2/ServiceProviderConfig, GET /scim/v2/ResourceTypes, GET /scim/v2/ResourceTypes/:id, GET /scim/v2/Schemas, GET /scim/v2/Schemas/:id', () => {
  it('describe what this service provider supports, its resource types and their schemas', async () => {
    const org = await scimOrganisation(t);
    const config = await scim(t, org.token, 'GET', '/scim/v2/ServiceProviderConfig');
    expect(config.status).toBe(200);
    expect(String(config.headers['content-type'])).toContain('application/scim+json');
    expect(config.body).toMatchObject({
      patch: { supported: true },
      bulk: { supported: false },
      filter: { supported: true, maxResults: 200 },
      etag: { supported: true },
      sort: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    const types = await scim(t, org.token, 'GET', '/scim/v2/ResourceTypes');
    expect(types.body.Resources.map((r: { id: string }) => r.id)).toEqual(['User', 'Group']);
    expect((await scim(t, org.token, 'GET', '/scim/v2/ResourceTypes/User')).body.schemaExtensions).toEqual([{ schema: ENTERPRISE, required: false }]);
    expectScimError(await scim(t, org.token, 'GET', '/scim/v2/ResourceTypes/Printer'), 404);
    const schemas = await scim(t, org.token, 'GET', '/scim/v2/Schemas');
    expect(schemas.body.totalResults).toBe(3);
    const enterprise = await scim(t, org.token, 'GET', `/scim/v2/Schemas/${ENTERPRISE}`);
    expect(enterprise.body.attributes.map((a: { name: string }) => a.name)).toEqual(expect.arrayContaining(['department', 'employeeNumber', 'manager']));
    expectScimError(await scim(t, org.token, 'GET', '/scim/v2/Schemas/urn:nothing'), 404);
    // Discovery needs the token too.
    expect((await t.app.inject({ method: 'GET', url: '/scim/v2/ServiceProviderConfig' })).statusCode).toBe(401);
  });
});
