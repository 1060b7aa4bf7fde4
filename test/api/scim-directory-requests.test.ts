import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { ENTERPRISE, expectScimError, PATCH_OP, scim, scimOrganisation, USER_SCHEMA } from './scim-support.ts';

/**
 * Issue 33: every request that Microsoft Entra ID's "Tutorial: Develop and plan provisioning for
 * a SCIM endpoint" (section "SCIM protocol requests and responses") and Okta's "SCIM 2.0 Protocol
 * Reference" document, replayed in their shapes and order: what those directories really send
 * (a null `$ref` on added members, `excludedAttributes=members` on every group read, a
 * `Content-Type` on a DELETE without a body, Okta's value objects with the resource's id).
 * The answers are checked against what each guide expects back. SQLite, and PostgreSQL with
 * DATABASE_URL.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
const LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
/** Entra ID sends its DELETEs with this header and no body. */
const SCIM_JSON = { 'content-type': 'application/scim+json' };
const q = (filter: string) => encodeURIComponent(filter);
let n = 0;

describe('Microsoft Entra ID: the documented user operations', () => {
  it('Create User, Get User (found and not), Get User by query (one and zero results), Update User (multi- and single-valued), Disable User, Delete User', async () => {
    const org = await scimOrganisation(t);
    const userName = `Test_User_${Date.now()}_${++n}`;
    const email = `test_user_${Date.now()}_${n}@testuser.example`;
    // Create User, exactly as documented (with `meta` and an empty `roles`, which are not ours to keep).
    const created = await scim(t, org.token, 'POST', '/scim/v2/Users', {
      schemas: [USER_SCHEMA, ENTERPRISE],
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName,
      active: true,
      emails: [{ primary: true, type: 'work', value: email }],
      meta: { resourceType: 'User' },
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      roles: [],
    });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({
      id,
      externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
      userName,
      active: true,
      name: { formatted: 'givenName familyName', familyName: 'familyName', givenName: 'givenName' },
      emails: [{ value: email, type: 'work', primary: true }],
      meta: { resourceType: 'User' },
    });

    // Get User; a user not found is 404 in SCIM's error form.
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body).toMatchObject({ id, userName, active: true });
    expectScimError(await scim(t, org.token, 'GET', '/scim/v2/Users/5171a35d82074e068ce2'), 404);

    // Get User by query, and with zero results.
    const found = await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${q(`userName eq "${userName}"`)}`);
    expect(found.body).toMatchObject({ schemas: [LIST], totalResults: 1, startIndex: 1, Resources: [{ id, userName }] });
    const none = await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${q('userName eq "non-existent user"')}`);
    expect(none.body).toMatchObject({ schemas: [LIST], totalResults: 0, Resources: [], startIndex: 1 });
    // Entra ID may match on the work address instead.
    const byMail = await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${q(`emails[type eq "work"].value eq "${email}"`)}`);
    expect(byMail.body.totalResults).toBe(1);

    // Update User [Multi-valued properties].
    const updatedEmail = `updated_${email}`;
    const multi = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'Replace', path: 'emails[type eq "work"].value', value: updatedEmail },
        { op: 'Replace', path: 'name.familyName', value: 'updatedFamilyName' },
      ],
    });
    expect(multi.status, multi.raw).toBe(200);
    expect(multi.body).toMatchObject({ name: { familyName: 'updatedFamilyName', givenName: 'givenName' }, emails: [{ value: updatedEmail, type: 'work' }] });

    // Update User [Single-valued properties].
    const renamed = `${userName}@testuser.example`;
    const single = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'userName', value: renamed }],
    });
    expect(single.status, single.raw).toBe(200);
    expect(single.body.userName).toBe(renamed);

    // Disable User: Operations before schemas, as documented.
    const disabled = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, {
      Operations: [{ op: 'Replace', path: 'active', value: false }],
      schemas: [PATCH_OP],
    });
    expect(disabled.status, disabled.raw).toBe(200);
    expect(disabled.body.active).toBe(false);
    // The user is still returned while inactive (Entra's soft delete).
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body.active).toBe(false);

    // Delete User: a Content-Type header and no body.
    const deleted = await scim(t, org.token, 'DELETE', `/scim/v2/Users/${id}`, undefined, SCIM_JSON);
    expect(deleted.status, deleted.raw).toBe(204);
    expect(deleted.raw).toBe('');
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`), 404);
  });
});

