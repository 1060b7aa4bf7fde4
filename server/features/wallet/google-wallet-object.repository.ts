import type { ExpressionBuilder } from 'kysely';
import type { Database, GoogleWalletObjectTable } from '../../db/tables.ts';
import type { Db } from '../../db/database.ts';
import { noOutbox, type OutboxWriter } from '../../outbox/outbox.ts';

/** What an attempt to update a claimed object came to (google-wallet-updates.ts). */
export type ObjectUpdateOutcome =
  /** Google has the object as `contentHash` shows it now (a PATCH succeeded, or nothing had changed). */
  | { kind: 'done'; contentHash?: string; result: string }
  /** Not updated, and not tried again: the pass was never saved (404), or the attempts ran out. */
  | { kind: 'dropped'; result: string }
  /** Tried again at `nextAttemptAt`. */
  | { kind: 'retry'; nextAttemptAt: number; result: string };

/** How the change listener and a new save link mark an object: due at `due`, unless already pending or being sent. */
const scheduled = (eb: ExpressionBuilder<Database, 'googleWalletObject'>, due: number) => ({
  // Every SET reads the row as it was: the CASEs below all see the old status.
  status: eb.case().when('status', '=', 'idle').then('pending').else(eb.ref('status')).end(),
  attempts: eb.case().when('status', '=', 'idle').then(0).else(eb.ref('attempts')).end(),
  // A pending update keeps its time: a retry's backoff is not cut short by more edits.
  nextAttemptAt: eb.case().when('status', '=', 'idle').then(due).else(eb.ref('nextAttemptAt')).end(),
  // A change while the object is being sent: that attempt may carry the old content, so it goes again.
  again: eb.case().when('status', '=', 'sending').then(1).else(eb.ref('again')).end(),
});

/** The outbox key of an object's updates: one message waits per object (coalescing). */
const objectKey = (objectId: string) => `google-object:${objectId}`;

/**
 * SQL of the Google Wallet pass objects (issue 26): which objects save links carried, per card
 * and owner, and the state of their pending update (coalesced: one per object, however many
 * changes). Marking an object due writes its `wallet.google.object` message into the platform
 * outbox (issue 34) in the same transaction; the outbox's worker claims it (a lease, `FOR UPDATE
 * SKIP LOCKED` on PostgreSQL) and google-wallet-updates.ts sends it.
 */
