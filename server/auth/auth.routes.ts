import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../http/errors.ts';
import { withAuthContext } from './auth-context.ts';
import { authErrorAnswer, authErrorCode, type Auth } from './auth.ts';
import type { SignInLimits } from './sign-in-limits.ts';

/** Identity calls that only start sessions. */
const SESSION_STARTS = new Set(['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/auth/passkey/verify-authentication']);

/**
 * Hands /api/auth/* to better-auth as a Web Request and turns its error answers into D4's
 * shape with SPEC 8's codes. Bodies stay raw here: better-auth parses them itself.
 */
export default async function authRoutes(
  app: FastifyInstance,
  { auth, onIdentityChange, signInLimits }: { auth: Auth; onIdentityChange: (endsSessions: boolean) => Promise<void>; signInLimits: SignInLimits },
) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_req, body, done) => done(null, body));

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    // Not in the OpenAPI document: these are better-auth's own paths.
    schema: { hide: true },
    async handler(request, reply) {
      const signInEmail = request.method === 'POST' && request.url.split('?')[0] === '/api/auth/sign-in/email' ? emailOf(request.body) : undefined;
      const attempt = signInEmail ? await signInLimits.attempt(signInEmail, request.ip) : undefined;
      const response = await withAuthContext(() => auth.handler(toWebRequest(request)));
      if (attempt && response.ok) await attempt.succeeded();
      // Sign-out, password change and reset end sessions: owner calls on this instance must see it
      // at once, and on the others too before this answers (sign-up and sign-in end none, so
      // they are not told to every instance).
      // A followed verification link (GET) changes the account too (verified, or a new address).
      const path = request.url.split('?')[0];
      if (request.method === 'POST' || path.startsWith('/api/auth/verify-email')) await onIdentityChange(!SESSION_STARTS.has(path));
      const body = await response.text();
      response.headers.forEach((value, key) => {
        if (key !== 'content-length' && key !== 'content-encoding') reply.header(key, value);
      });
      reply.status(response.status);
      if (response.status < 400 || !body) return reply.send(body);
      let parsed: { code?: string; message?: string } = {};
      try {
        parsed = JSON.parse(body);
      } catch {
        /* better-auth answered plain text; keep its status. */
      }
      const message = parsed.message ?? response.statusText ?? 'Request failed';
      const code = authErrorCode(response.status, parsed.code, message);
      const { status, field } = authErrorAnswer(response.status, code);
      reply.status(status);
      reply.header('content-type', 'application/json; charset=utf-8');
      // better-auth's body validation names the field in its message ("[body.password] Invalid input").
      const named = field ?? /\[body\.([\w.]+)\]/.exec(message)?.[1];
      return reply.send(JSON.stringify(new AppError(status, code as never, message, named).toBody()));
    },
  });
}

/** The `email` of a JSON sign-in body; anything else is left to better-auth's own validation. */
function emailOf(body: unknown): string | undefined {
  if (typeof body !== 'string') return undefined;
  try {
    const email = (JSON.parse(body) as { email?: unknown }).email;
    return typeof email === 'string' && email.length <= 254 ? email : undefined;
  } catch {
    return undefined;
  }
}

function toWebRequest(request: FastifyRequest): Request {
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
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
