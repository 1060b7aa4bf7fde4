import type { Db, Engine } from '../db/database.ts';
import type { RemovedAccess } from '../mail/auth-mails.ts';

/** The password's sign-in method: the one a reset sets and a confirmation keeps. */
const PASSWORD_METHOD = 'credential';

/**
 * Issue 20, account pre-hijacking: what an account accrued before anyone proved its e-mail
 * address ends when someone does. A confirmation by the mailed link ends every session but the
 * one of the browser that opened it (its cookie came along) and every passkey, second factor,
 * API token, company sign-in and webhook of its own (none can be added while unconfirmed:
 * identity-guards.ts, owner.guard.ts; this clears older ones). A password reset by mail ends
 * every session, passkey, second factor and API token, and on an account not yet confirmed also
 * the company sign-ins and its own webhooks, and confirms it: the mailbox is proven. (API tokens
 * are bearer credentials like sessions: one made with a taken session must not outlive the reset.)
 * One transaction, so a failure leaves all of it in place.
 */
export function createUnprovenAccess(db: Db, engine: Engine) {
  const yes = engine === 'postgres' ? true : 1;
  const no = engine === 'postgres' ? false : 0;

  async function revoke(userId: string, options: { keepSessionToken?: string; unproven: boolean; confirm: boolean }): Promise<RemovedAccess> {
    return db.transaction().execute(async (trx) => {
      let sessions = trx.deleteFrom('session').where('userId', '=', userId);
      if (options.keepSessionToken) sessions = sessions.where('token', '!=', options.keepSessionToken);
      const endedSessions = await sessions.executeTakeFirst();
      const passkeys = await trx.deleteFrom('passkey').where('userId', '=', userId).returning(['name']).execute();
      const apiTokens = await trx.deleteFrom('apiToken').where('userId', '=', userId).returning(['name']).execute();
      const user = await trx.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
      const secondFactors = await trx.deleteFrom('twoFactor').where('userId', '=', userId).executeTakeFirst();
      const twoFactor = Boolean(user?.twoFactorEnabled) || Number(secondFactors.numDeletedRows) > 0;
      await trx
        .updateTable('user')
        .set({ twoFactorEnabled: no, ...(options.confirm ? { emailVerified: yes } : {}) })
        .where('id', '=', userId)
        .execute();
      const methods = options.unproven
        ? await trx.deleteFrom('account').where('userId', '=', userId).where('providerId', '!=', PASSWORD_METHOD).returning(['providerId']).execute()
        : [];
      // The account's own webhooks (its leads sent elsewhere), made before anyone proved the address.
      const webhooks = options.unproven ? await deleteOwnWebhooks(trx, userId) : [];
      return {
        sessions: Number(endedSessions.numDeletedRows),
        passkeys: passkeys.map((p, i) => p.name || `#${i + 1}`),
        twoFactor,
        apiTokens: apiTokens.map((a) => a.name),
        signInMethods: methods.map((m) => m.providerId),
        webhooks,
      };
    });
  }

  return {
    /** The mailed link confirmed the address: `keepSessionToken` is the session whose cookie came with it. */
    confirmed: (userId: string, keepSessionToken: string | undefined) => revoke(userId, { keepSessionToken, unproven: true, confirm: false }),
    /** The password was reset through the mailed link. */
    passwordReset: async (userId: string) => {
      const user = await db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
      const unconfirmed = !user?.emailVerified;
      return revoke(userId, { unproven: unconfirmed, confirm: unconfirmed });
    },
  };
}
export type UnprovenAccess = ReturnType<typeof createUnprovenAccess>;

/** Deletes the account's own webhooks (not its organisation's) with their deliveries and attempts; answers their URLs. */
async function deleteOwnWebhooks(trx: Db, userId: string): Promise<string[]> {
  const own = trx.selectFrom('webhookEndpoint').select('id').where('userId', '=', userId).where('organisationId', 'is', null);
  const deliveries = trx.selectFrom('webhookDelivery').select('id').where('endpointId', 'in', own);
  await trx.deleteFrom('webhookAttempt').where('deliveryId', 'in', deliveries).execute();
  await trx.deleteFrom('webhookDelivery').where('endpointId', 'in', own).execute();
  const removed = await trx.deleteFrom('webhookEndpoint').where('userId', '=', userId).where('organisationId', 'is', null).returning(['url']).execute();
  return removed.map((w) => w.url);
}

/** Anything to tell the owner about. */
export const removedAnything = (removed: RemovedAccess) =>
  removed.sessions > 0 ||
  removed.passkeys.length > 0 ||
  removed.twoFactor ||
  removed.apiTokens.length > 0 ||
  removed.signInMethods.length > 0 ||
  removed.webhooks.length > 0;
