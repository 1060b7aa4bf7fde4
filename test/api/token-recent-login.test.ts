import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4 } from '../support/factories.ts';
import { ageSession } from '../support/sessions.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 20, "sudo mode": POST /api-token/create and POST /organisation/scim-token make a
 * credential that outlives the session (sign-out of other devices, a password change), so they
 * need a session opened in the last five minutes: a stolen session token cannot mint one.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** The same account signed in again: a new session, opened now. */
async function signInAgain(user: TestUser): Promise<TestUser> {
  const res = await t.post('/api/auth/sign-in/email', { email: user.email, password: user.password });
  expect(res.status, res.raw).toBe(200);
  const token = res.body.token as string;
  return { ...user, token, auth: { authorization: `Bearer ${token}` } };
}

const countApiTokens = async (userId: string) => (await t.app.db.selectFrom('apiToken').select('id').where('userId', '=', userId).execute()).length;
const countScimTokens = async (organisationId: string) =>
  (await t.app.db.selectFrom('scimToken').select('id').where('organisationId', '=', organisationId).execute()).length;

describe('POST /api-token/create needs a sign-in of the last five minutes', () => {
  it('refuses a session older than five minutes with 403 requires-recent-login and creates nothing; a fresh sign-in succeeds', async () => {
    const owner = await t.signUp();
    await ageSession(t, owner, 6);
    expectD4(await t.post('/api-token/create', { name: 'CRM sync', scopes: ['leads:read'] }, owner), 403, 'requires-recent-login');
    expect(await countApiTokens(owner.userId)).toBe(0);
    // The old session still reads the account: only the token is refused.
    expect((await t.get('/find/own/api-tokens', owner)).status).toBe(200);

    const fresh = await signInAgain(owner);
    const made = await t.post('/api-token/create', { name: 'CRM sync', scopes: ['leads:read'] }, fresh);
    expect(made.status, made.raw).toBe(200);
    expect(await countApiTokens(owner.userId)).toBe(1);
    // The aged session stays refused after the fresh one made a token.
    expectD4(await t.post('/api-token/create', { name: 'Other', scopes: ['leads:read'] }, owner), 403, 'requires-recent-login');
    expect(await countApiTokens(owner.userId)).toBe(1);
  });

  it('accepts a session opened four minutes ago', async () => {
    const owner = await t.signUp();
    await ageSession(t, owner, 4);
    expect((await t.post('/api-token/create', { name: 'CRM sync', scopes: ['leads:read'] }, owner)).status).toBe(200);
  });

  it('never lets an API token create a token, however fresh its owner’s session', async () => {
    const owner = await t.signUp();
    const { token } = (await t.post('/api-token/create', { name: 'All', scopes: ['leads:read', 'profiles:write'] }, owner)).body as { token: string };
    const asToken = { ...owner, token, auth: { authorization: `Bearer ${token}` } };
    expectD4(await t.post('/api-token/create', { name: 'escalate', scopes: ['leads:read'] }, asToken), 403, 'cmc/insufficient-scope');
    const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, owner)).body.organisationId as string;
    expectD4(await t.post('/organisation/scim-token', { organisationId, name: 'escalate' }, asToken), 403, 'cmc/insufficient-scope');
    expect(await countApiTokens(owner.userId)).toBe(1);
    expect(await countScimTokens(organisationId)).toBe(0);
  });
});

describe('POST /organisation/scim-token needs a sign-in of the last five minutes', () => {
  it('refuses a session older than five minutes with 403 requires-recent-login and creates nothing; a fresh sign-in succeeds', async () => {
    const admin = await t.signUp();
    const created = await t.post('/organisation/create', { name: 'Acme' }, admin);
    expect(created.status, created.raw).toBe(200);
    const organisationId = created.body.organisationId as string;
    await ageSession(t, admin, 6);
    expectD4(await t.post('/organisation/scim-token', { organisationId, name: 'Entra ID' }, admin), 403, 'requires-recent-login');
    expect(await countScimTokens(organisationId)).toBe(0);
    expect((await t.get(`/find/own/organisation/scim-tokens?organisationId=${organisationId}`, admin)).status).toBe(200);

    const fresh = await signInAgain(admin);
    const made = await t.post('/organisation/scim-token', { organisationId, name: 'Entra ID' }, fresh);
    expect(made.status, made.raw).toBe(200);
    expect(await countScimTokens(organisationId)).toBe(1);
    expectD4(await t.post('/organisation/scim-token', { organisationId, name: 'Okta' }, admin), 403, 'requires-recent-login');
    expect(await countScimTokens(organisationId)).toBe(1);
  });
});