describe('Microsoft Entra ID: the documented group operations and schema discovery', () => {
  it('Create Group, Get Group and Get Group by displayName without members, Update Group (non-member attributes, add and remove members with a null $ref), Delete Group', async () => {
    const org = await scimOrganisation(t);
    const member = (await scim(t, org.token, 'POST', '/scim/v2/Users', { schemas: [USER_SCHEMA], userName: `member.${Date.now()}@testuser.example` })).body
      .id as string;
    const displayName = `displayName ${Date.now()} ${++n}`;
    const created = await scim(t, org.token, 'POST', '/scim/v2/Groups', {
      schemas: [GROUP_SCHEMA, 'http://schemas.microsoft.com/2006/11/ResourceManagement/ADSCIM/2.0/Group'],
      externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159',
      displayName,
      meta: { resourceType: 'Group' },
    });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ schemas: [GROUP_SCHEMA], id, externalId: '8aa1a0c0-c4c3-4bc0-b4a5-2ef676900159', displayName, members: [] });

    // Update Group [Add Members]: Entra ID's `$ref` is null.
    const added = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Add', path: 'members', value: [{ $ref: null, value: member }] }],
    });
    expect(added.status, added.raw).toBe(200);
    expect(added.body.members).toEqual([expect.objectContaining({ value: member })]);

    // Get Group with excludedAttributes=members: no members, everything else.
    const read = await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}?excludedAttributes=members`);
    expect(read.status, read.raw).toBe(200);
    expect(read.body).not.toHaveProperty('members');
    expect(read.body).toMatchObject({ schemas: [GROUP_SCHEMA], id, displayName, meta: { resourceType: 'Group' } });
    expect(read.headers.etag).toBe(read.body.meta.version);

    // Get Group by displayName, also without members.
    const byName = await scim(t, org.token, 'GET', `/scim/v2/Groups?excludedAttributes=members&filter=${q(`displayName eq "${displayName}"`)}`);
    expect(byName.body).toMatchObject({ schemas: [LIST], totalResults: 1, Resources: [{ id, displayName }] });
    expect(byName.body.Resources[0]).not.toHaveProperty('members');

    // Update Group [Non-member attributes].
    const newName = `${displayName}updatedDisplayName`;
    const renamed = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Replace', path: 'displayName', value: newName }],
    });
    expect(renamed.status, renamed.raw).toBe(200);
    expect((await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}`)).body).toMatchObject({ displayName: newName, members: [{ value: member }] });

    // Update Group [Remove Members], with the same null `$ref`.
    const removed = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'Remove', path: 'members', value: [{ $ref: null, value: member }] }],
    });
    expect(removed.status, removed.raw).toBe(200);
    expect((await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}`)).body.members).toEqual([]);

    // Delete Group, with the Content-Type header and no body.
    expect((await scim(t, org.token, 'DELETE', `/scim/v2/Groups/${id}`, undefined, SCIM_JSON)).status).toBe(204);
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}`), 404);
  });

  it('Discover schema: GET /Schemas lists every sub-attribute the answers carry, so a strict client accepts every group and user answer', async () => {
    const org = await scimOrganisation(t);
    const user = (await scim(t, org.token, 'POST', '/scim/v2/Users', { schemas: [USER_SCHEMA], userName: `schema.${Date.now()}@testuser.example` })).body
      .id as string;
    const group = await scim(t, org.token, 'POST', '/scim/v2/Groups', { schemas: [GROUP_SCHEMA], displayName: `Schema ${++n}`, members: [{ value: user }] });
    const schemas = await scim(t, org.token, 'GET', '/scim/v2/Schemas');
    expect(schemas.body).toMatchObject({ schemas: [LIST], totalResults: 3 });
    type Attribute = { name: string; subAttributes?: Attribute[] };
    const subAttributes = (schemaId: string, attribute: string) =>
      (schemas.body.Resources as Array<{ id: string; attributes: Attribute[] }>)
        .find((s) => s.id === schemaId)!
        .attributes.find((a) => a.name === attribute)!
        .subAttributes!.map((a) => a.name);
    expect(subAttributes(GROUP_SCHEMA, 'members').sort()).toEqual(['$ref', 'display', 'type', 'value']);
    for (const m of group.body.members as object[]) expect(subAttributes(GROUP_SCHEMA, 'members')).toEqual(expect.arrayContaining(Object.keys(m)));
    const userAnswer = await scim(t, org.token, 'GET', `/scim/v2/Users/${user}`);
    expect(userAnswer.body.groups).toHaveLength(1);
    for (const g of userAnswer.body.groups as object[]) expect(subAttributes(USER_SCHEMA, 'groups')).toEqual(expect.arrayContaining(Object.keys(g)));
  });
});

