import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4 } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { acceptInvitation } from '../support/organisations.ts';
import { expectScimError, PATCH_OP, scim, scimOrganisation } from './scim-support.ts';

/**
 * Issue 27: an organisation's SCIM tokens (made and revoked by its owners and admins, shown
 * once, stored hashed), and what a token sees: only its own organisation, never another's.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('POST /organisation/scim-token, GET /find/own/organisation/scim-tokens, POST /organisation/scim-token/revoke', () => {
  it('answers the token once, stores only its hash and lists it without the token', async () => {
    const org = await scimOrganisation(t);
    expect(org.token).toMatch(/^scim_[\w-]{40,}$/);
    const rows = await t.app.db.selectFrom('scimToken').selectAll().where('organisationId', '=', org.organisationId).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(org.token);
    const list = await t.get(`/find/own/organisation/scim-tokens?organisationId=${org.organisationId}`, org.admin);
    expect(list.status, list.raw).toBe(200);
    expect(list.body).toEqual({
      baseUrl: `${t.config.publicUrl}/scim/v2`,
      tokens: [{ id: org.tokenId, name: 'Entra ID', created: expect.any(Number), lastUsedAt: null, createdByEmail: org.admin.email }],
    });
    expect(list.raw).not.toContain(org.token);
    // Using it records when (for the Team area), at most once a minute.
    await scim(t, org.token, 'GET', '/scim/v2/Users');
    const used = await t.get(`/find/own/organisation/scim-tokens?organisationId=${org.organisationId}`, org.admin);
    expect(used.body.tokens[0].lastUsedAt).toEqual(expect.any(Number));
  });

  it("writes the making and the revoking of a token into the organisation's audit log, in the same transaction (issue 33)", async () => {
    const org = await scimOrganisation(t);
    const made = await t.post('/organisation/scim-token', { organisationId: org.organisationId, name: 'Okta' }, org.admin);
    expect((await t.post('/organisation/scim-token/revoke', { organisationId: org.organisationId, tokenId: made.body.tokenId }, org.admin)).status).toBe(200);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries as Array<{
      actorEmail: string;
      action: string;
      target: string;
      detail: string;
    }>;
    const entries = audit.filter((e) => e.action.startsWith('scim-token.')).map((e) => [e.action, e.target, e.detail, e.actorEmail]);
    expect(entries).toEqual([
      ['scim-token.revoke', 'Okta', made.body.tokenId, org.admin.email],
      ['scim-token.create', 'Okta', made.body.tokenId, org.admin.email],
      ['scim-token.create', 'Entra ID', org.tokenId, org.admin.email],
    ]);
    expect(JSON.stringify(audit)).not.toContain(made.body.token);
    // A revocation refused (another organisation's id) writes nothing.
    const other = await scimOrganisation(t);
    expectD4(await t.post('/organisation/scim-token/revoke', { organisationId: other.organisationId, tokenId: org.tokenId }, other.admin), 404);
    const otherAudit = (await t.get(`/find/own/organisation/audit?organisationId=${other.organisationId}`, other.admin)).body.entries;
    expect(otherAudit.filter((e: { action: string }) => e.action === 'scim-token.revoke')).toEqual([]);
  });

  it('is for owners and admins only: a member gets 403, another organisation 404, bad input 400 naming the field', async () => {
    const org = await scimOrganisation(t);
    const member = await t.signUp();
    await t.post('/organisation/invite', { organisationId: org.organisationId, emails: [member.email] }, org.admin);
    await acceptInvitation(t, member.email, member);
    expectD4(await t.post('/organisation/scim-token', { organisationId: org.organisationId, name: 'x' }, member), 403, 'cmc/forbidden');
    expectD4(await t.get(`/find/own/organisation/scim-tokens?organisationId=${org.organisationId}`, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/scim-token/revoke', { organisationId: org.organisationId, tokenId: org.tokenId }, member), 403);

    const other = await scimOrganisation(t);
    expectD4(await t.post('/organisation/scim-token', { organisationId: org.organisationId, name: 'x' }, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await t.get(`/find/own/organisation/scim-tokens?organisationId=${org.organisationId}`, other.admin), 404);
    // Another organisation's token id, named with one's own organisation: not found, and it keeps working.
    expectD4(await t.post('/organisation/scim-token/revoke', { organisationId: other.organisationId, tokenId: org.tokenId }, other.admin), 404);
    expect((await scim(t, org.token, 'GET', '/scim/v2/Users')).status).toBe(200);

    const bad = await t.post('/organisation/scim-token', { organisationId: org.organisationId, name: '' }, org.admin);
    expectD4(bad, 400);
    expect(bad.body.field).toBe('name');
    expectD4(await t.post('/organisation/scim-token', { organisationId: org.organisationId, name: 'x' }), 401);
  });

  it('refuses a revoked token at once, on this and on another instance', async () => {
    const org = await scimOrganisation(t);
    const second = await t.secondInstance();
    try {
      expect((await scim(second, org.token, 'GET', '/scim/v2/Users')).status).toBe(200);
      const revoked = await t.post('/organisation/scim-token/revoke', { organisationId: org.organisationId, tokenId: org.tokenId }, org.admin);
      expect(revoked.body).toEqual({ id: org.tokenId, deleted: true });
      expectScimError(await scim(t, org.token, 'GET', '/scim/v2/Users'), 401);
      expectScimError(await scim(second, org.token, 'GET', '/scim/v2/Users'), 401);
    } finally {
      await second.close();
    }
  });

  it('stops a token when its admin is no longer an owner or admin', async () => {
    const owner = await scimOrganisation(t);
    const admin = await t.signUp();
    await t.post('/organisation/invite', { organisationId: owner.organisationId, emails: [admin.email], role: 'admin' }, owner.admin);
    await acceptInvitation(t, admin.email, admin);
    const token = (await t.post('/organisation/scim-token', { organisationId: owner.organisationId, name: 'Okta' }, admin)).body.token as string;
    expect((await scim(t, token, 'GET', '/scim/v2/Users')).status).toBe(200);
    await t.post('/organisation/member/role', { organisationId: owner.organisationId, userId: admin.userId, role: 'member' }, owner.admin);
    expectScimError(await scim(t, token, 'GET', '/scim/v2/Users'), 401);
  });

  it('limits requests without a valid token per client address (429 with Retry-After)', async () => {
    const from = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: '/scim/v2/Users', remoteAddress, headers: { authorization: 'Bearer scim_guess' } });
    for (let i = 0; i < 60; i++) expect((await from('10.99.0.1')).statusCode).toBe(401);
    const limited = await from('10.99.0.1');
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(JSON.parse(limited.body)).toMatchObject({ schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'], status: '429' });
    expect((await from('10.99.0.2')).statusCode).toBe(401);
  });

  it('answers requests without a token, with a wrong one or an owner session with SCIM 401', async () => {
    const org = await scimOrganisation(t);
    const none = await t.app.inject({ method: 'GET', url: '/scim/v2/Users' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['www-authenticate']).toContain('Bearer');
    expectScimError(await scim(t, 'scim_wrong', 'GET', '/scim/v2/Users'), 401);
    expectScimError(await scim(t, org.admin.token, 'GET', '/scim/v2/Users'), 401);
  });

  it('reads the Authorization header with the one bearer parser of owner calls (scheme in any case; Basic is no token)', async () => {
    const org = await scimOrganisation(t);
    const ask = (authorization: string) => t.app.inject({ method: 'GET', url: '/scim/v2/Users', headers: { authorization } });
    expect((await ask(`bearer ${org.token}`)).statusCode).toBe(200);
    expect((await ask(`BEARER \t${org.token} `)).statusCode).toBe(200);
    expect((await ask(`Basic ${org.token}`)).statusCode).toBe(401);
    expect((await ask(`Bearer ${org.token}x`)).statusCode).toBe(401);
  });
});

describe('A SCIM token sees only its organisation: GET /scim/v2/Users, GET|PUT|PATCH|DELETE /scim/v2/Users/:id', () => {
  it("never reads, finds, changes or deletes another organisation's users", async () => {
    const a = await scimOrganisation(t);
    const b = await scimOrganisation(t);
    const userName = `shared.${Date.now()}@example.com`;
    const inA = (await scim(t, a.token, 'POST', '/scim/v2/Users', { userName, active: false })).body.id as string;
    // The same userName in another organisation is another user, not a conflict.
    const inB = await scim(t, b.token, 'POST', '/scim/v2/Users', { userName, active: false });
    expect(inB.status, inB.raw).toBe(201);

    expectScimError(await scim(t, b.token, 'GET', `/scim/v2/Users/${inA}`), 404);
    expectScimError(await scim(t, b.token, 'PUT', `/scim/v2/Users/${inA}`, { userName: 'taken' }), 404);
    expectScimError(
      await scim(t, b.token, 'PATCH', `/scim/v2/Users/${inA}`, { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'title', value: 'x' }] }),
      404,
    );
    expectScimError(await scim(t, b.token, 'DELETE', `/scim/v2/Users/${inA}`), 404);
    const listB = await scim(t, b.token, 'GET', '/scim/v2/Users');
    expect(listB.body.Resources.map((r: { id: string }) => r.id)).toEqual([inB.body.id]);
    const found = await scim(t, b.token, 'GET', `/scim/v2/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`);
    expect(found.body.Resources.map((r: { id: string }) => r.id)).toEqual([inB.body.id]);
    expectScimError(await scim(t, b.token, 'POST', '/scim/v2/Groups', { displayName: 'Steal', members: [{ value: inA }] }), 400, 'invalidValue');
    expect((await scim(t, a.token, 'GET', `/scim/v2/Users/${inA}`)).body.meta.version).toBe('W/"1"');
  });
});
