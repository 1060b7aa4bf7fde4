import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { importSPKI, jwtVerify } from 'jose';

/** One PATCH the stand-in got, with whether its bearer token was one it issued and still valid. */
export interface ReceivedPatch {
  objectId: string;
  body: any;
  token: string;
  tokenValid: boolean;
  contentType: string;
}

/** One token request, with what was wrong with it (null: a valid RFC 7523 grant). */
export interface ReceivedTokenRequest {
  refused: string | null;
  claims: Record<string, unknown>;
}

const WALLET_SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';
const PATCH_PATH = /^\/walletobjects\/v1\/genericObject\/([^/?]+)$/;

/**
 * A local stand-in for Google's OAuth token endpoint and the Wallet API (issue 26's tests; the
 * machine cannot reach Google). The token endpoint checks the JWT bearer grant as Google does for
 * service accounts: grant type, RS256 signature by the account's public key, `iss`, `aud` (the
 * endpoint's own URL), the Wallet issuer scope, `exp`. The Wallet API takes
 * `PATCH /walletobjects/v1/genericObject/{id}` with a token it issued, and answers each object
 * from a script of statuses (200 when the script is empty), with `Retry-After` on 429.
 */
export async function startGoogleWalletStandIn(options: { publicKeyPem: string; clientEmail: string }) {
  const publicKey = await importSPKI(options.publicKeyPem, 'RS256');
  const tokenRequests: ReceivedTokenRequest[] = [];
  const patches: ReceivedPatch[] = [];
  const issued = new Map<string, number>();
  const scripts = new Map<string, number[]>();
  const holds = new Map<string, Promise<void>>();
  const state = { expiresIn: 3600, retryAfterSeconds: 1 };
  let tokenUrl = '';

  async function grant(body: string): Promise<{ status: number; body: object }> {
    const form = new URLSearchParams(body);
    const assertion = form.get('assertion') ?? '';
    let claims: Record<string, unknown> = {};
    let refused: string | null = null;
    if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') refused = 'unsupported_grant_type';
    else {
      try {
        ({ payload: claims } = await jwtVerify(assertion, publicKey, { algorithms: ['RS256'], issuer: options.clientEmail, audience: tokenUrl }));
        if (claims.scope !== WALLET_SCOPE) refused = 'invalid_scope';
      } catch (error) {
        refused = `invalid_grant: ${(error as Error).message}`;
      }
    }
    tokenRequests.push({ refused, claims });
    if (refused) return { status: 400, body: { error: refused.split(':')[0] } };
    const accessToken = `ya29.stand-in-${randomBytes(12).toString('hex')}`;
    issued.set(accessToken, Date.now() + state.expiresIn * 1000);
    return { status: 200, body: { access_token: accessToken, expires_in: state.expiresIn, token_type: 'Bearer' } };
  }

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const send = (status: number, answer: object, headers: Record<string, string> = {}) =>
        response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(answer));
      const url = request.url ?? '';
      if (request.method === 'POST' && url === '/token') {
        void grant(body).then(({ status, body: answer }) => send(status, answer));
        return;
      }
      const match = PATCH_PATH.exec(url);
      if (request.method !== 'PATCH' || !match) return send(404, { error: { code: 404, message: 'no such call' } });
      const objectId = decodeURIComponent(match[1]);
      const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
      const tokenValid = (issued.get(bearer) ?? 0) > Date.now();
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(body);
      } catch {
        /* recorded as null */
      }
      patches.push({ objectId, body: parsed, token: bearer, tokenValid, contentType: String(request.headers['content-type'] ?? '') });
      if (!tokenValid) return send(401, { error: { code: 401, message: 'Request had invalid authentication credentials.' } });
      void (holds.get(objectId) ?? Promise.resolve()).then(() => answer(objectId, parsed, send));
    });
  });

  /** The scripted answer to a PATCH of `objectId` (200 with the object when the script is empty). */
  function answer(objectId: string, parsed: unknown, send: (status: number, answer: object, headers?: Record<string, string>) => void) {
    const status = scripts.get(objectId)?.shift() ?? 200;
    if (status === 200) return send(200, { id: objectId, ...(parsed as object) });
    const headers: Record<string, string> = status === 429 ? { 'retry-after': String(state.retryAfterSeconds) } : {};
    send(status, { error: { code: status, message: status === 404 ? `No resource with the ID ${objectId}` : 'stand-in failure' } }, headers);
  }
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  tokenUrl = `${base}/token`;
  return {
    /** The settings that point the app at the stand-in. */
    env: { GOOGLE_OAUTH_TOKEN_URL: tokenUrl, GOOGLE_WALLET_API_URL: base },
    tokenRequests,
    patches,
    state,
    /** The next answers to PATCHes of `objectId`, in order; then 200. */
    script(objectId: string, statuses: number[]) {
      scripts.set(objectId, [...statuses]);
    },
    /** Keeps the answers to PATCHes of `objectId` back until the returned function is called (a slow Google). */
    hold(objectId: string): () => void {
      let release!: () => void;
      holds.set(objectId, new Promise<void>((resolve) => (release = resolve)));
      return () => {
        holds.delete(objectId);
        release();
      };
    },
    /** Forgets every issued token, as if they had been revoked. */
    revokeTokens() {
      issued.clear();
    },
    patchesOf: (objectId: string) => patches.filter((p) => p.objectId === objectId),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type GoogleWalletStandIn = Awaited<ReturnType<typeof startGoogleWalletStandIn>>;
