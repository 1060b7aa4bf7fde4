import { describe, expect, it } from 'vitest';
import { answerToPassOn, withoutSessionTokens, type AuthAnswer } from './auth-answer.ts';
import { ALLOWED_AUTH_ENDPOINTS, type AuthEndpoint } from './auth-endpoints.ts';

const TOKEN = 'SESSIONtoken0123456789abcdefABCD';
const endpoint = (path: string) => ALLOWED_AUTH_ENDPOINTS.find((e) => e.path === path)!;
const bearerCaller = { bearer: true, sessionCookie: false };

/** An answer of better-auth that carries the token everywhere it can. */
function answerWithToken(text: string): AuthAnswer {
  return {
    status: 200,
    headers: [
      ['content-type', 'application/json'],
      ['set-auth-token', `${TOKEN}.signature`],
    ],
    cookies: [
      `better-auth.session_token=${TOKEN}.signature; Path=/; HttpOnly`,
      `__Secure-better-auth.session_data=eyJ${TOKEN}; Path=/`,
      'better-auth.two_factor=challenge.sig; Path=/',
    ],
    text,
  };
}

const leaks = (answer: AuthAnswer) => JSON.stringify(answer).includes(TOKEN);

describe('withoutSessionTokens (issue 33: the second line behind the gate)', () => {
  it('takes the token out of every shape better-auth answers one in: a field, a session, a list of sessions, nested anywhere', () => {
    const bodies = [
      { token: TOKEN, user: { id: 'u' } },
      { session: { id: 's', token: TOKEN }, user: { id: 'u' } },
      [
        { id: 's1', token: TOKEN },
        { id: 's2', token: `${TOKEN}2` },
      ],
      { data: { sessions: [{ sessionToken: TOKEN }], accessToken: TOKEN, idToken: TOKEN } },
    ];
    for (const body of bodies) {
      const answer = withoutSessionTokens(answerWithToken(JSON.stringify(body)));
      expect(leaks(answer), JSON.stringify(body)).toBe(false);
    }
    expect(JSON.parse(withoutSessionTokens(answerWithToken(JSON.stringify(bodies[2]))).text)).toEqual([{ id: 's1' }, { id: 's2' }]);
  });

  it('drops set-auth-token and cookies holding a session, and keeps the others and the ones that end a session', () => {
    const answer = withoutSessionTokens({
      ...answerWithToken('{"status":true}'),
      cookies: [...answerWithToken('').cookies, 'better-auth.session_token=; Max-Age=0; Path=/'],
    });
    expect(answer.headers).toEqual([['content-type', 'application/json']]);
    expect(answer.cookies).toEqual(['better-auth.two_factor=challenge.sig; Path=/', 'better-auth.session_token=; Max-Age=0; Path=/']);
    expect(answer.text).toBe('{"status":true}');
  });

  it('leaves an answer that is not JSON as it is', () => {
    expect(withoutSessionTokens(answerWithToken('')).text).toBe('');
    expect(withoutSessionTokens(answerWithToken('{not json')).text).toBe('{not json');
  });
});

describe('answerToPassOn: only an endpoint that opened a session answers its token', () => {
  const opening = ALLOWED_AUTH_ENDPOINTS.filter((e) => e.opensSession);

  it('names the calls that open a session: sign-up, sign-in, its second step, passkey sign-in, company sign-in, two-factor off', () => {
    expect(opening.map((e) => e.path).sort()).toEqual(
      [
        '/callback/oidc',
        '/passkey/verify-authentication',
        '/sign-in/email',
        '/sign-up/email',
        '/two-factor/disable',
        '/two-factor/verify-backup-code',
        '/two-factor/verify-totp',
      ].sort(),
    );
  });

  it('passes the token of a call that opened a session', () => {
    for (const e of opening) expect(answerToPassOn(e, bearerCaller, answerWithToken(`{"token":"${TOKEN}"}`))).toEqual(answerWithToken(`{"token":"${TOKEN}"}`));
  });

  it('strips it from every other endpoint’s answer, from an error answer, and from a sign-in waiting for its second factor', () => {
    for (const e of ALLOWED_AUTH_ENDPOINTS.filter((x) => !x.opensSession)) {
      expect(leaks(answerToPassOn(e, bearerCaller, answerWithToken(`{"session":{"token":"${TOKEN}"}}`))), e.path).toBe(false);
    }
    const failed = { ...answerWithToken(`{"token":"${TOKEN}"}`), status: 401 };
    expect(leaks(answerToPassOn(endpoint('/sign-in/email'), bearerCaller, failed))).toBe(false);
    const waiting = answerToPassOn(endpoint('/sign-in/email'), bearerCaller, answerWithToken('{"twoFactorRedirect":true,"twoFactorMethods":["totp"]}'));
    expect(leaks(waiting)).toBe(false);
    expect(waiting.cookies).toEqual(['better-auth.two_factor=challenge.sig; Path=/']);
  });

  it('hands the token of a cookie session over once from get-session, ending the cookie; never to a bearer caller', () => {
    const getSession: AuthEndpoint = endpoint('/get-session');
    const body = `{"session":{"id":"s","token":"${TOKEN}"},"user":{"id":"u"}}`;
    const handed = answerToPassOn(getSession, { bearer: false, sessionCookie: true }, answerWithToken(body));
    expect(JSON.parse(handed.text).session.token).toBe(TOKEN);
    expect(handed.headers.some(([name]) => name === 'set-auth-token')).toBe(false);
    expect(handed.cookies.filter((c) => c.includes(TOKEN))).toEqual([]);
    expect(handed.cookies).toContain('better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
    for (const caller of [bearerCaller, { bearer: true, sessionCookie: true }, { bearer: false, sessionCookie: false }]) {
      expect(leaks(answerToPassOn(getSession, caller, answerWithToken(body))), JSON.stringify(caller)).toBe(false);
    }
  });
});
