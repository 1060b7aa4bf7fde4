import { passkey } from '@better-auth/passkey';
import { betterAuth, type BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { bearer, genericOAuth, twoFactor } from 'better-auth/plugins';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { Config } from '../config.ts';
import type { Db, Engine } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accessRemovedMail, changeEmailMail, passwordResetMail, signInMethodAddedMail, twoFactorEnabledMail, verificationMail } from '../mail/auth-mails.ts';
import type { Mail } from '../mail/mailer.ts';
import { mailLanguage, webRequestLanguage } from '../mail/mail-language.ts';
import { cookieValue, SESSION_COOKIE } from './auth-request.ts';
import { closedEndpointsGuard, emailChangeNoticePlugin, passkeyGuardPlugin, unconfirmedAccountGuard } from './identity-guards.ts';
import { REFUSED_AUTH_ENDPOINTS } from './auth-endpoints.ts';
import { isRecentLogin, RECENT_LOGIN_SECONDS } from './recent-login.ts';
import { createUnprovenAccess, removedAnything } from './unproven-access.ts';
import { createUnprovenAccessRepository } from './unproven-access.repository.ts';
import { AuthErrorCode } from '../../shared/error-codes.ts';
import { readableBackupCodes } from './backup-codes.ts';
import { afterCompanySignIn, type CompanySignInHook } from './company-sign-in.ts';

/** SPEC 8 "weak-password": fewer than this many characters. */
export const MIN_PASSWORD_LENGTH = 8;
/** better-auth's provider id of company sign-in (OIDC): started by /api/auth/sign-in/social, back at /api/auth/callback/oidc. */
export const OIDC_PROVIDER_ID = 'oidc';

