import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_AUTH_ENDPOINTS, allowedAuthEndpoint, REFUSED_AUTH_ENDPOINTS } from '../../server/auth/auth-endpoints.ts';
import { CREDENTIAL_RULES } from '../../server/auth/credential-limits.ts';
import { createTestApp, type TestAnswer, type TestApp } from '../support/test-app.ts';
import { expectD4 } from '../support/factories.ts';
import { addressPool, cookiesOf } from '../support/client-addresses.ts';
import { answerToPassOn } from '../../server/auth/auth-answer.ts';
import { withAuthContext } from '../../server/auth/auth-context.ts';
import { authPathSpellings, closedEndpoints } from '../support/auth-path-spellings.ts';
import { rawClient, type RawAnswer } from '../support/raw-http.ts';

/**
 * Issue 20: the gate in front of better-auth. Only the endpoints of auth-endpoints.ts pass (404
 * for every other), POST bodies are JSON only (415), every check of a password or a code is
 * counted per account and per address whatever the body, every mailing call per account, and
 * no answer but a sign-in's carries a session token.
 */

let t: TestApp;
const freshAddress = addressPool('10.120');

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function authCall(method: 'GET' | 'POST', url: string, options: { token?: string; cookie?: string; address?: string; body?: unknown } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.cookie = options.cookie;
  return t.call({ method, url, headers, payload: options.body as object, remoteAddress: options.address ?? freshAddress() });
}

/** A POST with a body of another type than JSON, as a form or a script would send it. */
function rawPost(url: string, contentType: string, payload: string, address: string) {
  return t.call({ method: 'POST', url, headers: { 'content-type': contentType }, payload, remoteAddress: address });
}

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const ownerCall = (token: string) => t.call({ method: 'GET', url: '/find/own/profiles/active', headers: { authorization: `Bearer ${token}` } });

