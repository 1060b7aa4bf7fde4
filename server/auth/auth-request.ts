import type { FastifyRequest } from 'fastify';
import type { Auth } from './auth.ts';
import { withAuthContext } from './auth-context.ts';
import type { AuthEndpoint } from './auth-endpoints.ts';

/** better-auth's cookie names, with or without the `__Secure-` prefix of an https PUBLIC_URL. */
const cookieNamed = (name: string) => new RegExp(`(?:^|;\\s*)(?:__Secure-)?better-auth\\.${name}=([^;]*)`);
export const SESSION_COOKIE = cookieNamed('session_token');
const TWO_FACTOR_COOKIE = cookieNamed('two_factor');

/**
 * The value of one of better-auth's signed cookies (`value.signature`, URL-encoded), without its
 * signature. Only used to pick a counter or to spare a session: better-auth checks the signature.
 */
export function cookieValue(cookieHeader: string | undefined, cookie: RegExp): string | undefined {
  const raw = cookie.exec(cookieHeader ?? '')?.[1];
  if (!raw) return undefined;
  try {
    const value = decodeURIComponent(raw);
    const dot = value.lastIndexOf('.');
    return dot > 0 ? value.slice(0, dot) : value;
  } catch {
    return undefined;
  }
}

/** A JSON body as an object, or undefined (better-auth answers the validation error itself). */
export function jsonBodyOf(body: unknown): Record<string, unknown> | undefined {
  if (typeof body !== 'string' || !body) return undefined;
  try {
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** `application/json`, with or without parameters such as `charset`. */
export const isJsonContentType = (contentType: string | undefined) => contentType?.split(';')[0].trim().toLowerCase() === 'application/json';

const emailIn = (body: Record<string, unknown> | undefined) => {
  const email = body?.email;
  return typeof email === 'string' && email.length <= 254 ? email : undefined;
};

/** Calls whose account is the one the body names (`email`); the others take the caller's session. */
const ACCOUNT_BY_BODY = new Set(['/sign-in/email', '/sign-up/email', '/send-verification-email', '/request-password-reset']);

/**
 * The e-mail address of the account a checked or mailing call is about, for its limits: the
 * body's `email`, the signed-in session's, or, in the second step of a sign-in, the account
 * behind the two-factor cookie. Undefined when the request names none.
 */
export async function accountEmailOf(auth: Auth, endpoint: AuthEndpoint, request: FastifyRequest, body: Record<string, unknown> | undefined) {
  if (!endpoint.checks && !endpoint.mails) return undefined;
  if (ACCOUNT_BY_BODY.has(endpoint.path)) return emailIn(body);
  if (endpoint.checks !== 'password' && endpoint.checks !== 'code' && !endpoint.mails) return undefined;
  const headers = new Headers();
  if (request.headers.authorization) headers.set('authorization', request.headers.authorization);
  if (request.headers.cookie) headers.set('cookie', request.headers.cookie);
  const session = await withAuthContext(() => auth.api.getSession({ headers })).catch(() => null);
  if (session) return session.user.email;
  const challenge = cookieValue(request.headers.cookie, TWO_FACTOR_COOKIE);
  if (!challenge) return undefined;
  const context = await auth.$context;
  const verification = await context.internalAdapter.findVerificationValue(challenge);
  return verification ? ((await context.internalAdapter.findUserById(verification.value))?.email ?? undefined) : undefined;
}

/**
 * The Fastify request as the Web Request better-auth takes, at `url`: the one the gate decided on
 * (auth-target.ts), never one parsed again from the request line or the Host header.
 */
export function toWebRequest(request: FastifyRequest, url: URL): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'x-client-ip') continue;
    headers.set(key, Array.isArray(value) ? value.join(', ') : String(value));
  }
  // Rate limits count per client address; Fastify resolves it from the socket and trusted proxies only.
  headers.set('x-client-ip', request.ip);
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && typeof request.body === 'string';
  return new Request(url, { method: request.method, headers, body: hasBody ? (request.body as string) : undefined });
}
