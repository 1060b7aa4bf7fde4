import type { Db } from '../../db/database.ts';
import type { WalletPassTable } from '../../db/tables.ts';
import { noOutbox, type OutboxWriter } from '../../outbox/outbox.ts';

/** The most devices one pass keeps registered: a pass is one person's, on their few devices. */
export const MAX_DEVICES_PER_PASS = 20;

/**
 * SQL of the Apple passes that stay current (issue 26): passes as downloaded and the devices
 * registered for them, and their pushes as messages of the platform outbox (issue 34).
 */
export function createWalletPassRepository(db: Db, messages: OutboxWriter = noOutbox) {
  return {
    /**
     * Passes that now show something else: each moves to its new `contentHash` and `updated`, if
     * it still shows `from`, and the devices of those that moved get a `wallet.apple.push` message,
     * in one transaction. Two handlers of changes to one profile that run side by side compute the
     * same new hash; only the first moves the pass, so its devices are pushed once. Answers the
     * serial numbers pushed.
     */
    async pushChanged(changes: ReadonlyArray<{ serialNumber: string; from: string; contentHash: string; updated: number }>): Promise<string[]> {
      if (changes.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const moved: string[] = [];
        for (const change of changes) {
          const result = await trx
            .updateTable('walletPass')
            .set({ contentHash: change.contentHash, updated: change.updated })
            .where('serialNumber', '=', change.serialNumber)
            .where('contentHash', '=', change.from)
            .executeTakeFirst();
          if (Number(result.numUpdatedRows) > 0) moved.push(change.serialNumber);
        }
        if (moved.length) await messages.enqueue(trx, { type: 'wallet.apple.push', payload: { serialNumbers: moved } });
        return moved;
      });
    },

    async find(serialNumber: string): Promise<WalletPassTable | undefined> {
      return db.selectFrom('walletPass').selectAll().where('serialNumber', '=', serialNumber).executeTakeFirst();
    },

    /** A download: the pass is now this owner's, showing `contentHash` since `updated` (kept when unchanged). */
    async saveDownload(pass: WalletPassTable): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const known = await trx.selectFrom('walletPass').selectAll().where('serialNumber', '=', pass.serialNumber).executeTakeFirst();
        if (!known) return void (await trx.insertInto('walletPass').values(pass).execute());
        // Another owner's pass before (the card was reset or moved): its devices are not this owner's.
        if (known.userId !== pass.userId) await trx.deleteFrom('walletDevice').where('serialNumber', '=', pass.serialNumber).execute();
        if (known.userId !== pass.userId || known.contentHash !== pass.contentHash)
          await trx.updateTable('walletPass').set(pass).where('serialNumber', '=', pass.serialNumber).execute();
      });
    },

    /** Moves `updated` to `updated` when what the pass shows changed (`contentHash` differs). */
    async touch(serialNumber: string, contentHash: string, updated: number): Promise<void> {
      await db
        .updateTable('walletPass')
        .set({ contentHash, updated })
        .where('serialNumber', '=', serialNumber)
        .where('contentHash', '!=', contentHash)
        .execute();
    },

    /** Registers a device for a pass: 'created', 'known' (push token renewed), or 'full'. */
    async register(deviceLibraryIdentifier: string, serialNumber: string, pushToken: string, now: number): Promise<'created' | 'known' | 'full'> {
      return db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('walletDevice')
          .set({ pushToken })
          .where('deviceLibraryIdentifier', '=', deviceLibraryIdentifier)
          .where('serialNumber', '=', serialNumber)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) > 0) return 'known';
        const { count } = await trx
          .selectFrom('walletDevice')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('serialNumber', '=', serialNumber)
          .executeTakeFirstOrThrow();
        if (Number(count) >= MAX_DEVICES_PER_PASS) return 'full';
        // A burst of the same registration (Wallet retries) on PostgreSQL: a second insert finds the first.
        await trx
          .insertInto('walletDevice')
          .values({ deviceLibraryIdentifier, serialNumber, pushToken, created: now })
          .onConflict((oc) => oc.columns(['deviceLibraryIdentifier', 'serialNumber']).doUpdateSet({ pushToken }))
          .execute();
        return 'created';
      });
    },

    async unregister(deviceLibraryIdentifier: string, serialNumber: string): Promise<void> {
      await db.deleteFrom('walletDevice').where('deviceLibraryIdentifier', '=', deviceLibraryIdentifier).where('serialNumber', '=', serialNumber).execute();
    },

    /** The passes a device registered for, with their owners. */
    async passesOfDevice(deviceLibraryIdentifier: string): Promise<WalletPassTable[]> {
      return db
        .selectFrom('walletDevice')
        .innerJoin('walletPass', 'walletPass.serialNumber', 'walletDevice.serialNumber')
        .selectAll('walletPass')
        .where('walletDevice.deviceLibraryIdentifier', '=', deviceLibraryIdentifier)
        .orderBy('walletPass.serialNumber')
        .execute();
    },

    /** The passes that devices registered for and that show one of these profiles now (their card is assigned to it). */
    async registeredShowing(profileIds: readonly string[]): Promise<WalletPassTable[]> {
      if (profileIds.length === 0) return [];
      return db
        .selectFrom('walletPass')
        .innerJoin('card', 'card.id', 'walletPass.serialNumber')
        .selectAll('walletPass')
        .where('card.profileId', 'in', profileIds)
        .where((eb) =>
          eb.exists(eb.selectFrom('walletDevice').select('walletDevice.serialNumber').whereRef('walletDevice.serialNumber', '=', 'walletPass.serialNumber')),
        )
        .execute();
    },

    /** Drops the registrations of push tokens APNs called gone (410: the pass was removed from the device). */
    async forgetPushTokens(pushTokens: readonly string[]): Promise<void> {
      if (pushTokens.length) await db.deleteFrom('walletDevice').where('pushToken', 'in', pushTokens).execute();
    },

    /** The push tokens of the devices registered for these passes. */
    async pushTokens(serialNumbers: readonly string[]): Promise<string[]> {
      if (serialNumbers.length === 0) return [];
      const rows = await db.selectFrom('walletDevice').select('pushToken').distinct().where('serialNumber', 'in', serialNumbers).execute();
      return rows.map((r) => r.pushToken);
    },
  };
}
export type WalletPassRepository = ReturnType<typeof createWalletPassRepository>;
