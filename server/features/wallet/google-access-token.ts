import { createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import type { GoogleServiceAccount } from './google-wallet.builder.ts';

/** The OAuth scope of the Wallet API's issuer calls. */
export const WALLET_OBJECT_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
/** RFC 7523's grant type: the service account's signed JWT is the grant. */
export const JWT_BEARER_GRANT = 'urn:ietf:params:oauth:grant-type:jwt-bearer';
/** A token is used until this long before it expires, so none runs out on its way to Google. */
export const TOKEN_RENEW_MARGIN_MS = 60_000;
/** A token request that takes longer is given up (the update is retried later). */
export const TOKEN_TIMEOUT_MS = 10_000;

/** Why no token came: the update is retried later. */
export class GoogleTokenError extends Error {
  override name = 'GoogleTokenError';
}

/** What the token endpoint answered, as the request function hands it over. */
export interface TokenAnswer {
  status: number;
  body: string;
}

/** Posts the form to the token endpoint; fetch by default, a stub in unit tests. */
export type TokenRequest = (url: string, form: URLSearchParams) => Promise<TokenAnswer>;

const fetchToken: TokenRequest = async (url, form) => {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: form,
    redirect: 'error',
    signal: AbortSignal.timeout(TOKEN_TIMEOUT_MS),
  });
  return { status: res.status, body: (await res.text()).slice(0, 64 * 1024) };
};

/**
 * Access tokens of the service account for the Wallet API (issue 26), by the OAuth 2.0 JWT
 * bearer grant (RFC 7523) as Google documents it for service accounts: an RS256 assertion with
 * `iss` = the account's e-mail, `scope` = the Wallet issuer scope, `aud` = the token endpoint,
 * an hour's lifetime. A token is kept until shortly before it expires and shared by every update
 * of this process; concurrent callers wait for the one request in flight.
 */
export function createGoogleAccessTokens(deps: {
  account: () => Promise<GoogleServiceAccount | null>;
  tokenUrl: string;
  request?: TokenRequest;
  now?: () => number;
}) {
  const request = deps.request ?? fetchToken;
  const now = deps.now ?? Date.now;
  let cached: { token: string; renewAt: number } | undefined;
  let inFlight: Promise<string> | undefined;

  async function fetchNew(): Promise<string> {
    const account = await deps.account();
    if (!account) throw new GoogleTokenError('Google Wallet is not configured');
    const issuedAt = Math.floor(now() / 1000);
    const assertion = await new SignJWT({ scope: WALLET_OBJECT_SCOPE })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', ...(account.private_key_id ? { kid: account.private_key_id } : {}) })
      .setIssuer(account.client_email)
      .setAudience(deps.tokenUrl)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + 3600)
      .sign(createPrivateKey(account.private_key));
    let answer: TokenAnswer;
    try {
      answer = await request(deps.tokenUrl, new URLSearchParams({ grant_type: JWT_BEARER_GRANT, assertion }));
    } catch (error) {
      throw new GoogleTokenError(`token request failed: ${(error as Error).message}`);
    }
    let parsed: { access_token?: unknown; expires_in?: unknown; error?: unknown } = {};
    try {
      parsed = JSON.parse(answer.body) as typeof parsed;
    } catch {
      /* reported below */
    }
    if (answer.status !== 200 || typeof parsed.access_token !== 'string' || !parsed.access_token) {
      // Google names the reason in `error` (invalid_grant: a revoked key, a clock far off); never the assertion.
      throw new GoogleTokenError(`token endpoint answered ${answer.status}${typeof parsed.error === 'string' ? ` ${parsed.error}` : ''}`);
    }
    const lifetimeMs = (typeof parsed.expires_in === 'number' && parsed.expires_in > 0 ? parsed.expires_in : 3600) * 1000;
    cached = { token: parsed.access_token, renewAt: now() + lifetimeMs - TOKEN_RENEW_MARGIN_MS };
    return parsed.access_token;
  }

  return {
    /** A valid access token: the kept one, or a new one. Throws GoogleTokenError when none can be had. */
    async get(): Promise<string> {
      if (cached && now() < cached.renewAt) return cached.token;
      inFlight ??= fetchNew().finally(() => (inFlight = undefined));
      return inFlight;
    },
    /** Forgets the kept token (the Wallet API answered 401 to it). */
    invalidate(token: string): void {
      if (cached?.token === token) cached = undefined;
    },
  };
}
export type GoogleAccessTokens = ReturnType<typeof createGoogleAccessTokens>;
