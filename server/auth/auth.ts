import { passkey } from '@better-auth/passkey';
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware, getSessionFromCtx, sessionMiddleware } from 'better-auth/api';
import { bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Engine } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { changeEmailMail, emailChangeNoticeMail, passwordResetMail, verificationMail } from '../mail/auth-mails.ts';
import { AuthErrorCode } from '../../shared/error-codes.ts';

/** SPEC 8 "weak-password": fewer than this many characters. */
export const MIN_PASSWORD_LENGTH = 8;
/** better-auth's provider id of company sign-in (OIDC): started by /api/auth/sign-in/social, back at /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';

/** Wrong second-factor codes per account before it is locked for 15 minutes: as many as password guesses (sign-in-limits.ts). */
export const TWO_FACTOR_MAX_FAILURES = 10;
/** A password change needs a sign-in at most this old (seconds); older answers requires-recent-login. */
export const RECENT_LOGIN_SECONDS = 5 * 60;

/**
 * POST /api/auth/update-password { newPassword }: SPEC 2's change-password screen asks only
 * for the new password (as Firebase's updatePassword did), so the proof of identity is a
 * recent sign-in instead of the current password. Every other session of the account ends.
 */
const updatePasswordPlugin = {
  id: 'update-password',
  endpoints: {
    updatePassword: createAuthEndpoint(
      '/update-password',
      { method: 'POST', body: z.object({ newPassword: z.string() }), use: [sessionMiddleware] },
      async (ctx) => {
        const { session, user } = ctx.context.session;
        const signedInAt = new Date(session.createdAt).getTime();
        if (Date.now() - signedInAt > RECENT_LOGIN_SECONDS * 1000) {
          throw new APIError('FORBIDDEN', { code: 'SESSION_NOT_FRESH', message: 'Please sign in again to change your password.' });
        }
        const { newPassword } = ctx.body;
        if (newPassword.length < MIN_PASSWORD_LENGTH) {
          throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_SHORT', message: `The password needs at least ${MIN_PASSWORD_LENGTH} characters.` });
        }
        if (newPassword.length > 128) throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_LONG', message: 'The password is too long.' });
        const hash = await ctx.context.password.hash(newPassword);
        const { internalAdapter } = ctx.context;
        await internalAdapter.updatePassword(user.id, hash);
        // Whoever knew the old password may hold a session or bearer token: every other one ends
        // now; the session that made the change stays signed in (a reset ends all of them).
        const others = (await internalAdapter.listSessions(user.id)).map((s) => s.token).filter((token) => token !== session.token);
        if (others.length) await internalAdapter.deleteSessions(others);
        return ctx.json({ status: true });
      },
    ),
  },
} satisfies BetterAuthPlugin;

/**
 * The session of an auth call, for a before-hook: the bearer plugin's own hook turns the header
 * into the session cookie only for the endpoint (hooks do not see each other's changes).
 */
async function sessionInHook(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0]) {
  const bearer = /^Bearer (.+)$/i.exec(ctx.headers?.get('authorization') ?? '')?.[1];
  if (!bearer) return (await getSessionFromCtx(ctx))?.session ?? null;
  return (await ctx.context.internalAdapter.findSession(decodeURIComponent(bearer).split('.')[0]))?.session ?? null;
}

/**
 * Issue 13.6, around better-auth's passkey plugin:
 * - a new passkey is a lasting way into the account, so adding one needs a sign-in of the last
 *   five minutes (as a password change does): a session token taken from a device cannot plant
 *   a passkey of its own (better-auth's own freshness check is off, `freshAge` 0, see below);
 * - naming or removing a passkey of another account answers "not found" like an unknown one
 *   (the plugin answers a bare 401 there, which would sign the owner app out).
 * Without a session the endpoints themselves answer 401.
 */
