import type { RemovedAccess } from '../mail/auth-mails.ts';
import type { UnprovenAccessRepository } from './unproven-access.repository.ts';

/**
 * Issue 20, account pre-hijacking: what an account accrued before anyone proved its e-mail
 * address ends when someone does. A confirmation by the mailed link ends every session but the
 * one of the browser that opened it (its cookie came along) and every passkey, second factor,
 * API token, company sign-in and webhook of its own (none can be added while unconfirmed:
 * identity-guards.ts, owner.guard.ts; this clears older ones). A password reset by mail ends
 * every session, passkey, second factor and API token, and on an account not yet confirmed also
 * the company sign-ins and its own webhooks, and confirms it: the mailbox is proven. (API tokens
 * are bearer credentials like sessions: one made with a taken session must not outlive the reset.)
 * One transaction, so a failure leaves all of it in place. The SQL is `unproven-access.repository.ts`'s.
 */
export function createUnprovenAccess(access: UnprovenAccessRepository) {
  async function revoke(userId: string, options: { keepSessionToken?: string; unproven: boolean; confirm: boolean }): Promise<RemovedAccess> {
    return access.inTransaction(async (statements) => {
      const sessions = await statements.endSessions(userId, options.keepSessionToken);
      const passkeys = await statements.deletePasskeys(userId);
      const apiTokens = await statements.deleteApiTokens(userId);
      const twoFactorWasOn = await statements.twoFactorEnabled(userId);
      const secondFactors = await statements.deleteSecondFactors(userId);
      const twoFactor = twoFactorWasOn || secondFactors > 0;
      await statements.switchTwoFactorOff(userId, { confirm: options.confirm });
      const signInMethods = options.unproven ? await statements.deleteCompanySignIns(userId) : [];
      // The account's own webhooks (its leads sent elsewhere), made before anyone proved the address.
      const webhooks = options.unproven ? await statements.deleteOwnWebhooks(userId) : [];
      return {
        sessions,
        passkeys: passkeys.map((p, i) => p.name || `#${i + 1}`),
        twoFactor,
        apiTokens: apiTokens.map((a) => a.name),
        signInMethods,
        webhooks,
      };
    });
  }

  return {
    /** The mailed link confirmed the address: `keepSessionToken` is the session whose cookie came with it. */
    confirmed: (userId: string, keepSessionToken: string | undefined) => revoke(userId, { keepSessionToken, unproven: true, confirm: false }),
    /** The password was reset through the mailed link. */
    passwordReset: async (userId: string) => {
      const unconfirmed = !(await access.emailVerified(userId));
      return revoke(userId, { unproven: unconfirmed, confirm: unconfirmed });
    },
  };
}
export type UnprovenAccess = ReturnType<typeof createUnprovenAccess>;

/** Anything to tell the owner about. */
export const removedAnything = (removed: RemovedAccess) =>
  removed.sessions > 0 ||
  removed.passkeys.length > 0 ||
  removed.twoFactor ||
  removed.apiTokens.length > 0 ||
  removed.signInMethods.length > 0 ||
  removed.webhooks.length > 0;