/** Wrong second-factor codes per account before it is locked for 15 minutes: as many as password guesses (sign-in-limits.ts). */
export const TWO_FACTOR_MAX_FAILURES = 10;
export { RECENT_LOGIN_SECONDS };

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
        if (!isRecentLogin(session.createdAt)) {
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

/** better-auth on our own database: e-mail + password, verification and reset mails, bearer tokens. */
export function createAuth(options: {
  config: Config;
  secret: string;
  db: Db;
  engine: Engine;
  mailer: Mailer;
  log: FastifyBaseLogger;
  companySignIn?: CompanySignInHook;
}) {
  const { config, secret, db, engine, mailer, log, companySignIn } = options;
  // Security notices must not fail the call that caused them; a lost one is logged.
  const notify = (mail: Mail) => mailer.send(mail).catch((err) => log.error({ err }, 'could not send a security notice'));
  const unproven = createUnprovenAccess(createUnprovenAccessRepository(db, engine));
  return betterAuth({
    appName: 'Contact Cards',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    database: { db, type: engine },
    trustedOrigins: [config.publicUrl],
    // Issue 33: what the gate refuses is off in better-auth too, should a request ever get past it
    // (closedEndpointsGuard below covers the rest); the server's own auth.api calls are unaffected.
    disabledPaths: Object.keys(REFUSED_AUTH_ENDPOINTS),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: 128,
      // SPEC 4: an unverified owner may sign in; only the overview is blocked until verified.
      requireEmailVerification: false,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }, request) => mailer.send(passwordResetMail({ to: user.email, url, language: mailLanguage(request, user) })),
      // Issue 20: the mailbox is proven; what anyone set up before ends (unproven-access.ts).
      onPasswordReset: async ({ user }, request) => {
        const removed = await unproven.passwordReset(user.id);
        if (removed.passkeys.length || removed.twoFactor || removed.apiTokens.length || removed.signInMethods.length || removed.webhooks.length)
          await notify(accessRemovedMail({ to: user.email, reason: 'reset', removed, language: mailLanguage(request, user) }));
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Issue 20: the link confirms the address but signs nobody in: whoever opens it may not be
      // whoever chose the password (pre-hijacking), so the owner signs in with it, or resets it.
      autoSignInAfterVerification: false,
      // The first confirmation of an address ends what was set up before it, except the session
      // of the browser that opened the link (its cookie came along): unproven-access.ts.
      beforeEmailVerification: async (user, request) => {
        const removed = await unproven.confirmed(user.id, cookieValue(request?.headers.get('cookie') ?? undefined, SESSION_COOKIE));
        if (removedAnything(removed)) await notify(accessRemovedMail({ to: user.email, reason: 'confirmed', removed, language: mailLanguage(request, user) }));
      },
      // The same link confirms a new account and a new address (change-email); the mail says which.
      sendVerificationEmail: async ({ user, url }, request) => {
        const language = mailLanguage(request, user);
        await mailer.send(
          request && new URL(request.url).pathname.endsWith('/change-email')
            ? changeEmailMail({ to: user.email, url, language })
            : verificationMail({ to: user.email, url, language }),
        );
      },
    },
    // Issue 13.5: the link goes to the new address and changes it when opened (notice to the old one: emailChangeNoticePlugin).
    user: {
      changeEmail: { enabled: true },
      // Issue 23: the language the owner last used (migration 007), set by the hooks below, never by a client.
      // Issue 23: the browser's time zone (migration 011), set by POST /account/time-zone; get-session shows it to the app.
      additionalFields: { language: { type: 'string', required: false, input: false }, timeZone: { type: 'string', required: false, input: false } },
    },
    // freshAge 0: better-auth's list-sessions would otherwise refuse sessions older than five minutes; the calls that
    // need a proof of identity ask for the password (deletion, 2FA off) or check RECENT_LOGIN_SECONDS themselves.
    // Company sign-in joins an existing account only when the provider says the e-mail address is verified.
    // Never into an account whose own address is unconfirmed (issue 20: pre-hijacking); better-auth's default, kept explicit.
    account: { accountLinking: { enabled: true, requireLocalEmailVerified: true } },
    databaseHooks: {
      // Issue 20: the account's address hears of every new way into it.
      user: {
        // Issue 23: the account's language is the one of its sign-up, then of each sign-in (session below).
        create: {
          before: async (user, ctx) => ({ data: { ...user, language: webRequestLanguage(ctx?.request ?? ctx?.headers) ?? 'en' } }),
        },
        update: {
          // The two-factor plugin updates the user in these calls only to turn it on.
          after: async (user, ctx) => {
            const turnedOn = (ctx?.path === '/two-factor/verify-totp' || ctx?.path === '/two-factor/enable') && user.twoFactorEnabled === true;
            if (turnedOn) await notify(twoFactorEnabledMail({ to: user.email, language: mailLanguage(ctx?.request ?? ctx?.headers, user) }));
          },
        },
      },
      account: {
        create: {
          after: async (account, ctx) => {
            if (account.providerId === 'credential' || !ctx) return;
            const accounts = await ctx.context.internalAdapter.findAccounts(account.userId);
            const user = accounts.length > 1 ? await ctx.context.internalAdapter.findUserById(account.userId) : null;
            if (user)
              await notify(
                signInMethodAddedMail({
                  to: user.email,
                  provider: config.oidc?.buttonLabel ?? account.providerId,
                  language: mailLanguage(ctx.request ?? ctx.headers, user),
                }),
              );
          },
        },
      },
      session: {
        create: {
          after: async (session, ctx) => {
            const language = webRequestLanguage(ctx?.request ?? ctx?.headers);
            if (language && ctx) await ctx.context.internalAdapter.updateUser(session.userId, { language });
            // Issue 27: company sign-in (OIDC) of a verified address may join an organisation by its domain.
            await afterCompanySignIn(companySignIn, OIDC_PROVIDER_ID, session.userId, ctx ?? null, log);
          },
        },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 30, updateAge: 60 * 60 * 24, freshAge: 0 },
    rateLimit: {
      enabled: true,
      // In the database so every instance counts the same attempts (DESIGN: nothing in one process's memory).
      storage: 'database',
      window: 60,
      max: 200,
      customRules: {
        // Counted per account and per address by credential-limits.ts in the gate (auth.routes.ts);
        // this is the second line, per address, should the gate ever let one through.
        '/sign-in/email': { window: 60, max: 60 },
        '/sign-up/email': { window: 60, max: 10 },
        '/request-password-reset': { window: 60, max: 5 },
        '/send-verification-email': { window: 60, max: 5 },
        // Second-factor codes per client address, like password sign-ins (credential-limits.ts); per
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
      closedEndpointsGuard,
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
      passkeyGuardPlugin(notify),
      unconfirmedAccountGuard,
      // Issue 13.4: TOTP with an authenticator app, confirmed by a first code; ten backup codes.
      twoFactor({
        issuer: 'Contact Cards',
        // Issue 23: codes without look-alike characters (0/O, 1/l/I), read off a phone or paper.
        backupCodeOptions: { amount: 10, length: 10, customBackupCodesGenerate: () => readableBackupCodes(10, 10) },
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
