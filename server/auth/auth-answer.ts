import type { AuthEndpoint } from './auth-endpoints.ts';

/**
 * The second line behind the gate (issue 33), which does not depend on how a path was read: no
 * answer coming out of better-auth carries a session token unless its endpoint opens a session
 * (`opensSession` in auth-endpoints.ts) and it did open one. From every other answer the token
 * goes wherever better-auth puts one: any JSON field named `token` or `…Token`, at any depth
 * (`token`, `session.token`, each entry of a list of sessions), the bearer plugin's
 * `set-auth-token` header, and a session cookie that has a value.
 */

/** What better-auth answered, as the gate passes it on. */
export interface AuthAnswer {
  status: number;
  /** Headers other than `set-cookie`, lower-case names. */
  headers: Array<[string, string]>;
  cookies: string[];
  text: string;
}

/** What the caller sent that decides how a session is handed over. */
export interface AuthCaller {
  /** An `Authorization` header came along (a bearer token). */
  bearer: boolean;
  /** A better-auth session cookie came along. */
  sessionCookie: boolean;
}

/** Both names: better-auth prefixes `__Secure-` when PUBLIC_URL is https. */
const ENDED_SESSION_COOKIES = [
  'better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
  '__Secure-better-auth.session_token=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax; Secure',
];

/** A cookie that carries a session (its token, or the cached session with it) and is not being ended. */
const SESSION_VALUE_COOKIE = /^\s*(?:__Secure-)?better-auth\.session_(?:token|data)=[^;\s]/;
const TOKEN_FIELD = /(?:^t|T)oken$/;

/** A JSON value without any field named `token` or `…Token`. */
function withoutTokenFields(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutTokenFields);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).flatMap(([key, inner]) => (TOKEN_FIELD.test(key) ? [] : [[key, withoutTokenFields(inner)]])));
}

/** The answer with no session token in its body, headers or cookies. */
export function withoutSessionTokens(answer: AuthAnswer): AuthAnswer {
  let text = answer.text;
  if (text.startsWith('{') || text.startsWith('[')) {
    try {
      text = JSON.stringify(withoutTokenFields(JSON.parse(text)));
    } catch {
      // Not JSON after all: better-auth answers JSON or nothing, and the gate passes text as is.
    }
  }
  return {
    status: answer.status,
    headers: answer.headers.filter(([name]) => name !== 'set-auth-token'),
    cookies: answer.cookies.filter((cookie) => !SESSION_VALUE_COOKIE.test(cookie)),
    text,
  };
}

/**
 * The answer to pass on for `endpoint`:
 * - an endpoint that opens a session passes its token on, unless it opened none: a password
 *   sign-in that waits for the second factor (`twoFactorRedirect`) holds no session yet, and an
 *   error answer opens none;
 * - get-session called with only the session cookie (the end of company sign-in, whose callback
 *   set it) hands the token over once and ends the cookie, so the app holds it as a bearer token
 *   from then on; called any other way it answers the session without its token;
 * - every other answer goes through `withoutSessionTokens`.
 */
export function answerToPassOn(endpoint: AuthEndpoint, caller: AuthCaller, answer: AuthAnswer): AuthAnswer {
  const failed = answer.status >= 400;
  if (endpoint.opensSession && !failed && !answer.text.includes('"twoFactorRedirect"')) return answer;
  if (endpoint.path === '/get-session' && !failed && !caller.bearer && caller.sessionCookie && answer.text !== 'null') {
    const handedOver = withoutSessionTokens({ ...answer, text: '' });
    return { ...handedOver, cookies: [...handedOver.cookies, ...ENDED_SESSION_COOKIES], text: answer.text };
  }
  return withoutSessionTokens(answer);
}
