import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAnswer, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile, expectD4 } from '../support/factories.ts';
import { addressPool, cookiesOf } from '../support/client-addresses.ts';

/**
 * Issue 13.4: two-factor sign-in with an authenticator app (better-auth's twoFactor plugin
 * through the bridge). Codes are computed from the secret of the otpauth:// URI, as an
 * authenticator app does.
 */

let t: TestApp;
/** Each flow from its own address, so the per-address limit of /two-factor/* only trips where a test wants it. */
const freshAddress = addressPool('10.88');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** POST to better-auth through the bridge with a bearer token, a cookie jar and a client address. */
function authPost(url: string, body: unknown, options: { token?: string; cookie?: string; address?: string } = {}): Promise<TestAnswer> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return t.call({ method: 'POST', url, payload: body as object, headers, remoteAddress: options.address ?? freshAddress() });
}

const ownerCall = (token: string) => t.call({ method: 'GET', url: '/find/own/profiles/active', headers: { authorization: `Bearer ${token}` } });
const totpOf = (uri: string) => OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
/** A code the authenticator does not show now. */
const wrongCode = (totp: OTPAuth.TOTP) => (totp.generate() === '123456' ? '654321' : '123456');
/** better-auth's second-factor rows of an account (its secret and backup codes). */
const twoFactorRowsOf = (userId: string) => t.app.db.selectFrom('twoFactor').selectAll().where('userId', '=', userId).execute();

/** Turns two-factor sign-in on for `user`; answers the authenticator, the backup codes and the session token after the rotation. */
async function enableTwoFactor(user: TestUser) {
  const enabled = await authPost('/api/auth/two-factor/enable', { password: user.password }, { token: user.token });
  expect(enabled.status, enabled.raw).toBe(200);
  const totp = totpOf(enabled.body.totpURI);
  const confirmed = await authPost('/api/auth/two-factor/verify-totp', { code: totp.generate() }, { token: user.token });
  expect(confirmed.status, confirmed.raw).toBe(200);
  const token = String(confirmed.headers['set-auth-token']);
  return { totp, backupCodes: enabled.body.backupCodes as string[], token };
}

/** Password sign-in; with two-factor on it answers the challenge and its cookie instead of a token. */
async function passwordStep(user: TestUser, address = freshAddress()) {
  const res = await authPost('/api/auth/sign-in/email', { email: user.email, password: user.password }, { address });
  expect(res.status, res.raw).toBe(200);
  return { res, cookie: cookiesOf(res), address };
}

describe('turning two-factor sign-in on', () => {
  it('answers an otpauth URI for the app and ten backup codes; a first right code turns it on and renews the session', async () => {
    const user = await t.signUp();
    const enabled = await authPost('/api/auth/two-factor/enable', { password: user.password }, { token: user.token });
    expect(enabled.status, enabled.raw).toBe(200);
    expect(enabled.body.totpURI).toMatch(/^otpauth:\/\/totp\/Contact%20Cards:.+\?.*secret=/);
    expect(enabled.body.backupCodes).toHaveLength(10);
    expect(new Set(enabled.body.backupCodes).size).toBe(10);
    // Issue 23: no look-alike characters (0/O, 1/l/I).
    for (const code of enabled.body.backupCodes as string[]) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    for (const code of enabled.body.backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Not on before the app has shown a right code.
    expect((await t.app.db.selectFrom('user').select('twoFactorEnabled').where('id', '=', user.userId).executeTakeFirstOrThrow()).twoFactorEnabled).toBeFalsy();
    expect((await passwordStep(user)).res.body.token).toEqual(expect.any(String));

    const totp = totpOf(enabled.body.totpURI);
    const wrong = expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: wrongCode(totp) }, { token: user.token }), 400, 'invalid-code');
    expect(wrong.field).toBe('code');
    expect((await ownerCall(user.token)).status).toBe(200);

    const confirmed = await authPost('/api/auth/two-factor/verify-totp', { code: totp.generate() }, { token: user.token });
    expect(confirmed.status, confirmed.raw).toBe(200);
    const renewed = String(confirmed.headers['set-auth-token']);
    expect(renewed).not.toContain(user.token);
    expect((await ownerCall(user.token)).status).toBe(401);
    expect((await ownerCall(renewed)).status).toBe(200);
    const session = await t.call({ method: 'GET', url: '/api/auth/get-session', headers: { authorization: `Bearer ${renewed}` } });
    expect(session.body.user.twoFactorEnabled).toBe(true);
  });

  it('needs the password (400 naming the field) and a token (401)', async () => {
    const user = await t.signUp();
    expect(expectD4(await authPost('/api/auth/two-factor/enable', { password: 'not my password' }, { token: user.token }), 400, 'wrong-password')).toBeTruthy();
    expect(expectD4(await authPost('/api/auth/two-factor/enable', {}, { token: user.token }), 400).field).toBe('password');
    expectD4(await authPost('/api/auth/two-factor/enable', { password: user.password }), 401);
    expect(await twoFactorRowsOf(user.userId)).toEqual([]);
  });
});

