import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { createGoogleAccessTokens, GoogleTokenError, JWT_BEARER_GRANT, WALLET_OBJECT_SCOPE, type TokenRequest } from './google-access-token.ts';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const ACCOUNT = { client_email: 'wallet@example-project.iam.gserviceaccount.com', private_key: keys.privateKey, private_key_id: 'key-1' };
const TOKEN_URL = 'https://oauth2.example.test/token';

/** A token endpoint stub that records the forms and answers tokens of `expiresIn` seconds. */
function endpoint(expiresIn = 3600) {
  const forms: URLSearchParams[] = [];
  const request: TokenRequest = async (_url, form) => {
    forms.push(form);
    return { status: 200, body: JSON.stringify({ access_token: `token-${forms.length}`, expires_in: expiresIn, token_type: 'Bearer' }) };
  };
  return { forms, request };
}

describe('Google service-account access tokens', () => {
  it('asks with an RS256 assertion of the JWT bearer grant: iss the account, the Wallet issuer scope, aud the token endpoint, an hour long', async () => {
    const { forms, request } = endpoint();
    const tokens = createGoogleAccessTokens({ account: async () => ACCOUNT, tokenUrl: TOKEN_URL, request });
    expect(await tokens.get()).toBe('token-1');
    expect(forms[0].get('grant_type')).toBe(JWT_BEARER_GRANT);
    const assertion = forms[0].get('assertion')!;
    expect(decodeProtectedHeader(assertion)).toMatchObject({ alg: 'RS256', kid: 'key-1' });
    const { payload } = await jwtVerify(assertion, createPublicKey(keys.publicKey), { issuer: ACCOUNT.client_email, audience: TOKEN_URL });
    expect(payload.scope).toBe(WALLET_OBJECT_SCOPE);
    expect(payload.exp! - payload.iat!).toBe(3600);
  });

  it('keeps the token until a minute before it expires, then asks for a new one', async () => {
    const { forms, request } = endpoint(3600);
    let clock = 1_000_000;
    const tokens = createGoogleAccessTokens({ account: async () => ACCOUNT, tokenUrl: TOKEN_URL, request, now: () => clock });
    expect(await tokens.get()).toBe('token-1');
    clock += 3_539_000;
    expect(await tokens.get()).toBe('token-1');
    clock += 1_000;
    expect(await tokens.get()).toBe('token-2');
    expect(forms).toHaveLength(2);
  });

  it('makes one request for callers that ask at the same time', async () => {
    const { forms, request } = endpoint();
    const tokens = createGoogleAccessTokens({ account: async () => ACCOUNT, tokenUrl: TOKEN_URL, request });
    expect(await Promise.all([tokens.get(), tokens.get(), tokens.get()])).toEqual(['token-1', 'token-1', 'token-1']);
    expect(forms).toHaveLength(1);
  });

  it('forgets a token the Wallet API refused, and only that one', async () => {
    const { forms, request } = endpoint();
    const tokens = createGoogleAccessTokens({ account: async () => ACCOUNT, tokenUrl: TOKEN_URL, request });
    await tokens.get();
    tokens.invalidate('some-older-token');
    expect(await tokens.get()).toBe('token-1');
    tokens.invalidate('token-1');
    expect(await tokens.get()).toBe('token-2');
    expect(forms).toHaveLength(2);
  });

  it('throws GoogleTokenError naming the status and Google’s error, without the assertion, and keeps nothing', async () => {
    let calls = 0;
    const tokens = createGoogleAccessTokens({
      account: async () => ACCOUNT,
      tokenUrl: TOKEN_URL,
      request: async () => ({
        status: ++calls === 1 ? 400 : 200,
        body: calls === 1 ? '{"error":"invalid_grant"}' : '{"access_token":"late","expires_in":3600}',
      }),
    });
    const error = await tokens.get().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GoogleTokenError);
    expect((error as Error).message).toBe('token endpoint answered 400 invalid_grant');
    expect(await tokens.get()).toBe('late');
  });

  it('throws GoogleTokenError when the endpoint cannot be reached or Google Wallet is not configured', async () => {
    const unreachable = createGoogleAccessTokens({
      account: async () => ACCOUNT,
      tokenUrl: TOKEN_URL,
      request: async () => Promise.reject(new Error('connect ECONNREFUSED')),
    });
    await expect(unreachable.get()).rejects.toThrow(/token request failed: connect ECONNREFUSED/);
    const unconfigured = createGoogleAccessTokens({ account: async () => null, tokenUrl: TOKEN_URL, request: endpoint().request });
    await expect(unconfigured.get()).rejects.toBeInstanceOf(GoogleTokenError);
  });
});