describe('Okta: the documented user operations', () => {
  it('determines that the user does not exist, creates it, retrieves users and the user, updates it with PUT and deactivates it with PATCH', async () => {
    const org = await scimOrganisation(t);
    const userName = `test.user.${Date.now()}.${++n}@okta.example`;
    const lookup = await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${q(`userName eq "${userName}"`)}&startIndex=1&count=100`);
    expect(lookup.body).toEqual({ schemas: [LIST], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // Create the User: with a password and an empty `groups`, which are not ours to keep.
    const created = await scim(
      t,
      org.token,
      'POST',
      '/scim/v2/Users',
      JSON.stringify({
        schemas: [USER_SCHEMA],
        userName,
        name: { givenName: 'Test', familyName: 'User' },
        emails: [{ primary: true, value: userName, type: 'work' }],
        displayName: 'Test User',
        locale: 'en-US',
        externalId: '00ujl29u0le5T6Aj10h7',
        groups: [],
        password: '1mz050nq',
        active: true,
      }),
      { 'content-type': 'application/json', 'user-agent': 'Okta SCIM Client 1.0.0' },
    );
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ userName, displayName: 'Test User', locale: 'en-US', externalId: '00ujl29u0le5T6Aj10h7', active: true });
    expect(created.raw).not.toContain('1mz050nq');
    // The same create again is 409, which stops Okta's job.
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', { schemas: [USER_SCHEMA], userName }), 409, 'uniqueness');

    // Retrieve Users: integers for the paging numbers.
    const all = await scim(t, org.token, 'GET', '/scim/v2/Users?startIndex=1&count=100');
    expect(all.body).toMatchObject({ totalResults: expect.any(Number), startIndex: 1, itemsPerPage: expect.any(Number) });
    expect(all.body.Resources.map((r: { id: string }) => r.id)).toContain(id);

    // Retrieve the User, then PUT it back changed, with its id, groups and meta as Okta sends them.
    const current = (await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body;
    const put = await scim(t, org.token, 'PUT', `/scim/v2/Users/${id}`, {
      schemas: [USER_SCHEMA],
      id,
      userName,
      name: { givenName: 'Another', middleName: 'Excited', familyName: 'User' },
      emails: [{ primary: true, value: userName, type: 'work', display: userName }],
      active: true,
      groups: [],
      meta: { resourceType: 'User' },
    });
    expect(put.status, put.raw).toBe(200);
    expect(put.body).toMatchObject({ id, name: { givenName: 'Another', middleName: 'Excited', familyName: 'User' }, active: true });
    expect(put.body.meta.version).not.toBe(current.meta.version);

    // Deactivate: a replace without a path, with a value object.
    const off = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] });
    expect(off.status, off.raw).toBe(200);
    expect(off.body).toMatchObject({ id, userName, active: false });
  });
});

describe('Okta: the documented group operations', () => {
  it('creates a group, retrieves groups and the group, renames it, changes and replaces its members and deletes it', async () => {
    const org = await scimOrganisation(t);
    const newUser = async (name: string) =>
      (await scim(t, org.token, 'POST', '/scim/v2/Users', { schemas: [USER_SCHEMA], userName: `${name}.${Date.now()}.${++n}@okta.example` })).body.id as string;
    const [first, second] = [await newUser('first'), await newUser('second')];
    const created = await scim(t, org.token, 'POST', '/scim/v2/Groups', { schemas: [GROUP_SCHEMA], displayName: `Test SCIMv2 ${++n}`, members: [] });
    expect(created.status, created.raw).toBe(201);
    const id = created.body.id as string;
    expect(created.body).toMatchObject({ schemas: [GROUP_SCHEMA], id, members: [], meta: { resourceType: 'Group' } });

    const all = await scim(t, org.token, 'GET', '/scim/v2/Groups?startIndex=1&count=100');
    expect(all.body).toMatchObject({ schemas: [LIST], totalResults: 1, startIndex: 1, itemsPerPage: 1, Resources: [{ id }] });
    expect((await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}`)).body).toMatchObject({ id, members: [] });

    // Update a specific Group name: a value object that repeats the group's id.
    const name = `Test SCIMv20 ${n}`;
    const renamed = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', value: { id, displayName: name } }],
    });
    expect(renamed.status, renamed.raw).toBe(200);
    expect(renamed.body.displayName).toBe(name);

    // Update specific Group membership: remove by filter and add with a display, in one request.
    await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ value: second }] }],
    });
    const changed = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'remove', path: `members[value eq "${second}"]` },
        { op: 'add', path: 'members', value: [{ value: first, display: 'test.user@okta.local' }] },
      ],
    });
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.members.map((m: { value: string }) => m.value)).toEqual([first]);

    // A full push of the membership with replace.
    const replaced = await scim(t, org.token, 'PATCH', `/scim/v2/Groups/${id}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'replace',
          path: 'members',
          value: [
            { value: first, display: 'a' },
            { value: second, display: 'b' },
          ],
        },
      ],
    });
    expect(replaced.status, replaced.raw).toBe(200);
    expect(replaced.body.members.map((m: { value: string }) => m.value).sort()).toEqual([first, second].sort());

    expect((await scim(t, org.token, 'DELETE', `/scim/v2/Groups/${id}`)).status).toBe(204);
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Groups/${id}`), 404);
  });
});

