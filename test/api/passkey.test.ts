import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestAnswer, type TestApp } from '../support/test-app.ts';
import { expectD4, storePasskey } from '../support/factories.ts';
import { addressPool, cookiesOf } from '../support/client-addresses.ts';
import { ageSession } from '../support/sessions.ts';

/**
 * Issue 13.6: passkeys through better-auth's passkey plugin and the bridge (bearer tokens,
 * D4 errors). The browser ceremony itself is tested in test/e2e/app-passkey.test.ts with
 * Chromium's virtual authenticator; here the server's side of it.
 */

let t: TestApp;
const freshAddress = addressPool('10.77');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function authCall(
  method: 'GET' | 'POST',
  url: string,
  options: { token?: string; cookie?: string; body?: unknown; address?: string } = {},
): Promise<TestAnswer> {
  const headers: Record<string, string> = { origin: t.config.publicUrl };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return t.call({
    method,
    url,
    headers,
    remoteAddress: options.address ?? freshAddress(),
    ...(method === 'POST' ? { payload: (options.body ?? {}) as object } : {}),
  });
}

describe('adding a passkey', () => {
  it('answers WebAuthn registration options for the signed-in owner, bound to the public address', async () => {
    const user = await t.signUp();
    const res = await authCall('GET', '/api/auth/passkey/generate-register-options', { token: user.token });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.rp).toEqual({ name: 'Contact Cards', id: new URL(t.config.publicUrl).hostname });
    expect(res.body.user.name).toBe(user.email);
    expect(res.body.challenge).toEqual(expect.any(String));
    expect(res.body.pubKeyCredParams.length).toBeGreaterThan(0);
    // The challenge is remembered server-side under a signed cookie the browser sends back.
    expect(cookiesOf(res)).toMatch(/better-auth-passkey=/);
  });

  it('needs a session (401) and a sign-in of the last five minutes (403 requires-recent-login)', async () => {
    expectD4(await authCall('GET', '/api/auth/passkey/generate-register-options'), 401);
    const user = await t.signUp();
    await ageSession(t, user, 10);
    expectD4(await authCall('GET', '/api/auth/passkey/generate-register-options', { token: user.token }), 403, 'requires-recent-login');
    expectD4(await authCall('POST', '/api/auth/passkey/verify-registration', { token: user.token, body: { response: {} } }), 403, 'requires-recent-login');
  });

  it('refuses an answer without its challenge, and one that does not verify', async () => {
    const user = await t.signUp();
    expectD4(await authCall('POST', '/api/auth/passkey/verify-registration', { token: user.token, body: { response: {} } }), 400, 'passkey-challenge-expired');
    const options = await authCall('GET', '/api/auth/passkey/generate-register-options', { token: user.token });
    const bogus = { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'e30' }, clientExtensionResults: {} };
    const res = await authCall('POST', '/api/auth/passkey/verify-registration', { token: user.token, cookie: cookiesOf(options), body: { response: bogus } });
    expect(res.status, res.raw).toBeGreaterThanOrEqual(400);
    expect(res.status).not.toBe(401);
    expect(await t.app.db.selectFrom('passkey').select('id').where('userId', '=', user.userId).execute()).toEqual([]);
  });
});

describe('signing in with a passkey', () => {
  it('answers authentication options to anyone, and refuses an unknown passkey (404, not a session)', async () => {
    const options = await authCall('GET', '/api/auth/passkey/generate-authenticate-options');
    expect(options.status, options.raw).toBe(200);
    expect(options.body.rpId).toBe(new URL(t.config.publicUrl).hostname);
    expect(options.body.challenge).toEqual(expect.any(String));
    const response = { id: 'dW5rbm93bg', rawId: 'dW5rbm93bg', type: 'public-key', response: {}, clientExtensionResults: {} };
    const res = await authCall('POST', '/api/auth/passkey/verify-authentication', { cookie: cookiesOf(options), body: { response } });
    expectD4(res, 404, 'passkey-not-found');
    expect(res.headers['set-auth-token']).toBeUndefined();
  });

  it('refuses an answer whose challenge is missing or already used', async () => {
    const response = { id: 'dW5rbm93bg', rawId: 'dW5rbm93bg', type: 'public-key', response: {}, clientExtensionResults: {} };
    expectD4(await authCall('POST', '/api/auth/passkey/verify-authentication', { body: { response } }), 400, 'passkey-challenge-expired');
    const options = await authCall('GET', '/api/auth/passkey/generate-authenticate-options');
    await authCall('POST', '/api/auth/passkey/verify-authentication', { cookie: cookiesOf(options), body: { response } });
    expectD4(
      await authCall('POST', '/api/auth/passkey/verify-authentication', { cookie: cookiesOf(options), body: { response } }),
      400,
      'passkey-challenge-expired',
    );
  });

  it('limits sign-in attempts per client address (30 in 10 minutes), not the addresses next to it', async () => {
    const address = freshAddress();
    for (let i = 0; i < 30; i++) expect((await authCall('GET', '/api/auth/passkey/generate-authenticate-options', { address })).status).toBe(200);
    expectD4(await authCall('GET', '/api/auth/passkey/generate-authenticate-options', { address }), 429, 'too-many-requests');
    expect((await authCall('GET', '/api/auth/passkey/generate-authenticate-options')).status).toBe(200);
  });
});

describe('listing, naming and removing passkeys', () => {
  it('lists, renames and removes the owner’s own passkeys only', async () => {
    const alice = await t.signUp();
    const mallory = await t.signUp();
    const alices = await storePasskey(t, alice, 'Phone');
    const mallorys = await storePasskey(t, mallory);
    const list = await authCall('GET', '/api/auth/passkey/list-user-passkeys', { token: alice.token });
    expect(list.status, list.raw).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: alices, name: 'Phone' })]);

    const renamed = await authCall('POST', '/api/auth/passkey/update-passkey', { token: alice.token, body: { id: alices, name: '  Laptop ' } });
    expect(renamed.status, renamed.raw).toBe(200);
    expect(renamed.body.passkey.name).toBe('Laptop');
    // Another account's passkey is as good as unknown, and the caller stays signed in (404, not 401).
    expectD4(
      await authCall('POST', '/api/auth/passkey/update-passkey', { token: alice.token, body: { id: mallorys, name: 'Mine' } }),
      404,
      'passkey-not-found',
    );
    expectD4(await authCall('POST', '/api/auth/passkey/delete-passkey', { token: alice.token, body: { id: mallorys } }), 404, 'passkey-not-found');
    expect(await t.app.db.selectFrom('passkey').select('id').where('id', '=', mallorys).execute()).toHaveLength(1);

    const removed = await authCall('POST', '/api/auth/passkey/delete-passkey', { token: alice.token, body: { id: alices } });
    expect(removed.status, removed.raw).toBe(200);
    expect((await authCall('GET', '/api/auth/passkey/list-user-passkeys', { token: alice.token })).body).toEqual([]);
    expectD4(await authCall('GET', '/api/auth/passkey/list-user-passkeys'), 401);
  });
});
