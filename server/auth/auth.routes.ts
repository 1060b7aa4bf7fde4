import type { FastifyInstance, FastifyReply } from 'fastify';
import { ErrorCode } from '../../shared/error-codes.ts';
import { AppError } from '../http/errors.ts';
import { answerToPassOn, type AuthAnswer } from './auth-answer.ts';
import { withAuthContext } from './auth-context.ts';
import { allowedAuthEndpoint } from './auth-endpoints.ts';
import { accountEmailOf, isJsonContentType, jsonBodyOf, SESSION_COOKIE, toWebRequest } from './auth-request.ts';
import { authTargetOf } from './auth-target.ts';
import { authErrorAnswer, authErrorCode, type Auth } from './auth.ts';
import { wasWrongSecret, type CredentialLimits } from './credential-limits.ts';

/** Identity calls that only start sessions. */
const SESSION_STARTS = new Set(['/sign-in/email', '/sign-up/email', '/passkey/verify-authentication']);

/**
 * The gate in front of better-auth (issue 20): hands /api/auth/* to it as a Web Request, but only
 * for the endpoints of auth-endpoints.ts (404 for every other), with JSON bodies only (415), and
 * with the failure and mail limits of credential-limits.ts counted before better-auth sees the
 * request. The path is decided on once, in its one canonical spelling, and better-auth is handed
 * exactly that URL (auth-target.ts, issue 33: any other spelling is a 404). Its error answers
 * become D4's shape with SPEC 8's codes, and no answer but a session's opening carries a session
 * token (auth-answer.ts; the session list is GET /account/sessions). Bodies stay raw here:
 * better-auth parses them itself.
 */
export default async function authRoutes(
  app: FastifyInstance,
  { auth, onIdentityChange, credentialLimits }: { auth: Auth; onIdentityChange: (endsSessions: boolean) => Promise<void>; credentialLimits: CredentialLimits },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));
  const origin = new URL(app.config.publicUrl).origin;

  app.route({
    method: ['GET', 'POST'],
    // The prefix is auth-target.ts's AUTH_BASE_PATH (written out: scripts/check-route-tests.ts reads it).
    url: '/api/auth/*',
    // Not in the OpenAPI document: these are better-auth's own paths (docs/security.md lists them).
    schema: { hide: true },
    async handler(request, reply) {
      const target = authTargetOf(request.url, origin);
      const endpoint = target && allowedAuthEndpoint(request.method, target.path);
      if (!target || !endpoint) throw new AppError(404, ErrorCode.notFound, `No such path: ${request.method} ${request.url.split('?')[0]}`);
      const { path } = target;
      // The owner app sends JSON only; a form body would reach better-auth past every JSON-only check.
      if (request.method === 'POST' && !isJsonContentType(request.headers['content-type'])) {
        throw new AppError(415, ErrorCode.invalidInput, 'body: send it as application/json', 'body');
      }
      const body = jsonBodyOf(request.body);
      const attempt = await credentialLimits.attempt({ endpoint, accountEmail: await accountEmailOf(auth, endpoint, request, body), address: request.ip });
      const response = await withAuthContext(() => auth.handler(toWebRequest(request, target.url)));
      const text = await response.text();
      if (!wasWrongSecret(response.status, response.status >= 400 ? errorOf(text).code : undefined)) await attempt.uncount();
      // Sign-out, password change and reset end sessions: owner calls on this instance must see it
      // at once, and on the others too before this answers (sign-up and sign-in end none, so
      // they are not told to every instance).
      // A followed verification link (GET) changes the account too (verified, or a new address).
      if (request.method === 'POST' || path.startsWith('/verify-email')) await onIdentityChange(!SESSION_STARTS.has(path));
      const headers: AuthAnswer['headers'] = [];
      response.headers.forEach((value, key) => {
        if (key !== 'content-length' && key !== 'content-encoding' && key !== 'set-cookie') headers.push([key, value]);
      });
      const caller = { bearer: Boolean(request.headers.authorization), sessionCookie: SESSION_COOKIE.test(String(request.headers.cookie ?? '')) };
      const answer = answerToPassOn(endpoint, caller, { status: response.status, headers, cookies: response.headers.getSetCookie(), text });
      for (const [key, value] of answer.headers) reply.header(key, value);
      if (answer.cookies.length) reply.header('set-cookie', answer.cookies);
      reply.status(answer.status);
      if (answer.status < 400 || !answer.text) return reply.send(answer.text);
      return sendAuthError(reply, response, answer.text);
    },
  });
}

/** better-auth's error body: its code and message, if it answered JSON. */
function errorOf(text: string): { code?: string; message?: string } {
  if (!text.startsWith('{')) return {};
  try {
    return JSON.parse(text) as { code?: string; message?: string };
  } catch {
    return {};
  }
}

/** better-auth's error answer in D4's shape, with SPEC 8's code and the field where it names one. */
function sendAuthError(reply: FastifyReply, response: Response, text: string) {
  const parsed = errorOf(text);
  const message = parsed.message ?? response.statusText ?? 'Request failed';
  const code = authErrorCode(response.status, parsed.code, message);
  const { status, field } = authErrorAnswer(response.status, code);
  reply.status(status);
  reply.header('content-type', 'application/json; charset=utf-8');
  // better-auth's body validation names the field in its message ("[body.password] Invalid input").
  const named = field ?? /\[body\.([\w.]+)\]/.exec(message)?.[1];
  return reply.send(JSON.stringify(new AppError(status, code as never, message, named).toBody()));
}