describe('GET /api/auth/* and POST /api/auth/*: the allow-list of identity endpoints', () => {
  it('names every endpoint better-auth has, as allowed or refused, so a new one cannot pass unnoticed', async () => {
    const named = new Set([...ALLOWED_AUTH_ENDPOINTS.map((e) => e.path), ...Object.keys(REFUSED_AUTH_ENDPOINTS)]);
    const paths = Object.values(t.app.auth.api as Record<string, { path?: string }>)
      .map((endpoint) => endpoint.path)
      .filter((path): path is string => typeof path === 'string');
    expect(paths.length).toBeGreaterThan(30);
    const unnamed = paths.filter((path) => !named.has(path));
    expect(unnamed, 'add each to ALLOWED_AUTH_ENDPOINTS or REFUSED_AUTH_ENDPOINTS with a reason').toEqual([]);
  });

  it('answers 404 for every refused endpoint, even with a valid token', async () => {
    const user = await t.signUp();
    for (const path of Object.keys(REFUSED_AUTH_ENDPOINTS).map((p) => p.replace(':id', 'github'))) {
      for (const method of ['GET', 'POST'] as const) {
        const res = await authCall(method, `/api/auth${path}`, { token: user.token, body: method === 'POST' ? {} : undefined });
        expect(res.status, `${method} ${path}: ${res.raw}`).toBe(404);
        expect(res.body.code).toBe('cmc/not-found');
      }
    }
  });

  it('never reaches better-auth for a refused endpoint: update-user with null, [] or {} answers 404, not 500, and stores nothing', async () => {
    const user = await t.signUp();
    for (const value of [null, [], {}, 'x'.repeat(10_000), 'nul\u0000byte']) {
      for (const field of ['name', 'image']) {
        const res = await authCall('POST', '/api/auth/update-user', { token: user.token, body: { [field]: value } });
        expectD4(res, 404, 'cmc/not-found');
      }
    }
    const row = await t.app.db.selectFrom('user').select(['name', 'image']).where('id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row).toEqual({ name: user.email.split('@')[0], image: null });
  });

  it('passes every allowed endpoint on to better-auth (no not-found from the gate)', async () => {
    for (const endpoint of ALLOWED_AUTH_ENDPOINTS) {
      const path = endpoint.path.replace(':token', 'some-token');
      const res = await authCall(endpoint.method, `/api/auth${path}`, { body: endpoint.method === 'POST' ? {} : undefined });
      expect(res.body?.code, `${endpoint.method} ${path}: ${res.raw}`).not.toBe('cmc/not-found');
    }
    expect(allowedAuthEndpoint('GET', '/callback/github')).toBeUndefined();
    expect(allowedAuthEndpoint('POST', '/get-session')).toBeUndefined();
  });
});

describe('password guesses, whatever the body', () => {
  it('refuses form, text and multipart bodies with 415 naming the body, so no guess slips past the count', async () => {
    const victim = await t.signUp();
    const address = freshAddress();
    const bodies: Array<[string, string]> = [
      ['application/x-www-form-urlencoded', form({ email: victim.email, password: 'guess' })],
      ['text/plain', JSON.stringify({ email: victim.email, password: 'guess' })],
      ['multipart/form-data; boundary=x', `--x\r\nContent-Disposition: form-data; name="email"\r\n\r\n${victim.email}\r\n--x--\r\n`],
      ['application/jsonx', JSON.stringify({ email: victim.email, password: 'guess' })],
    ];
    for (const [type, payload] of bodies) {
      const res = await rawPost('/api/auth/sign-in/email', type, payload, address);
      expectD4(res, 415);
      expect(res.body.field).toBe('body');
    }
    // JSON with a charset parameter is JSON.
    expect((await rawPost('/api/auth/sign-in/email', 'application/json; charset=utf-8', JSON.stringify(victim), address)).status).toBe(200);
  });

  it('keeps an account closed after ten wrong passwords however they are sent: 300 form guesses do not open it', async () => {
    const victim = await t.signUp();
    const address = freshAddress();
    for (let i = 0; i < 300; i++) {
      const res = await rawPost('/api/auth/sign-in/email', 'application/x-www-form-urlencoded', form({ email: victim.email, password: `guess ${i}` }), address);
      expect(res.status).toBe(415);
    }
    expect(
      (await rawPost('/api/auth/sign-in/email', 'application/x-www-form-urlencoded', form({ email: victim.email, password: victim.password }), address)).status,
    ).toBe(415);
    for (let i = 0; i < CREDENTIAL_RULES.perAccount.max; i++) {
      expectD4(await authCall('POST', '/api/auth/sign-in/email', { body: { email: victim.email, password: `json guess ${i}` } }), 401);
    }
    expectD4(await authCall('POST', '/api/auth/sign-in/email', { body: { email: victim.email, password: victim.password } }), 429, 'too-many-requests');
  });

  it('counts wrong passwords of turning two-factor sign-in on per account, from any address', async () => {
    const user = await t.signUp();
    for (let i = 0; i < CREDENTIAL_RULES.perAccount.max; i++) {
      expectD4(await authCall('POST', '/api/auth/two-factor/enable', { token: user.token, body: { password: `guess ${i}` } }), 400);
    }
    expectD4(await authCall('POST', '/api/auth/two-factor/enable', { token: user.token, body: { password: user.password } }), 429, 'too-many-requests');
  });

  it('keeps better-auth’s own sign-in limit on as a second line (60 a minute per address, malformed bodies too)', async () => {
    const address = freshAddress();
    const statuses: number[] = [];
    // Malformed addresses check no password, so the gate leaves them uncounted; better-auth counts every call.
    for (let i = 0; i < 61; i++)
      statuses.push((await authCall('POST', '/api/auth/sign-in/email', { address, body: { email: `no-address-${i}`, password: 'x' } })).status);
    expect(statuses.slice(0, 60).every((s) => s === 400)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});

describe('calls that send mail', () => {
  it('limits a change of e-mail per account: ten mails from ten addresses (the sign-up’s is one), then 429 from another', async () => {
    const user = await t.signUp();
    for (let i = 1; i < CREDENTIAL_RULES.mailPerAccount.max; i++) {
      const res = await authCall('POST', '/api/auth/change-email', { token: user.token, body: { newEmail: `new-${i}-${user.email}` } });
      expect(res.status, res.raw).toBe(200);
    }
    expectD4(await authCall('POST', '/api/auth/change-email', { token: user.token, body: { newEmail: `last-${user.email}` } }), 429, 'too-many-requests');
  });

  it('limits password-reset mails per account across addresses (the sign-up’s mail counts too)', async () => {
    const user = await t.signUp();
    for (let i = 1; i < CREDENTIAL_RULES.mailPerAccount.max; i++) {
      expect((await authCall('POST', '/api/auth/request-password-reset', { body: { email: user.email, redirectTo: '/reset-password' } })).status).toBe(200);
    }
    const refused = await authCall('POST', '/api/auth/request-password-reset', { body: { email: user.email.toUpperCase(), redirectTo: '/reset-password' } });
    expectD4(refused, 429, 'too-many-requests');
  });

  it('limits verification mails per account across addresses (the sign-up’s mail counts too)', async () => {
    const user = await t.signUp({ verified: false });
    for (let i = 1; i < CREDENTIAL_RULES.mailPerAccount.max; i++) {
      const res = await authCall('POST', '/api/auth/send-verification-email', { body: { email: user.email, callbackURL: '/' } });
      expect(res.status, res.raw).toBe(200);
    }
    const refused = await authCall('POST', '/api/auth/send-verification-email', { body: { email: ` ${user.email.toUpperCase()}`, callbackURL: '/' } });
    expectD4(refused, 429, 'too-many-requests');
  });
});

/** Every session token of the database, to look for in answers. */
async function allSessionTokens() {
  return (await t.app.db.selectFrom('session').select('token').execute()).map((row) => row.token);
}

function leakedTokens(answer: TestAnswer, tokens: string[]) {
  const text = `${answer.raw}\n${JSON.stringify(answer.headers)}`;
  return tokens.filter((token) => text.includes(token));
}

describe('session tokens', () => {
  it('a stolen old token reads no other token: list-sessions is closed and the Security list has no tokens', async () => {
    const owner = await t.signUp();
    const newest = await authCall('POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: owner.password } });
    const newestToken = newest.body.token as string;
    const stolen = owner.token;
    const answers = [
      await authCall('GET', '/api/auth/list-sessions', { token: stolen }),
      await authCall('GET', '/account/sessions', { token: stolen }),
      await authCall('GET', '/api/auth/get-session', { token: stolen }),
      await authCall('GET', '/api/auth/list-accounts', { token: stolen }),
      await authCall('GET', '/api/auth/passkey/list-user-passkeys', { token: stolen }),
    ];
    expect(answers[0].status).toBe(404);
    for (const answer of answers) expect(leakedTokens(answer, [newestToken, stolen]), answer.raw).toEqual([]);
    // Without the newest token the password cannot be changed past the freshness check of the old session... and the owner's own token still works.
    expect((await ownerCall(newestToken)).status).toBe(200);
  });

  it('answers no session token from any owner call but the sign-ins that create one', async () => {
    const owner = await t.signUp();
    const tokens = await allSessionTokens();
    const calls: Array<['GET' | 'POST', string, unknown?]> = [
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/auth/list-accounts'],
      ['GET', '/api/auth/passkey/list-user-passkeys'],
      ['GET', '/api/auth/passkey/generate-register-options'],
      ['POST', '/api/auth/update-password', { newPassword: 'another good password' }],
      ['GET', '/account/sessions'],
      ['GET', '/find/own/profiles/active'],
    ];
    for (const [method, url, body] of calls) {
      const answer = await authCall(method, url, { token: owner.token, body });
      expect(answer.status, `${url}: ${answer.raw}`).toBeLessThan(400);
      expect(leakedTokens(answer, tokens), url).toEqual([]);
    }
  });

  it('a password sign-in waiting for the second factor answers no token, in the body or in set-auth-token', async () => {
    const user = await t.signUp();
    const enabled = await authCall('POST', '/api/auth/two-factor/enable', { token: user.token, body: { password: user.password } });
    const totp = OTPAuth.URI.parse(enabled.body.totpURI) as OTPAuth.TOTP;
    expect((await authCall('POST', '/api/auth/two-factor/verify-totp', { token: user.token, body: { code: totp.generate() } })).status).toBe(200);
    const signIn = await authCall('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: user.password } });
    expect(signIn.body).toEqual({ twoFactorRedirect: true, twoFactorMethods: expect.any(Array) });
    expect(signIn.headers['set-auth-token']).toBeUndefined();
    expect(leakedTokens(signIn, await allSessionTokens())).toEqual([]);
  });

  it('hands the token of a cookie session (company sign-in) over once and ends the cookie', async () => {
    const user = await t.signUp();
    const cookie = cookiesOf(await authCall('POST', '/api/auth/sign-in/email', { body: { email: user.email, password: user.password } }));
    expect(cookie).toMatch(/better-auth\.session_token=/);
    const handed = await authCall('GET', '/api/auth/get-session', { cookie });
    expect(typeof handed.body.session.token).toBe('string');
    expect((await ownerCall(handed.body.session.token)).status).toBe(200);
    expect(String(handed.headers['set-cookie'])).toMatch(/better-auth\.session_token=; Max-Age=0/);
  });
});

describe('paths as they come on the wire (issue 33)', () => {
  const leakedIn = (answer: RawAnswer, tokens: string[]) => {
    const text = `${answer.text}\n${JSON.stringify(answer.headers)}`;
    return tokens.filter((token) => text.includes(token));
  };

  it('answers 404 with no session token to every other spelling of a closed or an allowed endpoint: `..\\`, encoded dots and slashes, `//`, `;`, upper case, other prefixes', async () => {
    const victim = await t.signUp();
    // The newest session of the account: the one a stolen older token must not read.
    expect((await authCall('POST', '/api/auth/sign-in/email', { body: { email: victim.email, password: victim.password } })).status).toBe(200);
    const tokens = await allSessionTokens();
    const base = await t.listen();
    const client = rawClient(base);
    const spellings = authPathSpellings(Object.values(t.app.auth.api as Record<string, object>), base);
    expect(spellings.length).toBeGreaterThan(1000);
    const failures: string[] = [];
    try {
      for (let i = 0; i < spellings.length; i += 16) {
        await Promise.all(
          spellings.slice(i, i + 16).map(async ({ method, path, aim }) => {
            const headers: Record<string, string> = { authorization: `Bearer ${victim.token}` };
            if (method === 'POST') headers['content-type'] = 'application/json';
            const answer = await client.send(method, path, headers, method === 'POST' ? '{}' : undefined);
            const leaked = leakedIn(answer, tokens);
            if (answer.status !== 404 || leaked.length)
              failures.push(`${method} ${path} (${aim}): ${answer.status}${leaked.length ? ' WITH TOKENS' : ''} ${answer.text.slice(0, 80)}`);
          }),
        );
      }
    } finally {
      client.close();
    }
    expect(failures, `${failures.length} of ${spellings.length} spellings`).toEqual([]);
  });

  it('closes the endpoints inside better-auth too: past the gate, every closed one answers 404, while the server’s own calls of them work', async () => {
    const owner = await t.signUp();
    const other = await authCall('POST', '/api/auth/sign-in/email', { body: { email: owner.email, password: owner.password } });
    const origin = new URL(t.config.publicUrl).origin;
    const pastTheGate = (method: string, path: string) =>
      withAuthContext(() =>
        t.app.auth.handler(
          new Request(`${origin}${path}`, {
            method,
            headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json', origin },
            body: method === 'POST' ? '{}' : undefined,
          }),
        ),
      );
    for (const { method, path } of closedEndpoints(Object.values(t.app.auth.api as Record<string, object>))) {
      expect((await pastTheGate(method, `/api/auth${path}`)).status, `${method} ${path}`).toBe(404);
    }
    // The attack's URL as the Web Request of the old gate held it (the parser has made it /api/auth/list-sessions).
    expect((await pastTheGate('GET', '/api/auth/reset-password/..\\list-sessions')).status).toBe(404);
    // The server calls list-sessions, revoke-session and revoke-other-sessions itself (the Security screen).
    const listed = await authCall('GET', '/account/sessions', { token: owner.token });
    // Sign-up's session, the test's sign-in and the one above.
    expect(listed.body.sessions).toHaveLength(3);
    const revoked = await authCall('POST', '/account/sessions/revoke-others', { token: owner.token });
    expect(revoked.body).toEqual({ revoked: 2 });
    expect((await ownerCall(other.body.token)).status).toBe(401);
  });

  it('takes the token out of what better-auth answers on any endpoint that opens no session: its real list of sessions, as get-session would pass it on', async () => {
    const owner = await t.signUp();
    const tokens = await allSessionTokens();
    const list = await withAuthContext(() =>
      t.app.auth.api.listSessions({ headers: new Headers({ authorization: `Bearer ${owner.token}` }), asResponse: true }),
    );
    const text = await list.text();
    expect(tokens.filter((token) => text.includes(token))).not.toEqual([]);
    const headers: Array<[string, string]> = [];
    list.headers.forEach((value, name) => headers.push([name, value]));
    const getSession = allowedAuthEndpoint('GET', '/get-session')!;
    const passedOn = answerToPassOn(
      getSession,
      { bearer: true, sessionCookie: false },
      { status: list.status, headers, cookies: list.headers.getSetCookie(), text },
    );
    expect(tokens.filter((token) => JSON.stringify(passedOn).includes(token))).toEqual([]);
    expect((JSON.parse(passedOn.text) as object[]).length).toBeGreaterThan(0);
  });
});
