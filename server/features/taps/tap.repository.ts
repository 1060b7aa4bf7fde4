import type { Db } from '../../db/database.ts';
import type { TapBatchKeyTable, TapRow } from '../../db/tables.ts';

/** A SUN card's chip with its batch's sealed keys: what a tap is verified against. */
export interface ChipKeys {
  batchId: string;
  uid: string | null;
  counter: number;
  metaReadKey: string;
  fileReadKey: string;
  diversified: number;
}

/** A card with replayed or invalid taps, for the console's clone alerts. */
export interface AlertRow {
  cardId: string;
  replayed: number;
  invalid: number;
  lastAt: number;
}

/**
 * Issue 38: the SQL of verified taps. The counter only ever rises through `advance`, one
 * conditional UPDATE: whichever instance's statement the database runs second finds the counter
 * already there and changes no row, so one counter is accepted once.
 */
export function createTapRepository(db: Db) {
  return {
    /** The batch's sealed keys, and a chip row (no UID, counter -1) for each of its cards, in one transaction. */
    async insertBatchKeys(row: TapBatchKeyTable): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('tapBatchKey').values(row).execute();
        await trx
          .insertInto('cardChip')
          .columns(['cardId', 'batchId'])
          .expression(
            trx
              .selectFrom('card')
              .select((eb) => ['card.id', eb.val(row.batchId).as('batchId')])
              .where('card.batchId', '=', row.batchId),
          )
          .execute();
      });
    },

    /** The chip of a card with its batch's keys; undefined for a card without SUN (or none at all). */
    async chipKeys(cardId: string): Promise<ChipKeys | undefined> {
      return db
        .selectFrom('cardChip')
        .innerJoin('tapBatchKey', 'tapBatchKey.batchId', 'cardChip.batchId')
        .select(['cardChip.batchId', 'cardChip.uid', 'cardChip.counter', 'tapBatchKey.metaReadKey', 'tapBatchKey.fileReadKey', 'tapBatchKey.diversified'])
        .where('cardChip.cardId', '=', cardId)
        .executeTakeFirst();
    },

    /** The chip as it is stored now (after `advance` refused): its bound UID and counter. */
    async chip(cardId: string) {
      return db.selectFrom('cardChip').select(['uid', 'counter']).where('cardId', '=', cardId).executeTakeFirst();
    },

    /**
     * Raises the card's counter to `counter` and binds `uid` if none is bound, only when the
     * counter is higher and the UID the bound one: true when this call did it.
     */
    async advance(cardId: string, uid: string, counter: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('cardChip')
        .set((eb) => ({ counter, lastVerified: at, uid: eb.fn.coalesce('uid', eb.val(uid)) }))
        .where('cardId', '=', cardId)
        .where('counter', '<', counter)
        .where((eb) => eb.or([eb('uid', 'is', null), eb('uid', '=', uid)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** When the card's last verified tap was, or null. */
    async lastVerified(cardId: string): Promise<number | null> {
      const row = await db.selectFrom('cardChip').select('lastVerified').where('cardId', '=', cardId).executeTakeFirst();
      return row?.lastVerified ?? null;
    },

    async insertTap(row: TapRow): Promise<void> {
      await db.insertInto('tap').values(row).execute();
    },

    /** One page of a card's taps, newest first, after the tap `cursor` ({at, id}) of the page before. */
    async tapsOf(cardId: string, limit: number, cursor?: { at: number; id: string }): Promise<TapRow[]> {
      let query = db.selectFrom('tap').selectAll().where('cardId', '=', cardId);
      if (cursor) query = query.where((eb) => eb.or([eb('at', '<', cursor.at), eb.and([eb('at', '=', cursor.at), eb('id', '<', cursor.id)])]));
      return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },

    /** Records the first alert of a card on `day`: true only for the call that recorded it. */
    async claimAlert(cardId: string, day: string, at: number): Promise<boolean> {
      const result = await db
        .insertInto('tapAlert')
        .values({ cardId, day, at })
        .onConflict((oc) => oc.columns(['cardId', 'day']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
    },

    /** Cards with replayed or invalid taps since `since`, the most recent first. */
    async alerts(since: number, limit: number): Promise<AlertRow[]> {
      const rows = await db
        .selectFrom('tap')
        .select((eb) => [
          'cardId',
          eb.fn.sum<number>(eb.case().when('result', '=', 'replayed').then(1).else(0).end()).as('replayed'),
          eb.fn.sum<number>(eb.case().when('result', '=', 'invalid').then(1).else(0).end()).as('invalid'),
          eb.fn.max('at').as('lastAt'),
        ])
        .where('result', 'in', ['replayed', 'invalid'])
        .where('at', '>=', since)
        .groupBy('cardId')
        .orderBy('lastAt', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ cardId: r.cardId, replayed: Number(r.replayed), invalid: Number(r.invalid), lastAt: Number(r.lastAt) }));
    },
  };
}
export type TapRepository = ReturnType<typeof createTapRepository>;
