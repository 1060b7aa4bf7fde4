import type { Db, Engine } from '../db/database.ts';

/** The password's sign-in method: the one a reset sets and a confirmation keeps. */
const PASSWORD_METHOD = 'credential';

/** The statements of one revocation, all on `trx`. */
const statementsOn = (trx: Db, engine: Engine) => {
  // better-auth's booleans: true/false on PostgreSQL, 1/0 on SQLite.
  const yes = engine === 'postgres' ? true : 1;
  const no = engine === 'postgres' ? false : 0;
  return {
    /** Ends the account's sessions but the one of `keepToken`; answers how many ended. */
    async endSessions(userId: string, keepToken?: string): Promise<number> {
      let sessions = trx.deleteFrom('session').where('userId', '=', userId);
      if (keepToken) sessions = sessions.where('token', '!=', keepToken);
      return Number((await sessions.executeTakeFirst()).numDeletedRows);
    },
    /** Deletes the account's passkeys; answers them in the order deleted. */
    deletePasskeys: (userId: string): Promise<Array<{ name: string | null }>> =>
      trx.deleteFrom('passkey').where('userId', '=', userId).returning(['name']).execute(),
    /** Deletes the account's API tokens; answers them. */
    deleteApiTokens: (userId: string): Promise<Array<{ name: string }>> =>
      trx.deleteFrom('apiToken').where('userId', '=', userId).returning(['name']).execute(),
    /** Whether the account has two-factor sign-in switched on. */
    async twoFactorEnabled(userId: string): Promise<boolean> {
      const user = await trx.selectFrom('user').select('twoFactorEnabled').where('id', '=', userId).executeTakeFirst();
      return Boolean(user?.twoFactorEnabled);
    },
    /** Deletes the account's second-factor secrets; answers how many there were. */
    async deleteSecondFactors(userId: string): Promise<number> {
      return Number((await trx.deleteFrom('twoFactor').where('userId', '=', userId).executeTakeFirst()).numDeletedRows);
    },
    /** Switches two-factor sign-in off and, with `confirm`, marks the e-mail address confirmed. */
    async switchTwoFactorOff(userId: string, options: { confirm: boolean }): Promise<void> {
      await trx
        .updateTable('user')
        .set({ twoFactorEnabled: no, ...(options.confirm ? { emailVerified: yes } : {}) })
        .where('id', '=', userId)
        .execute();
    },
    /** Deletes every sign-in method but the password (company sign-ins); answers their provider ids. */
    async deleteCompanySignIns(userId: string): Promise<string[]> {
      const methods = await trx
        .deleteFrom('account')
        .where('userId', '=', userId)
        .where('providerId', '!=', PASSWORD_METHOD)
        .returning(['providerId'])
        .execute();
      return methods.map((m) => m.providerId);
    },
    /** Deletes the account's own webhooks (not its organisation's) with their deliveries and attempts; answers their URLs. */
    async deleteOwnWebhooks(userId: string): Promise<string[]> {
      const own = trx.selectFrom('webhookEndpoint').select('id').where('userId', '=', userId).where('organisationId', 'is', null);
      const deliveries = trx.selectFrom('webhookDelivery').select('id').where('endpointId', 'in', own);
      await trx.deleteFrom('webhookAttempt').where('deliveryId', 'in', deliveries).execute();
      await trx.deleteFrom('webhookDelivery').where('endpointId', 'in', own).execute();
      const removed = await trx.deleteFrom('webhookEndpoint').where('userId', '=', userId).where('organisationId', 'is', null).returning(['url']).execute();
      return removed.map((w) => w.url);
    },
  };
};
/** The statements of one revocation, bound to its transaction. */
export type UnprovenAccessStatements = ReturnType<typeof statementsOn>;

/**
 * SQL of what a proven mailbox ends (issue 20, `unproven-access.ts` decides what and tells the
 * owner): better-auth's tables and the account's own webhooks. `inTransaction` runs the
 * statements on one transaction, so a failure leaves all of them undone.
 */
export function createUnprovenAccessRepository(db: Db, engine: Engine) {
  return {
    /** Whether the account's e-mail address is confirmed (false for an unknown account). */
    async emailVerified(userId: string): Promise<boolean> {
      const user = await db.selectFrom('user').select('emailVerified').where('id', '=', userId).executeTakeFirst();
      return Boolean(user?.emailVerified);
    },
    /** Runs `work` with the revocation's statements inside one transaction. */
    inTransaction: <T>(work: (statements: UnprovenAccessStatements) => Promise<T>): Promise<T> =>
      db.transaction().execute((trx) => work(statementsOn(trx, engine))),
  };
}
export type UnprovenAccessRepository = ReturnType<typeof createUnprovenAccessRepository>;
