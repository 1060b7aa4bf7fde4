import type { FastifyBaseLogger } from 'fastify';
import { AuthErrorCode, ErrorCode } from '../../../shared/error-codes.ts';
import type { AccountSession } from '../../../shared/schemas/account.schema.ts';
import { withAuthContext } from '../../auth/auth-context.ts';
import { authErrorAnswer, authErrorCode, type Auth } from '../../auth/auth.ts';
import { isRecentLogin } from '../../auth/recent-login.ts';
import { accountKey, CREDENTIAL_RULES } from '../../auth/credential-limits.ts';
import { AppError, badInput, notFound } from '../../http/errors.ts';
import { deviceOf } from './device-name.ts';
import { accountDeletedMail } from '../../mail/auth-mails.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { AccountRepository, DeletedAlong } from './account.repository.ts';
import type { TimeZoneRepository } from '../../auth/time-zone.repository.ts';
import type { Storage } from '../../storage/storage.ts';
import { accountLanguage } from '../../mail/mail-language.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import { buildAccountExport } from './account-export.ts';
import type { AccountExportRepository } from './account-export.repository.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { ProfileChange } from '../profiles/index.ts';

const HOUR_MS = 60 * 60_000;

/** Limits of the account calls that cost much or check a password (docs/security.md). */
export const ACCOUNT_RULES = {
  /** Building the export reads every row and image of the account and compresses them. */
  export: { name: 'account-export', max: 5, windowMs: HOUR_MS },
  /** Deletion checks the password (and the second factor): as many guesses as a sign-in. */
  deletion: { name: 'account-delete', max: 10, windowMs: 15 * 60_000 },
} as const satisfies Record<string, RateRule>;

/**
 * What the account deletion asks of the features that keep rows beside the account's own (issue
 * 24's organisations, docs/teams.md "Account deletion"), filled in `server/wiring.ts`, so this
 * feature imports none of them.
 */
export interface AccountDeletionHooks {
  /** Throws a D4 error when the account may not be deleted now; runs before any check with side effects. */
  refuseDeletion(userId: string): Promise<void>;
  /** Runs first inside the deletion's transaction; answers further rate-limit subjects and stored files that go with the account. */
  beforeAccountDeletion(change: ProfileChange, userId: string): Promise<DeletedAlong>;
}

/** The bearer request of an owner call, as better-auth's own endpoints take it. */
export interface OwnerRequest {
  userId: string;
  /** The request's `Authorization` header (the owner guard has checked it), handed on to better-auth. */
  authorization: string;
  /** The plain session token of that header, read by the route. */
  sessionToken: string;
  /** The account's e-mail address and the client's address: a password check counts with sign-in's (credential-limits.ts). */
  email: string;
  address: string;
  /** The language the request names (D1), for the mails it causes (issue 23); null when it names none. */
  language: Language | null;
}

/**
 * Runs one of better-auth's endpoints on the server with the owner's bearer header, inside
 * `withAuthContext` (see auth-context.ts), and turns its errors into D4 errors with SPEC 8 codes.
 */
export async function callAuth<T>(call: () => Promise<T>, field?: string): Promise<T> {
  try {
    return await withAuthContext(call);
  } catch (error) {
    const e = error as { statusCode?: number; body?: { code?: string; message?: string }; message?: string };
    if (typeof e.statusCode !== 'number') throw error;
    const message = e.body?.message ?? e.message ?? 'Request failed';
    const code = authErrorCode(e.statusCode, e.body?.code, message);
    const answer = authErrorAnswer(e.statusCode, code);
    throw new AppError(answer.status, code as never, message, answer.field ?? (answer.status === 400 ? field : undefined));
  }
}

const iso = (value: Date | string | number) => new Date(value).toISOString();

