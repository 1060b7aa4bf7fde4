import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectScimError, PATCH_OP, scim, scimOrganisation, USER_SCHEMA, type ScimOrg } from './scim-support.ts';

/**
 * Issue 27: RFC 7644's own examples that apply to this service provider, sent as the RFC writes
 * them (§3.3 create, §3.4.1 read, §3.4.2.2 every filter example, §3.4.2.4 paging, §3.5.1 replace,
 * §3.5.2 every PATCH example on users and groups, §3.6 delete, §3.14 versions, §3.12 errors).
 */

let t: TestApp;
let org: ScimOrg;
let bjensen: string;
let group: string;
beforeAll(async () => {
  t = await createTestApp();
  org = await scimOrganisation(t);
});
afterAll(async () => t.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown, headers?: Record<string, string>) =>
  scim(t, org.token, method, url, body, headers);

describe('RFC 7644 examples: POST /scim/v2/Users, GET /scim/v2/Users/:id, PUT /scim/v2/Users/:id', () => {
  it('§3.3 creates bjensen, §3.4.1 reads her with her version, §3.5.1 replaces her', async () => {
    const created = await call('POST', '/scim/v2/Users', {
      schemas: [USER_SCHEMA],
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara' },
    });
    expect(created.status, created.raw).toBe(201);
    bjensen = created.body.id;
    expect(created.body.meta).toMatchObject({ resourceType: 'User', version: 'W/"1"' });
    expect(created.body.meta.created).toBe(created.body.meta.lastModified);

    const read = await call('GET', `/scim/v2/Users/${bjensen}`);
    expect(read.body).toMatchObject({ userName: 'bjensen', externalId: 'bjensen', name: { formatted: 'Ms. Barbara J Jensen III' } });
    expect(read.headers.etag).toBe('W/"1"');

    const replaced = await call('PUT', `/scim/v2/Users/${bjensen}`, {
      schemas: [USER_SCHEMA],
      id: bjensen,
      userName: 'bjensen',
      externalId: 'bjensen',
      name: { formatted: 'Ms. Barbara J Jensen III', familyName: 'Jensen', givenName: 'Barbara', middleName: 'Jane' },
      roles: [],
      userType: 'Employee',
      title: 'Tour Guide',
      emails: [
        { value: 'bjensen@example.com', type: 'work' },
        { value: 'babs@jensen.org', type: 'home' },
      ],
      addresses: [{ type: 'work', streetAddress: '100 Universal City Plaza', locality: 'Hollywood', region: 'CA', postalCode: '91608', country: 'USA' }],
    });
    expect(replaced.status, replaced.raw).toBe(200);
    expect(replaced.body).toMatchObject({ name: { middleName: 'Jane' }, title: 'Tour Guide', meta: { version: 'W/"2"' } });
    expect(replaced.body).not.toHaveProperty('roles');
    // Two more users for the filters below.
    await call('POST', '/scim/v2/Users', { userName: 'jsmith', userType: 'Intern', name: { familyName: "O'Malley" }, emails: [{ value: 'j@example.org' }] });
    await call('POST', '/scim/v2/Users', { userName: 'Jdoe', userType: 'Contractor', emails: [{ value: 'jdoe@elsewhere.net', type: 'work' }] });
  });
});

describe('RFC 7644 §3.4.2.2 filters: GET /scim/v2/Users?filter', () => {
  const filtered = async (filter: string) => {
    const res = await call('GET', `/scim/v2/Users?filter=${encodeURIComponent(filter)}`);
    expect(res.status, `${filter}: ${res.raw}`).toBe(200);
    return res.body.Resources.map((r: { userName: string }) => r.userName).sort();
  };
  it.each([
    ['userName eq "bjensen"', ['bjensen']],
    [`name.familyName co "O'Malley"`, ['jsmith']],
    ['userName sw "J"', ['Jdoe', 'jsmith']],
    ['urn:ietf:params:scim:schemas:core:2.0:User:userName sw "J"', ['Jdoe', 'jsmith']],
    ['title pr', ['bjensen']],
    ['meta.lastModified gt "2011-05-13T04:42:34Z"', ['Jdoe', 'bjensen', 'jsmith']],
    ['meta.lastModified ge "2011-05-13T04:42:34Z"', ['Jdoe', 'bjensen', 'jsmith']],
    ['meta.lastModified lt "2011-05-13T04:42:34Z"', []],
    ['meta.lastModified le "2011-05-13T04:42:34Z"', []],
    ['title pr and userType eq "Employee"', ['bjensen']],
    ['title pr or userType eq "Intern"', ['bjensen', 'jsmith']],
    ['schemas eq "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"', []],
    ['userType eq "Employee" and (emails co "example.com" or emails.value co "example.org")', ['bjensen']],
    ['userType ne "Employee" and not (emails co "example.com" or emails.value co "example.org")', ['Jdoe']],
    ['userType eq "Employee" and (emails.type eq "work")', ['bjensen']],
    ['userType eq "Employee" and emails[type eq "work" and value co "@example.com"]', ['bjensen']],
    ['emails[type eq "work" and value co "@example.com"] or ims[type eq "xmpp" and value co "@foo.com"]', ['bjensen']],
  ])('%s', async (filter, expected) => {
    expect(await filtered(filter)).toEqual(expected);
  });

  it('§3.4.2.4 pages with startIndex=1&count=10', async () => {
    const page = await call('GET', '/scim/v2/Users?startIndex=1&count=10');
    expect(page.body).toMatchObject({ totalResults: 3, itemsPerPage: 3, startIndex: 1 });
  });
});

