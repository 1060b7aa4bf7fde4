import { randomBytes, randomUUID } from 'node:crypto';
import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiTokenHash } from '../../server/auth/owner.guard.ts';
import { API_TOKEN_PREFIX } from '../../shared/schemas/integrations.schema.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectD4 } from '../support/factories.ts';
import { addressPool, cookiesOf } from '../support/client-addresses.ts';
import { softAuthenticator } from '../support/soft-authenticator.ts';

/**
 * Issue 20, account pre-hijacking: an attacker signs up with the victim's address and never
 * confirms it. Nothing that outlives the password can be added before the address is confirmed,
 * and a confirmation or a password reset by mail ends what was set up before it; the owner is
 * told what was removed, and of every new way into the account.
 */

let t: TestApp;
const freshAddress = addressPool('10.121');
let counter = 0;
const newEmail = () => `victim-${++counter}-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function authCall(method: 'GET' | 'POST', url: string, options: { token?: string; cookie?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return t.call({ method, url, headers, payload: options.body as object, remoteAddress: freshAddress() });
}

const ownerCall = (token: string) => t.call({ method: 'GET', url: '/find/own/profiles/active', headers: { authorization: `Bearer ${token}` } });

async function mailsTo(to: string) {
  const res = await t.get('/_dev/mail');
  return (res.body as Array<{ to: string; subject: string; text: string; links: string[] }>).filter((m) => m.to === to);
}

/** The newest mail to `to` with a link containing `part`, followed as the recipient's browser would (with `cookie` if given). */
async function followMailLink(to: string, part: string, cookie?: string) {
  const link = (await mailsTo(to)).flatMap((m) => m.links).find((l) => l.includes(part));
  expect(link, `no ${part} link to ${to}`).toBeDefined();
  const url = new URL(link!);
  return t.call({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie } : {} });
}

/** Sets a new password through the mailed reset link, as the mailbox's owner would. */
async function resetByMail(email: string, newPassword: string) {
  expect((await authCall('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } })).status).toBe(200);
  const followed = await followMailLink(email, '/api/auth/reset-password/');
  const token = new URL(String(followed.headers.location), 'http://localhost').searchParams.get('token');
  const reset = await authCall('POST', '/api/auth/reset-password', { body: { newPassword, token } });
  expect(reset.status, reset.raw).toBe(200);
}

/** A passkey sign-in with `authenticator`: the answer of verify-authentication. */
async function passkeySignIn(authenticator: ReturnType<typeof softAuthenticator>) {
  const options = await authCall('GET', '/api/auth/passkey/generate-authenticate-options');
  expect(options.status, options.raw).toBe(200);
  return authCall('POST', '/api/auth/passkey/verify-authentication', {
    cookie: cookiesOf(options),
    body: { response: authenticator.authenticate(options.body) },
  });
}

/** The attacker's sign-up with someone else's address: a session, never confirmed. */
async function attackerSignUp(email: string) {
  const up = await authCall('POST', '/api/auth/sign-up/email', { body: { email, password: 'attacker password 1', name: 'x' } });
  expect(up.status, up.raw).toBe(200);
  expect(up.body.user.emailVerified).toBe(false);
  return { token: up.body.token as string, userId: up.body.user.id as string, cookie: cookiesOf(up) };
}

/** Rows that an older version let an unconfirmed account add: a passkey, a second factor, an API token (answered) and a webhook. */
async function plantLegacyAccess(userId: string) {
  const pg = t.engine === 'postgres';
  const apiToken = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  await t.app.db
    .insertInto('apiToken')
    .values({
      id: `tok_${randomUUID().slice(0, 16)}`,
      userId,
      name: 'attacker sync',
      tokenHash: apiTokenHash(apiToken),
      scopes: 'profiles:read',
      created: Date.now(),
      lastUsedAt: null,
      organisationId: null,
    })
    .execute();
  await t.app.db
    .insertInto('passkey')
    .values({
      id: randomUUID(),
      name: 'attacker key',
      publicKey: 'pk',
      userId,
      credentialID: randomUUID(),
      counter: 0,
      deviceType: 'singleDevice',
      backedUp: pg ? false : 0,
      transports: null,
      createdAt: new Date().toISOString(),
      aaguid: null,
    })
    .execute();
  await t.app.db
    .insertInto('twoFactor')
    .values({ id: randomUUID(), secret: 's', backupCodes: 'b', userId, verified: pg ? true : 1, failedVerificationCount: 0, lockedUntil: null })
    .execute();
  await t.app.db
    .updateTable('user')
    .set({ twoFactorEnabled: pg ? true : 1 })
    .where('id', '=', userId)
    .execute();
  // A company sign-in (an OIDC link to the account), as before unconfirmed accounts were refused one.
  const linked = new Date().toISOString();
  await t.app.db
    .insertInto('account')
    .values({
      id: randomUUID(),
      accountId: `oidc-${randomUUID()}`,
      providerId: 'oidc',
      userId,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scope: null,
      password: null,
      createdAt: linked,
      updatedAt: linked,
    })
    .execute();
  const now = Date.now();
  await t.app.db
    .insertInto('webhookEndpoint')
    .values({
      id: `wh_${randomUUID().slice(0, 16)}`,
      userId,
      organisationId: null,
      url: 'https://attacker.example.com/leads',
      description: '',
      events: 'lead.created',
      secret: 'whsec_x',
      previousSecret: null,
      previousSecretUntil: null,
      enabled: 1,
      disabledReason: null,
      failingSince: null,
      created: now,
      updated: now,
    })
    .execute();
  // The token works until the address is proven.
  expect((await ownerCall(apiToken)).status).toBe(200);
  return { apiToken };
}

const countOf = async (table: 'passkey' | 'twoFactor' | 'session' | 'apiToken' | 'webhookEndpoint', userId: string) =>
  (await t.app.db.selectFrom(table).select('userId').where('userId', '=', userId).execute()).length;

/** The account's sign-in methods by provider ('credential' is the password). */
const signInMethodsOf = async (userId: string) =>
  (await t.app.db.selectFrom('account').select('providerId').where('userId', '=', userId).orderBy('providerId').execute()).map((m) => m.providerId);

describe('an account whose address is not confirmed', () => {
  it('can add no passkey, no second factor and no other address (403 email-not-verified)', async () => {
    const attacker = await attackerSignUp(newEmail());
    expectD4(await authCall('GET', '/api/auth/passkey/generate-register-options', { token: attacker.token }), 403, 'email-not-verified');
    expectD4(await authCall('POST', '/api/auth/passkey/verify-registration', { token: attacker.token, body: { response: {} } }), 403, 'email-not-verified');
    expectD4(
      await authCall('POST', '/api/auth/two-factor/enable', { token: attacker.token, body: { password: 'attacker password 1' } }),
      403,
      'email-not-verified',
    );
    expectD4(await authCall('POST', '/api/auth/change-email', { token: attacker.token, body: { newEmail: `other-${newEmail()}` } }), 403, 'email-not-verified');
    expect(await countOf('passkey', attacker.userId)).toBe(0);
    expect(await countOf('twoFactor', attacker.userId)).toBe(0);
  });

  it('can make no API token, no webhook and no organisation, which would outlive its password (403 email-not-verified)', async () => {
    const attacker = await attackerSignUp(newEmail());
    const token = await authCall('POST', '/api-token/create', { token: attacker.token, body: { name: 'sync', scopes: ['profiles:read', 'leads:read'] } });
    expectD4(token, 403, 'email-not-verified');
    const webhook = await authCall('POST', '/webhook/create', {
      token: attacker.token,
      body: { url: 'https://hooks.example.com/in', events: ['lead.created'] },
    });
    expectD4(webhook, 403, 'email-not-verified');
    // An organisation's invited admins and SCIM tokens would stay when the owner takes the account back.
    expectD4(await authCall('POST', '/organisation/create', { token: attacker.token, body: { name: 'Attacker GmbH' } }), 403, 'email-not-verified');
    expect((await t.app.db.selectFrom('organisationMember').select('userId').where('userId', '=', attacker.userId).execute()).length).toBe(0);
    expect(await countOf('apiToken', attacker.userId)).toBe(0);
    expect(await countOf('webhookEndpoint', attacker.userId)).toBe(0);
  });
});

describe('the victim takes the address back by a password reset', () => {
  it('ends the attacker’s session, passkey, second factor, API token and webhook, confirms the address and tells the owner', async () => {
    const email = newEmail();
    const attacker = await attackerSignUp(email);
    const planted = await plantLegacyAccess(attacker.userId);
    // The victim is told the address is in use, and resets the password by mail.
    expectD4(await authCall('POST', '/api/auth/sign-up/email', { body: { email, password: 'victim password 1', name: 'v' } }), 422, 'email-already-in-use');
    expect((await authCall('POST', '/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' } })).status).toBe(200);
    const followed = await followMailLink(email, '/api/auth/reset-password/');
    const token = new URL(String(followed.headers.location), 'http://localhost').searchParams.get('token');
    const reset = await authCall('POST', '/api/auth/reset-password', { body: { newPassword: 'victim password 1', token } });
    expect(reset.status, reset.raw).toBe(200);

    expect((await ownerCall(attacker.token)).status).toBe(401);
    expect((await ownerCall(planted.apiToken)).status).toBe(401);
    expect(await countOf('passkey', attacker.userId)).toBe(0);
    expect(await countOf('twoFactor', attacker.userId)).toBe(0);
    expect(await countOf('apiToken', attacker.userId)).toBe(0);
    const signIn = await authCall('POST', '/api/auth/sign-in/email', { body: { email, password: 'victim password 1' } });
    expect(signIn.status, signIn.raw).toBe(200);
    expect(signIn.body.token).toEqual(expect.any(String));
    expect(signIn.body.user).toMatchObject({ emailVerified: true, twoFactorEnabled: false });
    const notice = (await mailsTo(email)).find((m) => /Security of your account/.test(m.subject));
    expect(notice?.text).toContain('attacker key');
    expect(notice?.text).toMatch(/Two-factor sign-in was turned off/);
    expect(notice?.text).toMatch(/Removed API tokens: attacker sync/);
    expect(await countOf('webhookEndpoint', attacker.userId)).toBe(0);
    expect(notice?.text).toMatch(/Removed webhooks: https:\/\/attacker\.example\.com\/leads/);
    // The attacker's company sign-in ends; the password the victim just set stays.
    expect(await signInMethodsOf(attacker.userId)).toEqual(['credential']);
    expect(notice?.text).toMatch(/Removed ways to sign in: oidc/);
  });

  it('a reset of a confirmed account also removes every passkey, second factor and API token made before it', async () => {
    const user = await t.signUp();
    const planted = await plantLegacyAccess(user.userId);
    expect((await authCall('POST', '/api/auth/request-password-reset', { body: { email: user.email, redirectTo: '/reset-password' } })).status).toBe(200);
    const followed = await followMailLink(user.email, '/api/auth/reset-password/');
    const token = new URL(String(followed.headers.location), 'http://localhost').searchParams.get('token');
    expect((await authCall('POST', '/api/auth/reset-password', { body: { newPassword: 'a new good password', token } })).status).toBe(200);
    expect(await countOf('passkey', user.userId)).toBe(0);
    expect(await countOf('session', user.userId)).toBe(0);
    expect((await ownerCall(planted.apiToken)).status).toBe(401);
    // A confirmed owner's own webhooks and company sign-ins are theirs, not a way in: they stay.
    expect(await countOf('webhookEndpoint', user.userId)).toBe(1);
    expect(await signInMethodsOf(user.userId)).toEqual(['credential', 'oidc']);
    expect((await mailsTo(user.email)).some((m) => /Security of your account/.test(m.subject))).toBe(true);
  });
});

describe('confirming the address by the mailed link', () => {
  it('signs nobody in, and ends the sessions made before it in other browsers (the attacker’s)', async () => {
    const email = newEmail();
    const attacker = await attackerSignUp(email);
    const planted = await plantLegacyAccess(attacker.userId);
    const confirmed = await followMailLink(email, '/api/auth/verify-email');
    expect(confirmed.status, confirmed.raw).toBeLessThan(400);
    expect(String(confirmed.headers['set-cookie'] ?? '')).not.toMatch(/session_token=[^;]/);
    expect((await ownerCall(attacker.token)).status).toBe(401);
    expect((await ownerCall(planted.apiToken)).status).toBe(401);
    expect(await countOf('session', attacker.userId)).toBe(0);
    expect(await countOf('webhookEndpoint', attacker.userId)).toBe(0);
    expect(await countOf('passkey', attacker.userId)).toBe(0);
    expect(await signInMethodsOf(attacker.userId)).toEqual(['credential']);
    const row = await t.app.db.selectFrom('user').select(['emailVerified', 'twoFactorEnabled']).where('id', '=', attacker.userId).executeTakeFirstOrThrow();
    expect(Boolean(row.emailVerified)).toBe(true);
    expect(Boolean(row.twoFactorEnabled)).toBe(false);
    expect((await mailsTo(email)).some((m) => /Security of your account/.test(m.subject))).toBe(true);
  });

  it('keeps the session of the browser that signed up and opened the link (its cookie came along)', async () => {
    const email = newEmail();
    const owner = await attackerSignUp(email);
    const confirmed = await followMailLink(email, '/api/auth/verify-email', owner.cookie);
    expect(confirmed.status, confirmed.raw).toBeLessThan(400);
    const session = await authCall('GET', '/api/auth/get-session', { token: owner.token });
    expect(session.body.user.emailVerified).toBe(true);
    expect((await mailsTo(email)).some((m) => /Security of your account/.test(m.subject))).toBe(false);
  });
});

describe('notices of every new way into the account', () => {
  it('mails the account’s address when a passkey is added; a reset by mail then ends it, and it signs in no more', async () => {
    const user = await t.signUp();
    const authenticator = softAuthenticator(t.config.webAuthn);
    const options = await authCall('GET', '/api/auth/passkey/generate-register-options', { token: user.token });
    const body = { response: authenticator.register(options.body), name: 'thief key' };
    const added = await authCall('POST', '/api/auth/passkey/verify-registration', { token: user.token, cookie: cookiesOf(options), body });
    expect(added.status, added.raw).toBe(200);
    const notice = (await mailsTo(user.email)).find((m) => m.subject === 'New passkey for your account');
    expect(notice?.text).toContain('thief key');

    const signIn = await passkeySignIn(authenticator);
    expect(signIn.status, signIn.raw).toBe(200);
    const passkeySession = signIn.body.session.token as string;
    expect((await ownerCall(passkeySession)).status).toBe(200);

    await resetByMail(user.email, 'the owner’s new password');
    expect((await ownerCall(passkeySession)).status).toBe(401);
    expectD4(await passkeySignIn(authenticator), 404, 'passkey-not-found');
    const removed = (await mailsTo(user.email)).find((m) => /Security of your account/.test(m.subject));
    expect(removed?.text).toContain('thief key');
  });

  it('mails the account’s address when two-factor sign-in is turned on', async () => {
    const user = await t.signUp();
    const enabled = await authCall('POST', '/api/auth/two-factor/enable', { token: user.token, body: { password: user.password } });
    expect((await mailsTo(user.email)).some((m) => /Two-factor/.test(m.subject))).toBe(false);
    const totp = OTPAuth.URI.parse(enabled.body.totpURI) as OTPAuth.TOTP;
    expect((await authCall('POST', '/api/auth/two-factor/verify-totp', { token: user.token, body: { code: totp.generate() } })).status).toBe(200);
    const notice = (await mailsTo(user.email)).find((m) => /Two-factor sign-in turned on/.test(m.subject));
    expect(notice?.text).toMatch(/reset your password/);
  });
});