describe('attributes and excludedAttributes on Users and Groups (RFC 7644 §3.4.2.5)', () => {
  it('answers only the named attributes, or all but the excluded ones, on reads, lists and writes; both at once is 400', async () => {
    const org = await scimOrganisation(t);
    const userName = `projection.${Date.now()}@example.com`;
    const created = await scim(t, org.token, 'POST', `/scim/v2/Users?attributes=userName`, {
      schemas: [USER_SCHEMA, ENTERPRISE],
      userName,
      name: { givenName: 'Pro', familyName: 'Jection' },
      [ENTERPRISE]: { department: 'Engines' },
    });
    expect(created.status, created.raw).toBe(201);
    expect(created.body).toEqual({ schemas: [USER_SCHEMA, ENTERPRISE], id: created.body.id, userName });
    // The ETag and Location headers stay.
    expect(created.headers.etag).toBe('W/"1"');
    const id = created.body.id as string;
    const only = await scim(t, org.token, 'GET', `/scim/v2/Users/${id}?attributes=name.givenName,${ENTERPRISE}:department`);
    expect(only.body).toEqual({ schemas: [USER_SCHEMA, ENTERPRISE], id, name: { givenName: 'Pro' }, [ENTERPRISE]: { department: 'Engines' } });
    const without = await scim(t, org.token, 'GET', `/scim/v2/Users?filter=${q(`userName eq "${userName}"`)}&excludedAttributes=groups,meta,name`);
    expect(without.body.Resources).toEqual([{ schemas: [USER_SCHEMA, ENTERPRISE], id, userName, active: true, [ENTERPRISE]: { department: 'Engines' } }]);
    const patched = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}?attributes=title`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'title', value: 'Engineer' }],
    });
    expect(patched.body).toEqual({ schemas: [USER_SCHEMA, ENTERPRISE], id, title: 'Engineer' });
    const groups = await scim(t, org.token, 'GET', '/scim/v2/Groups?attributes=displayName');
    expect(groups.status).toBe(200);
    expectScimError(await scim(t, org.token, 'GET', `/scim/v2/Users/${id}?attributes=userName&excludedAttributes=groups`), 400, 'invalidSyntax');
  });

  it('answers a PATCH that removes active with 400 mutability and changes nothing; a POST without a body is 400, never a 500', async () => {
    const org = await scimOrganisation(t);
    const id = (await scim(t, org.token, 'POST', '/scim/v2/Users', { schemas: [USER_SCHEMA], userName: `keep.${Date.now()}@example.com` })).body.id as string;
    const before = (await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body;
    expectScimError(
      await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'active' }] }),
      400,
      'mutability',
    );
    expect((await scim(t, org.token, 'GET', `/scim/v2/Users/${id}`)).body).toEqual(before);
    expectScimError(await scim(t, org.token, 'POST', '/scim/v2/Users', undefined, SCIM_JSON), 400);
    expectScimError(await scim(t, org.token, 'PATCH', `/scim/v2/Users/${id}`, undefined, { 'content-type': 'application/json' }), 400);
  });
});