describe('two-factor calls act on the caller’s own account only', () => {
  it('another account turning it on or off leaves this one as it is', async () => {
    const alice = await t.signUp({ password: 'alice has her own password' });
    const mallory = await t.signUp();
    const alices = await enableTwoFactor(alice);
    const mallorys = await enableTwoFactor(mallory);
    const enabledOf = async (userId: string) =>
      Boolean((await t.app.db.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirstOrThrow()).twoFactorEnabled);
    expect(await enabledOf(alice.userId)).toBe(true);
    // Mallory's password turns off Mallory's, never Alice's.
    const off = await authPost('/api/auth/two-factor/disable', { password: mallory.password }, { token: mallorys.token });
    expect(off.status, off.raw).toBe(200);
    const malloryNow = String(off.headers['set-auth-token']);
    expect(await enabledOf(alice.userId)).toBe(true);
    expect(await enabledOf(mallory.userId)).toBe(false);
    // Alice's password means nothing to Mallory's session: it is checked against Mallory's account.
    const setup = await authPost('/api/auth/two-factor/enable', { password: mallory.password }, { token: malloryNow });
    expect(setup.status, setup.raw).toBe(200);
    expectD4(await authPost('/api/auth/two-factor/disable', { password: alice.password }, { token: malloryNow }), 400, 'wrong-password');
    // Alice's authenticator does not confirm Mallory's new secret.
    expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: alices.totp.generate() }, { token: malloryNow }), 400, 'invalid-code');
    expect(await enabledOf(mallory.userId)).toBe(false);
    expect((await passwordStep(alice)).res.body).toMatchObject({ twoFactorRedirect: true });
  });
});