export function createGoogleWalletObjectRepository(db: Db, messages: OutboxWriter = noOutbox) {
  const enqueue = (trx: Db, objectId: string, due: number) =>
    messages.enqueue(trx, { type: 'wallet.google.object', payload: { objectId }, key: objectKey(objectId), coalesce: true, availableAt: due });
  /** Marks the objects `where` picks due at `due` and writes their messages, inside `trx`. */
  async function schedule(trx: Db, objectIds: readonly string[], due: number): Promise<number> {
    if (!objectIds.length) return 0;
    const marked = await trx
      .updateTable('googleWalletObject')
      .set((eb) => scheduled(eb, due))
      .where('objectId', 'in', objectIds)
      .returning(['objectId', 'status', 'nextAttemptAt'])
      .execute();
    for (const row of marked) await enqueue(trx, row.objectId, row.status === 'pending' ? row.nextAttemptAt : due);
    return marked.length;
  }
  return {
    /**
     * The object key (the id after `{issuerId}.`) of this owner's pass of the card: the one their
     * earlier links carried; else the card id, unless the card may have had another owner's pass
     * (another owner's object is known, or the card was reset and registered again, which a
     * deleted account leaves no row of): then a key of its own, so the new owner's pass and its
     * updates never reach the wallet of whoever saved the card's pass before.
     */
    async objectKeyFor(issuerId: string, cardId: string, userId: string, registeredAgain: boolean, freshKey: () => string): Promise<string> {
      const prefix = `${issuerId}.`;
      const rows = await db.selectFrom('googleWalletObject').select(['objectId', 'userId']).where('cardId', '=', cardId).orderBy('created', 'desc').execute();
      const known = rows.filter((row) => row.objectId.startsWith(prefix));
      const own = known.find((row) => row.userId === userId);
      if (own) return own.objectId.slice(prefix.length);
      return known.length || registeredAgain ? `${cardId}-${freshKey()}` : cardId;
    },

    /**
     * A save link carried this object, showing `contentHash`. A new object is remembered as
     * Google will have it once saved. A known one (this owner's, objectKeyFor) takes the new
     * language, and when it shows something else now, is due for an update at `due` (the pass
     * may be saved already).
     */
    async remember(row: { objectId: string; cardId: string; userId: string; language: string; contentHash: string }, now: number, due: number): Promise<void> {
      const inserted = await db
        .insertInto('googleWalletObject')
        .values({ ...row, status: 'idle', again: 0, attempts: 0, nextAttemptAt: now, created: now })
        .onConflict((oc) => oc.column('objectId').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return;
      await db
        .updateTable('googleWalletObject')
        .set({ language: row.language })
        .where('objectId', '=', row.objectId)
        .where('userId', '=', row.userId)
        .execute();
      await db.transaction().execute(async (trx) => {
        const changed = await trx
          .selectFrom('googleWalletObject')
          .select('objectId')
          .where('objectId', '=', row.objectId)
          .where('userId', '=', row.userId)
          .where('contentHash', '!=', row.contentHash)
          .execute();
        await schedule(
          trx,
          changed.map((c) => c.objectId),
          due,
        );
      });
    },

    /**
     * After profiles changed, inside the change's transaction `trx`: every object whose card
     * shows one of them now is due at `due`, with its message (coalesced: one pending update per
     * object, however many changes). Whether the pass shows something else is decided when it
     * is sent, against the latest content.
     */
    async scheduleForProfiles(trx: Db, profileIds: readonly string[], due: number): Promise<number> {
      if (profileIds.length === 0) return 0;
      const shown = await trx
        .selectFrom('googleWalletObject')
        .select('objectId')
        .where('cardId', 'in', (eb) => eb.selectFrom('card').select('card.id').where('card.profileId', 'in', profileIds))
        .execute();
      return schedule(
        trx,
        shown.map((row) => row.objectId),
        due,
      );
    },

    /**
     * Takes the object of a `wallet.google.object` message for this attempt until `leaseUntil`:
     * when an update is pending, or was being sent by a worker whose lease ran out (it died).
     * Undefined when there is nothing to send, or another worker is sending it now (it sends
     * again after its attempt when a change came in meanwhile: `finish`).
     */
    async claim(objectId: string, now: number, leaseUntil: number): Promise<GoogleWalletObjectTable | undefined> {
      return db
        .updateTable('googleWalletObject')
        .set({ status: 'sending', nextAttemptAt: leaseUntil, again: 0 })
        .where('objectId', '=', objectId)
        .where((eb) => eb.or([eb('status', '=', 'pending'), eb.and([eb('status', '=', 'sending'), eb('nextAttemptAt', '<=', now)])]))
        .returningAll()
        .executeTakeFirst();
    },

    /**
     * Records what the attempt of a claimed object came to. Nothing is written when the lease
     * ran out and another worker took the object meanwhile (answers false). An object changed
     * while it was being sent is due again at `dueAgain` instead of idle, with its message.
     */
    async finish(claimed: GoogleWalletObjectTable, outcome: ObjectUpdateOutcome, now: number, dueAgain: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('googleWalletObject')
          .set((eb) =>
            outcome.kind === 'retry'
              ? { status: 'pending', attempts: eb('attempts', '+', 1), nextAttemptAt: outcome.nextAttemptAt, lastAttemptAt: now, lastResult: outcome.result }
              : {
                  status: eb.case().when('again', '=', 1).then('pending').else('idle').end(),
                  attempts: 0,
                  nextAttemptAt: eb.case().when('again', '=', 1).then(dueAgain).else(now).end(),
                  again: 0,
                  lastAttemptAt: now,
                  lastResult: outcome.result,
                  ...(outcome.kind === 'done' && outcome.contentHash ? { contentHash: outcome.contentHash } : {}),
                },
          )
          .where('objectId', '=', claimed.objectId)
          .where('status', '=', 'sending')
          .where('nextAttemptAt', '=', claimed.nextAttemptAt)
          .returning(['status', 'nextAttemptAt'])
          .executeTakeFirst();
        if (result?.status === 'pending' && outcome.kind !== 'retry') await enqueue(trx, claimed.objectId, result.nextAttemptAt);
        return result !== undefined;
      });
    },
  };
}
export type GoogleWalletObjectRepository = ReturnType<typeof createGoogleWalletObjectRepository>;