/** Issue 13: the account's sessions, its data export and its deletion. */
export function createAccountService(deps: {
  auth: Auth;
  accounts: AccountRepository;
  /** The data export's reads (account-export.repository.ts). */
  exports: AccountExportRepository;
  storage: Storage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  timeZones: TimeZoneRepository;
  deletionHooks: AccountDeletionHooks;
}) {
  const { auth, accounts, exports, storage, mailer, rateLimiter, log, timeZones, deletionHooks } = deps;
  const headersOf = (request: OwnerRequest) => new Headers({ authorization: request.authorization });

  async function sessionsWithTokens(request: OwnerRequest) {
    return callAuth(() => auth.api.listSessions({ headers: headersOf(request) }));
  }

  return {
    /**
     * Issue 23: stores the browser's time zone (validated by the route's schema) in its
     * canonical spelling, and answers it.
     */
    async setTimeZone(userId: string, timeZone: string): Promise<string> {
      const canonical = new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
      await timeZones.set(userId, canonical);
      return canonical;
    },

    /** The account's live sessions, this one first, then the most recently seen. */
    async listSessions(request: OwnerRequest): Promise<AccountSession[]> {
      const current = request.sessionToken;
      const sessions = (await sessionsWithTokens(request)).map((s): AccountSession => ({
        id: s.id,
        ...deviceOf(s.userAgent),
        ipAddress: s.ipAddress ?? null,
        createdIso: iso(s.createdAt),
        lastSeenIso: iso(s.updatedAt),
        current: s.token === current,
      }));
      return sessions.sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenIso.localeCompare(a.lastSeenIso));
    },

    /** Signs one session of the account out (better-auth's revoke-session); 404 for any other id. */
    async revokeSession(request: OwnerRequest, sessionId: string): Promise<void> {
      const session = (await sessionsWithTokens(request)).find((s) => s.id === sessionId);
      if (!session) throw notFound(ErrorCode.notFound, 'Session not found: it has ended already or belongs to another account.');
      await callAuth(() => auth.api.revokeSession({ headers: headersOf(request), body: { token: session.token } }));
    },

    /** Signs every session but this one out (better-auth's revoke-other-sessions); answers how many ended. */
    async revokeOtherSessions(request: OwnerRequest): Promise<number> {
      const before = (await sessionsWithTokens(request)).length;
      await callAuth(() => auth.api.revokeOtherSessions({ headers: headersOf(request) }));
      return Math.max(0, before - 1);
    },

    /** GET /download/account-export: everything stored about the account as one ZIP. */
    async exportAccount(request: OwnerRequest): Promise<{ zip: Uint8Array; fileName: string }> {
      await rateLimiter.consume(
        [[ACCOUNT_RULES.export, request.userId]],
        'You have downloaded your data several times in the last hour. Please try again later.',
      );
      const sessions = await sessionsWithTokens(request);
      return buildAccountExport({ exports, storage, userId: request.userId, sessions });
    },

    /**
     * POST /account/delete: after the password (and the second factor when it is on), removes
     * every row of the account in one transaction: rows that name one of its profiles or the
     * account in any table (found in the schema, so tables added later are covered), its
     * profiles and the user with sessions and sign-in methods. Its cards go back to
     * unregistered. Images leave storage after the commit; then the notice mail goes out.
     */
    async deleteAccount(request: OwnerRequest, input: { password?: string; code?: string }): Promise<void> {
      // The last owner of an organisation with other members hands it over first (409), before a
      // guess is counted or a backup code used up.
      await deletionHooks.refuseDeletion(request.userId);
      // Issue 20: every check of a password or a code counts with sign-in's guesses, per account
      // from every address and per address over all accounts; a right answer is taken back out.
      const [, ...guesses] = await rateLimiter.consume(
        [
          [ACCOUNT_RULES.deletion, request.userId],
          [CREDENTIAL_RULES.perAccount, accountKey(request.email)],
          [CREDENTIAL_RULES.perAddress, request.address],
        ],
        'Too many attempts. Please wait a few minutes and try again.',
        AuthErrorCode.tooManyRequests,
      );
      await identityCheck(request, input.password);
      await secondFactorCheck(request, input.code);
      await Promise.all(guesses.map((g) => g.release()));

      const user = await accounts.findUser(request.userId);
      if (!user) throw new AppError(401, ErrorCode.unauthorized, 'Please sign in.');
      const { imageKeys, subjects } = await accounts.deleteAccount(user, (change) => deletionHooks.beforeAccountDeletion(change, user.id));

      // After the commit: storage is not part of the transaction, and a failed delete only leaves an unreachable file.
      for (const key of imageKeys) await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not delete an image of a deleted account'));
      // Rate counters name the account in their keys (in the database or in Redis): none outlives it (issue 20).
      for (const subject of [user.id, ...subjects])
        await rateLimiter.forget(subject).catch((err) => log.warn({ err }, 'could not delete the rate counters of a deleted account'));
      const language = request.language ?? accountLanguage(user) ?? 'en';
      await mailer.send(accountDeletedMail({ to: user.email, language })).catch((err) => log.error({ err }, 'could not send the account-deleted mail'));
    },
  };

  /**
   * Proof that the owner is at the keyboard: the password (better-auth's verify-password); an
   * account without one (made by company sign-in) needs a session opened in the last five
   * minutes instead, i.e. a fresh company sign-in.
   */
  async function identityCheck(request: OwnerRequest, password: string | undefined): Promise<void> {
    const credential = await accounts.hasPassword(request.userId);
    if (credential) {
      if (!password) throw badInput('password', 'Please enter your password.');
      await callAuth(() => auth.api.verifyPassword({ headers: headersOf(request), body: { password } }), 'password');
      return;
    }
    const sessionCreated = await accounts.sessionCreated(request.sessionToken);
    if (!isRecentLogin(sessionCreated)) {
      throw new AppError(
        403,
        AuthErrorCode.requiresRecentLogin,
        'Please sign in again with your company account, then delete the account within five minutes.',
      );
    }
  }

  /**
   * When two-factor sign-in is on, the authenticator code (six digits) or one of the backup codes
   * (which is used up) must come with the password: better-auth's verify-totp and
   * verify-backup-code check it for the signed-in session.
   */
  async function secondFactorCheck(request: OwnerRequest, code: string | undefined): Promise<void> {
    if (!(await accounts.twoFactorEnabled(request.userId))) return;
    if (!code) throw new AppError(400, AuthErrorCode.invalidCode, 'code: Please enter the code from your authenticator app or a backup code.', 'code');
    const headers = headersOf(request);
    if (/^\d{6}$/.test(code)) await callAuth(() => auth.api.verifyTOTP({ headers, body: { code } }), 'code');
    else await callAuth(() => auth.api.verifyBackupCode({ headers, body: { code, disableSession: true } }), 'code');
  }
}
export type AccountService = ReturnType<typeof createAccountService>;
