import type { ExpressionBuilder } from 'kysely';
import type { Database, GoogleWalletObjectTable } from '../../db/tables.ts';
import type { Db, Engine } from '../../db/database.ts';

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

/**
 * SQL of the Google Wallet pass objects (issue 26): which objects save links carried, per card
 * and owner, and their pending updates. Each row is its own outbox entry, so an update survives
 * a restart, and claiming works as the webhooks' outbox does (`FOR UPDATE SKIP LOCKED` on
 * PostgreSQL, a lease in `nextAttemptAt`): exactly one worker of all instances sends it.
 */
export function createGoogleWalletObjectRepository(db: Db, engine: Engine) {
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
      await db
        .updateTable('googleWalletObject')
        .set((eb) => scheduled(eb, due))
        .where('objectId', '=', row.objectId)
        .where('userId', '=', row.userId)
        .where('contentHash', '!=', row.contentHash)
        .execute();
    },

    /**
     * After profiles changed: every object whose card shows one of them now is due at `due`
     * (coalesced: one pending update per object, however many changes). Whether the pass shows
     * something else is decided when it is sent, against the latest content.
     */
    async scheduleForProfiles(profileIds: readonly string[], due: number): Promise<number> {
      if (profileIds.length === 0) return 0;
      const result = await db
        .updateTable('googleWalletObject')
        .set((eb) => scheduled(eb, due))
        .where('cardId', 'in', (eb) => eb.selectFrom('card').select('card.id').where('card.profileId', 'in', profileIds))
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Takes up to `limit` due objects (pending, or sending with a lease run out: a worker that
     * died) for this worker until `leaseUntil`. One statement; on PostgreSQL the rows are locked
     * and skipped by other instances' workers meanwhile, so each is claimed exactly once.
     */
    async claimDue(now: number, leaseUntil: number, limit: number): Promise<GoogleWalletObjectTable[]> {
      let due = db
        .selectFrom('googleWalletObject')
        .select('objectId')
        .where('status', 'in', ['pending', 'sending'])
        .where('nextAttemptAt', '<=', now)
        .orderBy('nextAttemptAt')
        .limit(limit);
      if (engine === 'postgres') due = due.forUpdate().skipLocked();
      return db
        .updateTable('googleWalletObject')
        .set({ status: 'sending', nextAttemptAt: leaseUntil, again: 0 })
        .where('objectId', 'in', due)
        .where('status', 'in', ['pending', 'sending'])
        .where('nextAttemptAt', '<=', now)
        .returningAll()
        .execute();
    },

    /**
     * Records what the attempt of a claimed object came to. Nothing is written when the lease
     * ran out and another worker took the object meanwhile (answers false). An object changed
     * while it was being sent is due again at `dueAgain` instead of idle.
     */
    async finish(claimed: GoogleWalletObjectTable, outcome: ObjectUpdateOutcome, now: number, dueAgain: number): Promise<boolean> {
      const result = await db
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
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
export type GoogleWalletObjectRepository = ReturnType<typeof createGoogleWalletObjectRepository>;