describe('signing in with two-factor on', () => {
  it('asks for the code after the password, and the right code answers the token', async () => {
    const user = await t.signUp();
    const { totp } = await enableTwoFactor(user);
    const { res, cookie, address } = await passwordStep(user);
    expect(res.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
    expect(res.body.token).toBeUndefined();
    expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: totp.generate() }, { address }), 401, 'two-factor-expired');
    const verified = await authPost('/api/auth/two-factor/verify-totp', { code: totp.generate() }, { cookie, address });
    expect(verified.status, verified.raw).toBe(200);
    expect((await ownerCall(verified.body.token)).status).toBe(200);
    // The challenge is used up.
    expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: totp.generate() }, { cookie, address }), 401, 'two-factor-expired');
  });

  it('takes each backup code once', async () => {
    const user = await t.signUp();
    const { backupCodes } = await enableTwoFactor(user);
    const first = await passwordStep(user);
    const signedIn = await authPost('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, first);
    expect(signedIn.status, signedIn.raw).toBe(200);
    expect((await ownerCall(signedIn.body.token)).status).toBe(200);
    const again = await passwordStep(user);
    expectD4(await authPost('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] }, again), 400, 'invalid-code');
    expect((await authPost('/api/auth/two-factor/verify-backup-code', { code: backupCodes[1] }, again)).status).toBe(200);
  });

  it('limits wrong codes: five per challenge, ten per account in 15 minutes (then even the right code waits)', async () => {
    const user = await t.signUp();
    const { totp } = await enableTwoFactor(user);
    const first = await passwordStep(user);
    for (let i = 0; i < 5; i++) expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: wrongCode(totp) }, first), 400, 'invalid-code');
    expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: totp.generate() }, first), 400, 'too-many-requests');
    // From other addresses and with new challenges, the account still locks after ten.
    const second = await passwordStep(user);
    for (let i = 0; i < 5; i++) expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: wrongCode(totp) }, second), 400, 'invalid-code');
    const third = await passwordStep(user);
    expectD4(await authPost('/api/auth/two-factor/verify-totp', { code: totp.generate() }, third), 429, 'too-many-requests');
  });

  it('limits second-factor calls per client address', async () => {
    const address = freshAddress();
    let last: TestAnswer | undefined;
    for (let i = 0; i < 31; i++) last = await authPost('/api/auth/two-factor/verify-totp', { code: '123456' }, { address });
    expectD4(last!, 429, 'too-many-requests');
  });
});

describe('turning two-factor sign-in off', () => {
  it('needs the password; afterwards sign-in asks for no code', async () => {
    const user = await t.signUp();
    const { token } = await enableTwoFactor(user);
    expectD4(await authPost('/api/auth/two-factor/disable', { password: 'not my password' }, { token }), 400, 'wrong-password');
    expect(expectD4(await authPost('/api/auth/two-factor/disable', {}, { token }), 400).field).toBe('password');
    // The refused calls kept the secret: the check below sees the account's row go.
    expect(await twoFactorRowsOf(user.userId)).toHaveLength(1);
    const off = await authPost('/api/auth/two-factor/disable', { password: user.password }, { token });
    expect(off.status, off.raw).toBe(200);
    expect((await ownerCall(String(off.headers['set-auth-token']))).status).toBe(200);
    expect((await passwordStep(user)).res.body.token).toEqual(expect.any(String));
    expect(await twoFactorRowsOf(user.userId)).toEqual([]);
  });
});

describe('deleting an account with two-factor on', () => {
  it('needs the authenticator code or a backup code besides the password', async () => {
    const user = await t.signUp();
    const { totp, token } = await enableTwoFactor(user);
    const profile = await createProfile(t, { ...user, token, auth: { authorization: `Bearer ${token}` } });
    const as = { authorization: `Bearer ${token}` };
    const del = (body: unknown) => t.call({ method: 'POST', url: '/account/delete', payload: body as object, headers: as });
    expect(expectD4(await del({ password: user.password }), 400, 'invalid-code').field).toBe('code');
    expect(expectD4(await del({ password: user.password, code: wrongCode(totp) }), 400, 'invalid-code').field).toBe('code');
    expect(expectD4(await del({ password: user.password, code: 'AAAAA-BBBBB' }), 400, 'invalid-code').field).toBe('code');
    expect((await t.post('/profile/show', { profileId: profile.id })).status).toBe(200);
    // A pending sign-in challenge names the account in better-auth's verification table.
    await passwordStep(user);
    expect(await t.app.db.selectFrom('verification').select('id').where('value', '=', user.userId).execute()).not.toEqual([]);
    const done = await del({ password: user.password, code: totp.generate() });
    expect(done.status, done.raw).toBe(200);
    expect(await t.app.db.selectFrom('verification').select('id').where('value', '=', user.userId).execute()).toEqual([]);
    expect(await twoFactorRowsOf(user.userId)).toEqual([]);
    expectD4(await t.post('/profile/show', { profileId: profile.id }), 404, 'cmc/profile-not-found');
  });
});
