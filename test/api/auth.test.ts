import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { CREDENTIAL_RULES } from '../../server/auth/credential-limits.ts';
import { expectD4 } from '../support/factories.ts';
import { ageSession } from '../support/sessions.ts';
import { roomInOneWindow } from '../support/rate-windows.ts';

/**
 * Identity through better-auth's own paths under /api/auth (issue 2, item 3): sign-up with a
 * verification mail, sign-in with a bearer token, SPEC 8's error codes in D4's shape,
 * password reset and change, rate limits, sign-out.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

let addressCounter = 0;
/** A fresh client address per call site, so the sign-in rate limit only trips where a test wants it. */
const freshAddress = () => `172.16.${++addressCounter % 250}.${randomBytes(1)[0]}`;
const newEmail = () => `auth-${randomBytes(5).toString('hex')}@example.com`;
const PASSWORD = 'correct horse battery';

function authPost(url: string, payload: unknown, options: { token?: string; remoteAddress?: string } = {}) {
  return t.call({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: options.remoteAddress ?? freshAddress(),
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
}

const signIn = (email: string, password: string, remoteAddress?: string) => authPost('/api/auth/sign-in/email', { email, password }, { remoteAddress });

/** The newest outbox mail to `to` (GET /_dev/mail answers newest first). */
async function newestMailTo(to: string) {
  const res = await t.get('/_dev/mail');
  expect(res.status, res.raw).toBe(200);
  const mail = (res.body as Array<{ to: string; subject: string; text: string; links: string[] }>).find((m) => m.to === to);
  expect(mail, `no mail to ${to}`).toBeDefined();
  return mail!;
}

/** Follows a link from a mail through the app, as the recipient's browser would. */
function follow(link: string) {
  const url = new URL(link);
  return t.call({ method: 'GET', url: url.pathname + url.search });
}

const ownerCall = (token: string) => t.call({ method: 'GET', url: '/find/own/profiles/active', headers: { authorization: `Bearer ${token}` } });

describe('sign-up and e-mail verification', () => {
  it('sends a verification mail into the outbox whose link verifies the user', async () => {
    const email = newEmail();
    const up = await authPost('/api/auth/sign-up/email', { email, password: PASSWORD, name: 'New Owner' });
    expect(up.status, up.raw).toBe(200);
    expect(up.body.user).toMatchObject({ email, emailVerified: false });

    const mail = await newestMailTo(email);
    expect(mail.subject).toMatch(/e-mail/i);
    const verifyLink = mail.links.find((l) => l.includes('/api/auth/verify-email'));
    expect(verifyLink, JSON.stringify(mail.links)).toBeDefined();
    expect(mail.text).toContain(verifyLink);

    const before = await signIn(email, PASSWORD);
    expect(before.body.user.emailVerified).toBe(false);

    const verified = await follow(verifyLink!);
    expect(verified.status, verified.raw).toBeLessThan(400);

    const after = await signIn(email, PASSWORD);
    expect(after.status, after.raw).toBe(200);
    expect(after.body.user.emailVerified).toBe(true);
  });

  it('keeps the outbox newest first', async () => {
    const first = newEmail();
    const second = newEmail();
    await authPost('/api/auth/sign-up/email', { email: first, password: PASSWORD, name: 'First' });
    await new Promise((r) => setTimeout(r, 5));
    await authPost('/api/auth/sign-up/email', { email: second, password: PASSWORD, name: 'Second' });
    const outbox = (await t.get('/_dev/mail')).body as Array<{ to: string; sentAt: string }>;
    const iFirst = outbox.findIndex((m) => m.to === first);
    const iSecond = outbox.findIndex((m) => m.to === second);
    expect(iSecond).toBeGreaterThanOrEqual(0);
    expect(iSecond).toBeLessThan(iFirst);
    const times = outbox.map((m) => Date.parse(m.sentAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('answers invalid-email for a malformed address', async () => {
    expectD4(await authPost('/api/auth/sign-up/email', { email: 'not-an-email', password: PASSWORD, name: 'X' }), 400, 'invalid-email');
  });

  it('answers weak-password for a password of 7 characters', async () => {
    const email = newEmail();
    expectD4(await authPost('/api/auth/sign-up/email', { email, password: 'seven77', name: 'X' }), 400, 'weak-password');
    // Nothing was created: the address is still free.
    expect((await authPost('/api/auth/sign-up/email', { email, password: 'eight888', name: 'X' })).status).toBe(200);
  });

  it('answers email-already-in-use for an address that has an account', async () => {
    const user = await t.signUp();
    const res = await authPost('/api/auth/sign-up/email', { email: user.email, password: 'another password', name: 'X' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectD4(res, res.status, 'email-already-in-use');
    // The original password still works.
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });
});

describe('sign-in', () => {
  let user: TestUser;
  beforeAll(async () => {
    user = await t.signUp();
  });

  it('answers a token that owner calls take as Bearer', async () => {
    const res = await signIn(user.email, user.password);
    expect(res.status, res.raw).toBe(200);
    expect(typeof res.body.token).toBe('string');
    expect(res.body.user).toMatchObject({ email: user.email, id: user.userId });
    const own = await ownerCall(res.body.token);
    expect(own.status, own.raw).toBe(200);
  });

  it('signs in twenty people at once, each with a working token of their own (auth calls overlap in one process)', async () => {
    const users = await Promise.all(Array.from({ length: 20 }, () => t.signUp()));
    const answers = await Promise.all(users.map((u) => signIn(u.email, u.password)));
    for (const [i, res] of answers.entries()) {
      expect(res.status, res.raw).toBe(200);
      expect(res.body.user.id).toBe(users[i].userId);
      expect((await ownerCall(res.body.token)).status).toBe(200);
    }
    // Forty password hashes on two cores: seconds when the machine is idle, far more when it is not.
  }, 120_000);

  it('accepts the signed token of the set-auth-token header as Bearer too', async () => {
    const res = await signIn(user.email, user.password);
    const signed = res.headers['set-auth-token'] as string;
    expect(signed).toContain('.');
    expect((await ownerCall(signed)).status).toBe(200);
  });

  it('answers 401 invalid-login-credentials for a wrong password', async () => {
    expectD4(await signIn(user.email, 'wrong password!'), 401, 'invalid-login-credentials');
  });

  it('answers 401 invalid-login-credentials for an unknown user, the same as a wrong password', async () => {
    const res = expectD4(await signIn(newEmail(), 'whatever password'), 401, 'invalid-login-credentials');
    const wrong = expectD4(await signIn(user.email, 'wrong password!'), 401);
    expect(res.code).toBe(wrong.code);
  });

  it('answers invalid-email for a malformed address', async () => {
    expectD4(await signIn('no-at-sign', 'whatever password'), 400, 'invalid-email');
  });

  it(`refuses an account after ${CREDENTIAL_RULES.perAccount.max} failed sign-ins from many addresses, for a window that ends, and no other account`, async () => {
    await roomInOneWindow(CREDENTIAL_RULES.perAccount, 20_000);
    const victim = await t.signUp();
    for (let i = 0; i < CREDENTIAL_RULES.perAccount.max; i++) expectD4(await signIn(victim.email, `guess ${i}`), 401, 'invalid-login-credentials');
    // Even the right password from a new address waits: the guesses came from everywhere.
    const limited = await signIn(victim.email, victim.password);
    expectD4(limited, 429, 'too-many-requests');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(CREDENTIAL_RULES.perAccount.windowMs / 1000);
    // Upper case is the same account.
    expectD4(await signIn(victim.email.toUpperCase(), victim.password), 429, 'too-many-requests');
    expect((await signIn(user.email, user.password)).status).toBe(200);
  }, 60_000);

  it(`refuses an address after ${CREDENTIAL_RULES.perAddress.max} failed sign-ins over many accounts; the accounts still sign in elsewhere`, async () => {
    await roomInOneWindow(CREDENTIAL_RULES.perAddress, 20_000);
    const address = '192.0.2.77';
    for (let i = 0; i < CREDENTIAL_RULES.perAddress.max; i++) expect((await signIn(newEmail(), 'sprayed password', address)).status).toBe(401);
    const limited = await signIn(user.email, user.password, address);
    expectD4(limited, 429, 'too-many-requests');
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(CREDENTIAL_RULES.perAddress.windowMs / 1000);
    expect((await signIn(user.email, user.password, '198.51.100.9')).status).toBe(200);
  }, 60_000);

  it('counts failures only: many colleagues behind one office address all sign in', async () => {
    const office = '192.0.2.200';
    const colleague = await t.signUp();
    for (let i = 0; i < CREDENTIAL_RULES.perAddress.max + 5; i++) {
      const res = await signIn(i % 2 ? colleague.email : user.email, i % 2 ? colleague.password : user.password, office);
      expect(res.status, res.raw).toBe(200);
    }
  }, 30_000);

  it('counts parallel guesses too: of 40 at once on one account, at most the limit get checked', async () => {
    const victim = await t.signUp();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => signIn(victim.email, `parallel guess ${i}`)));
    const checked = results.filter((r) => r.status === 401).length;
    expect(checked).toBeLessThanOrEqual(CREDENTIAL_RULES.perAccount.max);
    expect(results.filter((r) => r.status === 429).length).toBe(40 - checked);
  });
});

describe('password reset', () => {
  it('mails a reset link; POST /api/auth/reset-password {newPassword, token} sets the new password', async () => {
    const user = await t.signUp();
    const req = await authPost('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    expect(req.status, req.raw).toBe(200);

    const mail = await newestMailTo(user.email);
    const resetLink = mail.links.find((l) => l.includes('/api/auth/reset-password/'));
    expect(resetLink, JSON.stringify(mail.links)).toBeDefined();
    // The link leads the browser to the app's reset page with the token.
    const followed = await follow(resetLink!);
    expect(followed.status).toBe(302);
    const token = new URL(String(followed.headers.location), 'http://localhost').searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await authPost('/api/auth/reset-password', { newPassword: 'brand new password', token });
    expect(reset.status, reset.raw).toBe(200);

    expect((await signIn(user.email, 'brand new password')).status).toBe(200);
    expectD4(await signIn(user.email, user.password), 401, 'invalid-login-credentials');
    // Sessions from before the reset are gone.
    expectD4(await ownerCall(user.token), 401, 'cmc/unauthorized');
    // The token is single-use.
    expectD4(await authPost('/api/auth/reset-password', { newPassword: 'yet another password', token }), 400);
  });

  it('refuses a weak new password with weak-password', async () => {
    const user = await t.signUp();
    await authPost('/api/auth/request-password-reset', { email: user.email, redirectTo: '/reset-password' });
    const link = (await newestMailTo(user.email)).links.find((l) => l.includes('/api/auth/reset-password/'))!;
    const token = new URL(link).pathname.split('/').pop();
    expectD4(await authPost('/api/auth/reset-password', { newPassword: 'short', token }), 400, 'weak-password');
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('answers a made-up reset token in D4 shape and changes nothing', async () => {
    const res = await authPost('/api/auth/reset-password', { newPassword: 'brand new password', token: 'madeUpToken123' });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expectD4(res, res.status);
  });

  it('answers an unknown address like a known one, so accounts cannot be discovered', async () => {
    const res = await authPost('/api/auth/request-password-reset', { email: newEmail(), redirectTo: '/reset-password' });
    expect(res.status, res.raw).toBe(200);
  });
});

describe('POST /api/auth/update-password', () => {
  it('changes the password right after a sign-in', async () => {
    const user = await t.signUp();
    const res = await authPost('/api/auth/update-password', { newPassword: 'changed password 1' }, { token: user.token });
    expect(res.status, res.raw).toBe(200);
    expect((await signIn(user.email, 'changed password 1')).status).toBe(200);
    expectD4(await signIn(user.email, user.password), 401, 'invalid-login-credentials');
  });

  it('ends every other session and bearer token of the account at once; the changing one stays signed in', async () => {
    const user = await t.signUp();
    const laptop = (await signIn(user.email, user.password)).body.token as string;
    const stolen = (await signIn(user.email, user.password)).body.token as string;
    const bystander = await t.signUp();
    for (const token of [user.token, laptop, stolen, bystander.token]) expect((await ownerCall(token)).status).toBe(200);

    expect((await authPost('/api/auth/update-password', { newPassword: 'changed password 4' }, { token: user.token })).status).toBe(200);
    expect((await ownerCall(user.token)).status).toBe(200);
    expectD4(await ownerCall(laptop), 401, 'cmc/unauthorized');
    expectD4(await ownerCall(stolen), 401, 'cmc/unauthorized');
    const session = await t.call({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${stolen}` } });
    expect(session.body).toBeNull();
    // Another account's sessions are not touched.
    expect((await ownerCall(bystander.token)).status).toBe(200);
  });

  it('answers 403 requires-recent-login when the session is older than 5 minutes', async () => {
    const user = await t.signUp();
    await ageSession(t, user, 10);
    expectD4(await authPost('/api/auth/update-password', { newPassword: 'changed password 2' }, { token: user.token }), 403, 'requires-recent-login');
    // The old password still works; a fresh sign-in may change it.
    const fresh = await signIn(user.email, user.password);
    expect(fresh.status).toBe(200);
    expect((await authPost('/api/auth/update-password', { newPassword: 'changed password 2' }, { token: fresh.body.token })).status).toBe(200);
  });

  it('answers weak-password for a new password of 7 characters', async () => {
    const user = await t.signUp();
    expectD4(await authPost('/api/auth/update-password', { newPassword: 'seven77' }, { token: user.token }), 400, 'weak-password');
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it('answers 401 in D4 shape without a session', async () => {
    expectD4(await authPost('/api/auth/update-password', { newPassword: 'changed password 3' }), 401);
  });
});

describe('sign-out', () => {
  it('invalidates the token for owner calls and for the session', async () => {
    const user = await t.signUp();
    expect((await ownerCall(user.token)).status).toBe(200);
    const out = await authPost('/api/auth/sign-out', {}, { token: user.token });
    expect(out.status, out.raw).toBe(200);
    expectD4(await ownerCall(user.token), 401, 'cmc/unauthorized');
    const session = await t.call({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${user.token}` } });
    expect(session.body).toBeNull();
  });

  it('leaves the user’s other sessions signed in', async () => {
    const user = await t.signUp();
    const other = await signIn(user.email, user.password);
    await authPost('/api/auth/sign-out', {}, { token: user.token });
    expect((await ownerCall(other.body.token)).status).toBe(200);
  });
});
