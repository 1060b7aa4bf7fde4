import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectD4 } from '../support/factories.ts';
import { OIDC_BUTTON_LABEL, type OidcTestProvider } from '../support/oidc-test-provider.ts';
import { companySignIn, createCompanySignInApp, sessionOf } from '../support/company-sign-in.ts';
import { ageSession } from '../support/sessions.ts';

/**
 * Issue 13.7: company sign-in with better-auth's genericOAuth plugin against a real OpenID
 * provider (the `oidc-provider` package) started here. The provider's own login and consent
 * screens are filled in as a browser would (form posts, cookies, redirects).
 */

describe('without company sign-in configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('shows no button (app config) and has no provider', async () => {
    expect((await t.get('/app-config.json')).body.companySignIn).toBeUndefined();
    const res = await t.post('/api/auth/sign-in/social', { provider: 'oidc' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('refuses incomplete settings at start, naming them', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(ConfigError);
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'x' })).toThrow(/OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET/);
    expect(() => loadConfig({ OIDC_ISSUER: 'not a url', OIDC_CLIENT_ID: 'x', OIDC_CLIENT_SECRET: 'y' })).toThrow(/OIDC_ISSUER/);
  });
});

describe('with company sign-in configured', () => {
  let t: TestApp;
  let provider: OidcTestProvider;
  beforeAll(async () => {
    ({ t, provider } = await createCompanySignInApp());
  });
  afterAll(async () => t.close());

  it('tells the owner app the button’s text (GET /app-config.json)', async () => {
    expect((await t.get('/app-config.json')).body.companySignIn).toEqual({ providerId: 'oidc', label: OIDC_BUTTON_LABEL });
  });

  it('starts at the provider with PKCE and a state', async () => {
    const res = await t.post('/api/auth/sign-in/social', { provider: 'oidc', callbackURL: '/login?sso=done', disableRedirect: true });
    expect(res.status, res.raw).toBe(200);
    const url = new URL(res.body.url);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(provider.env.OIDC_CLIENT_ID);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toEqual(expect.any(String));
    expect(url.searchParams.get('scope')).toContain('email');
  });

  it('answers 400 naming the field for bad input, never 500', async () => {
    expect(expectD4(await t.post('/api/auth/sign-in/social', {}), 400).field).toBe('provider');
    const unknown = await t.post('/api/auth/sign-in/social', { provider: 'other' });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.status).toBeLessThan(500);
  });

  it('signs a new person in: an account with the verified company address', async () => {
    const email = `new-${Date.now()}@corp.example`;
    const { location, jar } = await companySignIn(t, provider, email);
    expect(location).toBe('/login?sso=done');
    const session = await sessionOf(t, jar);
    expect(session?.user).toMatchObject({ email, emailVerified: true });
    // The owner app then works with the session's token as a bearer token.
    const owner = await t.call({ method: 'GET', url: '/find/own/profiles/active', headers: { authorization: `Bearer ${session!.session.token}` } });
    expect(owner.status).toBe(200);
    const accounts = await t.app.db.selectFrom('account').select(['providerId', 'accountId']).where('userId', '=', session!.user.id).execute();
    expect(accounts).toEqual([{ providerId: 'oidc', accountId: email }]);
  });

  it('deletes an account without a password after a fresh company sign-in only (403 requires-recent-login otherwise)', async () => {
    const email = `leaving-${Date.now()}@corp.example`;
    const { jar } = await companySignIn(t, provider, email);
    const session = (await sessionOf(t, jar))!;
    const auth = { authorization: `Bearer ${session.session.token}` };
    await ageSession(t, session.session, 10);
    expectD4(await t.call({ method: 'POST', url: '/account/delete', payload: {}, headers: auth }), 403, 'requires-recent-login');
    expect(await t.app.db.selectFrom('user').select('id').where('id', '=', session.user.id).executeTakeFirst()).toBeDefined();
    // Signed in again with the company account: the deletion needs no password.
    const fresh = (await sessionOf(t, (await companySignIn(t, provider, email)).jar))!;
    const res = await t.call({ method: 'POST', url: '/account/delete', payload: {}, headers: { authorization: `Bearer ${fresh.session.token}` } });
    expect(res.status, res.raw).toBe(200);
    expect(await t.app.db.selectFrom('user').select('id').where('id', '=', session.user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.app.db.selectFrom('account').select('id').where('userId', '=', session.user.id).execute()).toEqual([]);
  });

  it('joins an existing account with the same verified address', async () => {
    const user = await t.signUp({ email: `known-${Date.now()}@corp.example` });
    const { location, jar } = await companySignIn(t, provider, user.email);
    expect(location).toBe('/login?sso=done');
    const session = await sessionOf(t, jar);
    expect(session?.user.id).toBe(user.userId);
    const providers = (await t.app.db.selectFrom('account').select('providerId').where('userId', '=', user.userId).execute()).map((a) => a.providerId).sort();
    expect(providers).toEqual(['credential', 'oidc']);
    // Issue 20: a new way into the account is told to its address.
    const mails = (await t.get('/_dev/mail')).body as Array<{ to: string; subject: string }>;
    expect(mails.filter((m) => m.to === user.email).map((m) => m.subject)).toContain('New way to sign in');
  });

  it('does not join an account whose own address was never verified', async () => {
    const user = await t.signUp({ email: `unverified-${Date.now()}@corp.example`, verified: false });
    const { location, jar } = await companySignIn(t, provider, user.email);
    expect(location).toMatch(/^\/login\?sso=failed&error=/);
    expect(await sessionOf(t, jar)).toBeNull();
    const providers = (await t.app.db.selectFrom('account').select('providerId').where('userId', '=', user.userId).execute()).map((a) => a.providerId);
    expect(providers).toEqual(['credential']);
  });
});