const passkeyGuardPlugin = {
  id: 'passkey-guard',
  hooks: {
    before: [
      {
        matcher: (ctx) => ctx.path === '/passkey/generate-register-options' || ctx.path === '/passkey/verify-registration',
        handler: createAuthMiddleware(async (ctx) => {
          const session = await sessionInHook(ctx);
          if (session && Date.now() - new Date(session.createdAt).getTime() > RECENT_LOGIN_SECONDS * 1000) {
            throw new APIError('FORBIDDEN', { code: 'SESSION_NOT_FRESH', message: 'Please sign in again to add a passkey.' });
          }
        }),
      },
      {
        matcher: (ctx) => ctx.path === '/passkey/update-passkey' || ctx.path === '/passkey/delete-passkey',
        handler: createAuthMiddleware(async (ctx) => {
          const session = await sessionInHook(ctx);
          const id = (ctx.body as { id?: unknown } | undefined)?.id;
          if (!session || typeof id !== 'string') return;
          const found = await ctx.context.adapter.findOne<{ userId: string }>({ model: 'passkey', where: [{ field: 'id', value: id }] });
          if (!found || found.userId !== session.userId) throw new APIError('NOT_FOUND', { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' });
        }),
      },
    ],
  },
} satisfies BetterAuthPlugin;

/**
 * Issue 13.5: when a change of the e-mail address was asked for (better-auth's change-email,
 * whose confirmation link goes to the new address), the old address gets a notice at once, so
 * a person whose session was taken over learns of it before the change is made.
 */
function emailChangeNoticePlugin(mailer: Mailer, log: FastifyBaseLogger) {
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
              .send(emailChangeNoticeMail({ to: session.user.email, newEmail }))
              .catch((err) => log.error({ err }, 'could not send the e-mail change notice'));
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;
}

/** better-auth on our own database: e-mail + password, verification and reset mails, bearer tokens. */
export function createAuth(options: { config: Config; secret: string; db: Db; engine: Engine; mailer: Mailer; log: FastifyBaseLogger }) {
  const { config, secret, db, engine, mailer, log } = options;
  return betterAuth({
    appName: 'Contact Cards',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: engine },
    trustedOrigins: [config.publicUrl],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // SPEC 4: an unverified owner may sign in; only the overview is blocked until verified.
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => mailer.send(passwordResetMail({ to: user.email, url })),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      // The same link confirms a new account and a new address (change-email); the mail says which.
      sendVerificationEmail: async ({ user, url }, request) =>
        mailer.send(
          request && new URL(request.url).pathname.endsWith('/change-email')
            ? changeEmailMail({ to: user.email, url })
            : verificationMail({ to: user.email, url }),
        ),
    },
    // Issue 13.5: the link goes to the new address and changes it when opened (notice to the old one: emailChangeNoticePlugin).
    user: { changeEmail: { enabled: true } },
    // freshAge 0: better-auth's list-sessions would otherwise refuse sessions older than five minutes; the calls that
    // need a proof of identity ask for the password (deletion, 2FA off) or check RECENT_LOGIN_SECONDS themselves.
    // Company sign-in joins an existing account only when the provider says the e-mail address is verified.
    account: { accountLinking: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, freshAge: 0 },
    rateLimit: {
      enabled: true,
      // In the database so every instance counts the same attempts (DESIGN: nothing in one process's memory).
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        // Counted per account and per address by sign-in-limits.ts in the Fastify bridge instead.
        '/sign-in/email': false,
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        // Second-factor codes per client address, like password sign-ins (sign-in-limits.ts); per
        // account the two-factor plugin locks after 10 wrong codes for 15 minutes (below).
        '/two-factor/*': { window: 10 * 60, max: 30 },
        // Each change mails two addresses.
        '/change-email': { window: 10 * 60, max: 5 },
        // Passkey sign-ins per client address, like second-factor codes (the Security screen's
        // list, rename and remove keep the general limit).
        '/passkey/generate-authenticate-options': { window: 10 * 60, max: 30 },
        '/passkey/verify-authentication': { window: 10 * 60, max: 30 },
      },
    },
    advanced: {
      // The Fastify bridge sets this header from the socket (and trusted proxies) before better-auth sees it.
      ipAddress: { ipAddressHeaders: ['x-client-ip'] },
    },
    plugins: [
      bearer(),
      updatePasswordPlugin,
      emailChangeNoticePlugin(mailer, log),
      // Issue 13.7: company sign-in through the operator's OpenID Connect provider, when configured.
      ...(config.oidc
        ? [
            genericOAuth({
              config: [
                {
                  providerId: OIDC_PROVIDER_ID,
                  name: config.oidc.buttonLabel,
                  discoveryUrl: `${config.oidc.issuer}/.well-known/openid-configuration`,
                  requireIdTokenVerification: true,
                  clientId: config.oidc.clientId,
                  clientSecret: config.oidc.clientSecret,
                  scopes: ['openid', 'email', 'profile'],
                  pkce: true,
                },
              ],
            }),
          ]
        : []),
      // Issue 13.6: passkeys (WebAuthn), bound to the public address's host name and origin.
      passkey({ rpID: config.webAuthn.rpID, rpName: 'Contact Cards', origin: config.webAuthn.origin }),
      passkeyGuardPlugin,
      // Issue 13.4: TOTP with an authenticator app, confirmed by a first code; ten backup codes.
      twoFactor({
        issuer: 'Contact Cards',
        backupCodeOptions: { amount: 10, length: 10 },
        accountLockout: { enabled: true, maxFailedAttempts: TWO_FACTOR_MAX_FAILURES, durationSeconds: 15 * 60 },
      }),
    ],
    // better-auth's own messages go into the service's structured log, at its level.
    logger: {
      disabled: config.logLevel === 'silent',
      log: (level, message, ...args) => log[level === 'debug' ? 'debug' : level]({ source: 'better-auth', args: args.length ? args : undefined }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

/** better-auth error codes → SPEC 8's codes, which the owner app turns into messages. */
const AUTH_CODE_MAP: Record<string, string> = {
  INVALID_EMAIL: AuthErrorCode.invalidEmail,
  INVALID_EMAIL_OR_PASSWORD: AuthErrorCode.invalidLoginCredentials,
  USER_NOT_FOUND: AuthErrorCode.userNotFound,
  INVALID_PASSWORD: AuthErrorCode.wrongPassword,
  PASSWORD_TOO_SHORT: AuthErrorCode.weakPassword,
  PASSWORD_TOO_LONG: AuthErrorCode.weakPassword,
  USER_ALREADY_EXISTS: AuthErrorCode.emailAlreadyInUse,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AuthErrorCode.emailAlreadyInUse,
  SESSION_NOT_FRESH: AuthErrorCode.requiresRecentLogin,
  EMAIL_NOT_VERIFIED: AuthErrorCode.emailNotVerified,
  INVALID_CODE: AuthErrorCode.invalidCode,
  INVALID_BACKUP_CODE: AuthErrorCode.invalidCode,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: AuthErrorCode.tooManyRequests,
  ACCOUNT_TEMPORARILY_LOCKED: AuthErrorCode.tooManyRequests,
  INVALID_TWO_FACTOR_COOKIE: AuthErrorCode.twoFactorExpired,
  CHALLENGE_NOT_FOUND: AuthErrorCode.passkeyChallengeExpired,
  PASSKEY_NOT_FOUND: AuthErrorCode.passkeyNotFound,
  AUTHENTICATION_FAILED: AuthErrorCode.passkeyFailed,
  FAILED_TO_VERIFY_REGISTRATION: AuthErrorCode.passkeyFailed,
};

/**
 * The status to answer for a better-auth error with our `code`: a wrong second-factor code is
 * bad input (400 naming `code`), not 401, which would make the owner app forget its token.
 */
export function authErrorAnswer(status: number, code: string): { status: number; field?: string } {
  if (code === AuthErrorCode.invalidCode) return { status: 400, field: 'code' };
  // The passkey plugin answers these with 401, which would sign the owner app out.
  if (code === AuthErrorCode.passkeyNotFound) return { status: 404 };
  if (code === AuthErrorCode.passkeyFailed) return { status: 400 };
  return { status };
}

/** The SPEC 8 code for a better-auth error answer. */
export function authErrorCode(status: number, betterAuthCode: string | undefined, message: string | undefined): string {
  if (status === 429) return AuthErrorCode.tooManyRequests;
  if (betterAuthCode && AUTH_CODE_MAP[betterAuthCode]) return AUTH_CODE_MAP[betterAuthCode];
  // better-auth's body validation names the field in the message ("[body.email] Invalid email address").
  if (betterAuthCode === 'VALIDATION_ERROR' && /email/i.test(message ?? '')) return AuthErrorCode.invalidEmail;
  if (status >= 500) return AuthErrorCode.internalError;
  return (betterAuthCode ?? 'auth-error').toLowerCase().replace(/_/g, '-');
}