describe('RFC 7644 §3.5.2 PATCH /scim/v2/Users/:id and PATCH /scim/v2/Groups/:id', () => {
  it('§3.5.2.1 adds members to a group and attributes to a user without a path', async () => {
    group = (await call('POST', '/scim/v2/Groups', { schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'], displayName: 'Tour Guides' })).body.id;
    const added = await call('PATCH', `/scim/v2/Groups/${group}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: [{ display: 'Babs Jensen', $ref: `https://example.com/v2/Users/${bjensen}`, value: bjensen }] }],
    });
    expect(added.body.members).toEqual([{ value: bjensen, display: 'bjensen', $ref: `${t.config.publicUrl}/scim/v2/Users/${bjensen}`, type: 'User' }]);

    const user = await call('PATCH', `/scim/v2/Users/${bjensen}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'add',
          value: {
            emails: [
              { value: 'babs@jensen.org', type: 'home' },
              { value: 'b@jensen.org', type: 'other' },
            ],
            nickName: 'Babs',
          },
        },
      ],
    });
    expect(user.body.nickName).toBe('Babs');
    expect(user.body.emails.map((e: { value: string }) => e.value)).toEqual(['bjensen@example.com', 'babs@jensen.org', 'b@jensen.org']);
  });

  it('§3.5.2.2 removes one member, all members, filtered values, and removes and adds in one request', async () => {
    const others = (await call('GET', `/scim/v2/Users?filter=${encodeURIComponent('userName sw "j"')}`)).body.Resources.map((r: { id: string }) => r.id);
    await call('PATCH', `/scim/v2/Groups/${group}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'add', path: 'members', value: others.map((value: string) => ({ value })) }],
    });
    const one = await call('PATCH', `/scim/v2/Groups/${group}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: `members[value eq "${bjensen}"]` }],
    });
    expect(one.body.members.map((m: { value: string }) => m.value).sort()).toEqual([...others].sort());
    const all = await call('PATCH', `/scim/v2/Groups/${group}`, { schemas: [PATCH_OP], Operations: [{ op: 'remove', path: 'members' }] });
    expect(all.body.members).toEqual([]);
    const both = await call('PATCH', `/scim/v2/Groups/${group}`, {
      schemas: [PATCH_OP],
      Operations: [
        { op: 'add', path: 'members', value: [{ value: bjensen }] },
        { op: 'remove', path: `members[value eq "${bjensen}"]` },
        { op: 'add', path: 'members', value: [{ value: others[0] }] },
      ],
    });
    expect(both.body.members.map((m: { value: string }) => m.value)).toEqual([others[0]]);
    const emails = await call('PATCH', `/scim/v2/Users/${bjensen}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'remove', path: 'emails[type eq "work" and value ew "example.com"]' }],
    });
    expect(emails.body.emails.map((e: { type: string }) => e.type)).toEqual(['home', 'other']);
  });

  it('§3.5.2.3 replaces members, a filtered complex value, its sub-attribute and attributes without a path', async () => {
    const replaced = await call('PATCH', `/scim/v2/Groups/${group}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'members', value: [{ value: bjensen }] }],
    });
    expect(replaced.body.members.map((m: { value: string }) => m.value)).toEqual([bjensen]);
    const address = await call('PATCH', `/scim/v2/Users/${bjensen}`, {
      schemas: [PATCH_OP],
      Operations: [
        {
          op: 'replace',
          path: 'addresses[type eq "work"]',
          value: {
            type: 'work',
            streetAddress: '911 Universal City Plaza',
            locality: 'Hollywood',
            region: 'CA',
            postalCode: '91608',
            country: 'US',
            primary: true,
          },
        },
        { op: 'replace', path: 'addresses[type eq "work"].streetAddress', value: '1010 Broadway Ave' },
        { op: 'replace', value: { emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }], nickName: 'Barbie' } },
      ],
    });
    expect(address.status, address.raw).toBe(200);
    expect(address.body.addresses).toEqual([expect.objectContaining({ streetAddress: '1010 Broadway Ave', country: 'US', primary: true })]);
    expect(address.body).toMatchObject({ nickName: 'Barbie', emails: [{ value: 'bjensen@example.com', type: 'work', primary: true }] });
  });
});

describe('RFC 7644 §3.14 versions and §3.6 DELETE /scim/v2/Users/:id, DELETE /scim/v2/Groups/:id', () => {
  it('refuses a stale If-Match (412), deletes with the current one, and then answers 404 in the §3.12 error form', async () => {
    const current = (await call('GET', `/scim/v2/Users/${bjensen}`)).headers.etag as string;
    expectScimError(
      await call(
        'PATCH',
        `/scim/v2/Users/${bjensen}`,
        { schemas: [PATCH_OP], Operations: [{ op: 'add', path: 'nickName', value: 'x' }] },
        { 'if-match': 'W/"1"' },
      ),
      412,
    );
    expect((await call('DELETE', `/scim/v2/Users/${bjensen}`, undefined, { 'if-match': current })).status).toBe(204);
    const gone = await call('GET', `/scim/v2/Users/${bjensen}`);
    expectScimError(gone, 404);
    expect((await call('GET', `/scim/v2/Groups/${group}`)).body.members).toEqual([]);
    expect((await call('DELETE', `/scim/v2/Groups/${group}`)).status).toBe(204);
    expectScimError(await call('DELETE', `/scim/v2/Groups/${group}`), 404);
  });
});
