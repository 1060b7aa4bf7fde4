import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { FastifyBaseLogger } from 'fastify';
import { emailChangeNoticeMail, passkeyAddedMail } from '../mail/auth-mails.ts';
import { mailLanguage } from '../mail/mail-language.ts';
import type { Mail, Mailer } from '../mail/mailer.ts';
import { allowedAuthEndpoint } from './auth-endpoints.ts';
import { libraryPathOf } from './auth-target.ts';
import { bearerToken } from './bearer-token.ts';
import { isRecentLogin } from './recent-login.ts';

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * The session and user of an auth call, for a before-hook: the bearer plugin's own hook turns
 * the header into the session cookie only for the endpoint (hooks do not see each other's changes).
 */
async function sessionInHook(ctx: HookContext) {
  const token = bearerToken(ctx.headers?.get('authorization'));
  if (!token) return (await getSessionFromCtx(ctx)) ?? null;
  return (await ctx.context.internalAdapter.findSession(token)) ?? null;
}

/** Calls that add something lasting to an account: a passkey, a second factor, another address. */
const LASTING_ADDITIONS = new Set(['/passkey/generate-register-options', '/passkey/verify-registration', '/two-factor/enable', '/change-email']);

/**
 * Issue 20, account pre-hijacking: an account whose address nobody has confirmed can add nothing
 * that outlives its password. Whoever signs up with another person's address could otherwise
 * plant a passkey or a second factor that a later password reset by the real owner leaves in
 * place. (Company sign-in links only to confirmed accounts: better-auth's
 * `requireLocalEmailVerified`, auth.ts; other linking calls are closed by the gate.)
 */
export const unconfirmedAccountGuard = {
  id: 'unconfirmed-account-guard',
  hooks: {
    before: [
      {
        matcher: (ctx) => LASTING_ADDITIONS.has(ctx.path ?? ''),
        handler: createAuthMiddleware(async (ctx) => {
          const found = await sessionInHook(ctx);
          if (found && !found.user.emailVerified) {
            throw new APIError('FORBIDDEN', { code: 'EMAIL_NOT_VERIFIED', message: 'Please confirm your e-mail address first.' });
          }
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;

/**
 * Issue 13.6, around better-auth's passkey plugin:
 * - a new passkey is a lasting way into the account, so adding one needs a sign-in of the last
 *   five minutes (as a password change does): a session token taken from a device cannot plant
 *   a passkey of its own (better-auth's own freshness check is off, `freshAge` 0, see auth.ts);
 * - naming or removing a passkey of another account answers "not found" like an unknown one
 *   (the plugin answers a bare 401 there, which would sign the owner app out);
 * - issue 20: the account's address is told of every passkey added.
 * Without a session the endpoints themselves answer 401.
 */
export function passkeyGuardPlugin(notify: (mail: Mail) => Promise<void>) {
  return {
    id: 'passkey-guard',
    hooks: {
      before: [
        {
          matcher: (ctx) => ctx.path === '/passkey/generate-register-options' || ctx.path === '/passkey/verify-registration',
          handler: createAuthMiddleware(async (ctx) => {
            const found = await sessionInHook(ctx);
            if (found && !isRecentLogin(found.session.createdAt)) {
              throw new APIError('FORBIDDEN', { code: 'SESSION_NOT_FRESH', message: 'Please sign in again to add a passkey.' });
            }
          }),
        },
        {
          matcher: (ctx) => ctx.path === '/passkey/update-passkey' || ctx.path === '/passkey/delete-passkey',
          handler: createAuthMiddleware(async (ctx) => {
            const found = await sessionInHook(ctx);
            const id = (ctx.body as { id?: unknown } | undefined)?.id;
            if (!found || typeof id !== 'string') return;
            const passkey = await ctx.context.adapter.findOne<{ userId: string }>({ model: 'passkey', where: [{ field: 'id', value: id }] });
            if (!passkey || passkey.userId !== found.session.userId)
              throw new APIError('NOT_FOUND', { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' });
          }),
        },
      ],
      after: [
        {
          matcher: (ctx) => ctx.path === '/passkey/verify-registration',
          handler: createAuthMiddleware(async (ctx) => {
            const added = ctx.context.returned as { userId?: string; name?: string | null } | Error | undefined;
            if (!added || added instanceof Error || typeof added.userId !== 'string') return;
            const user = await ctx.context.internalAdapter.findUserById(added.userId);
            if (user) await notify(passkeyAddedMail({ to: user.email, name: added.name ?? null, language: mailLanguage(ctx.request ?? ctx.headers, user) }));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Issue 13.5: when a change of the e-mail address was asked for (better-auth's change-email,
 * whose confirmation link goes to the new address), the old address gets a notice at once, so
 * a person whose session was taken over learns of it before the change is made.
 */
export function emailChangeNoticePlugin(mailer: Mailer, log: FastifyBaseLogger) {
  return {
    id: 'email-change-notice',
    hooks: {
      after: [
        {
          matcher: (ctx) => ctx.path === '/change-email',
          handler: createAuthMiddleware(async (ctx) => {
            if (ctx.context.returned instanceof Error) return;
            const session = await getSessionFromCtx(ctx);
            const newEmail = (ctx.body as { newEmail?: string } | undefined)?.newEmail?.toLowerCase();
            if (!session || !newEmail || newEmail === session.user.email) return;
            await mailer
              .send(emailChangeNoticeMail({ to: session.user.email, newEmail, language: mailLanguage(ctx.request ?? ctx.headers, session.user) }))
              .catch((err) => log.error({ err }, 'could not send the e-mail change notice'));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/**
 * Issue 33, a second line inside better-auth: its router serves only the endpoints the gate
 * allows, read the way the router reads them (better-call's `new URL(request.url).pathname`), so
 * a request that got past the gate by another reading of its path still reaches nothing else
 * (`disabledPaths` in auth.ts does the same for the refused list by name; this also covers
 * `/callback/:id` and endpoints a new version adds). Only the router runs `onRequest`: the
 * server's own `auth.api.*` calls (list-sessions for GET /account/sessions, revoke-other-sessions)
 * are not requests and stay callable.
 */
export const closedEndpointsGuard = {
  id: 'closed-endpoints-guard',
  async onRequest(request: Request) {
    const path = libraryPathOf(request);
    if (!path || !allowedAuthEndpoint(request.method, path)) return { response: new Response(null, { status: 404 }) };
  },
} satisfies BetterAuthPlugin;
