import { PostgresAdapter, sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { CardBatchRow, CardRow } from '../../db/tables.ts';
import type { CardState } from '../../../shared/schemas/operator.schema.ts';

const DAY_MS = 86_400_000;

/**
 * What the inventory reads of a card: no owner, no profile, only whether there is one, and the
 * organisation it was registered to in bulk (issue 24), named (issue 35).
 */
export type InventoryRow = Pick<CardRow, 'id' | 'edition' | 'batchId' | 'minted' | 'registered' | 'blocked' | 'views'> & {
  hasOwner: boolean;
  organisation: { id: string; name: string } | null;
};

export interface InventoryFilter {
  q?: string;
  state?: CardState;
  batch?: string;
  edition?: string;
  cursor?: string;
}

/**
 * Issue 28: the operator's reads of the whole fleet and the batches. The inventory pages by
 * card id (keyset: `id > cursor order by id limit n`), so every page is one short range scan of
 * an index whatever the page number: the primary key, or migration 010's per-filter indexes.
 */
export function createInventoryRepository(db: Db) {
  // Byte order of ids on both engines (migration 010 indexes it so on PostgreSQL).
  const cardId = db.getExecutor().adapter instanceof PostgresAdapter ? sql<string>`"card"."id" collate "C"` : sql<string>`"card"."id"`;
  const cardColumns = [
    'card.id',
    'card.edition',
    'card.batchId',
    'card.minted',
    'card.registered',
    'card.blocked',
    'card.views',
    'card.userId',
    'card.organisationId',
    'organisation.name as organisationName',
  ] as const;
  // The organisation by its primary key: one look-up per card of the page, none for other cards.
  const cards = () => db.selectFrom('card').leftJoin('organisation', 'organisation.id', 'card.organisationId');
  type Read = Pick<CardRow, 'id' | 'edition' | 'batchId' | 'minted' | 'registered' | 'blocked' | 'views' | 'userId' | 'organisationId'> & {
    organisationName: string | null;
  };
  const toRow = (r: Read): InventoryRow => ({
    id: r.id,
    edition: r.edition,
    batchId: r.batchId,
    minted: Number(r.minted),
    registered: r.registered === null ? null : Number(r.registered),
    blocked: r.blocked === null ? null : Number(r.blocked),
    views: Number(r.views),
    hasOwner: r.userId !== null,
    organisation: r.organisationId !== null ? { id: r.organisationId, name: r.organisationName ?? '' } : null,
  });

  return {
    async page(filter: InventoryFilter, limit: number): Promise<InventoryRow[]> {
      let query = cards().select(cardColumns);
      if (filter.q) {
        // A prefix as a range, so both engines use the primary key (no LIKE collation issues).
        query = query.where(cardId, '>=', filter.q).where(cardId, '<', `${filter.q}\x7f`);
      }
      if (filter.state === 'blocked') query = query.where('card.blocked', 'is not', null);
      if (filter.state === 'minted') query = query.where('card.userId', 'is', null).where('card.blocked', 'is', null).where('card.organisationId', 'is', null);
      if (filter.state === 'organisation')
        query = query.where('card.userId', 'is', null).where('card.blocked', 'is', null).where('card.organisationId', 'is not', null);
      if (filter.state === 'registered') query = query.where('card.userId', 'is not', null).where('card.blocked', 'is', null);
      if (filter.batch) query = query.where('card.batchId', '=', filter.batch);
      if (filter.edition) query = query.where('card.edition', '=', filter.edition);
      if (filter.cursor) query = query.where(cardId, '>', filter.cursor);
      const rows = await query.orderBy(cardId).limit(limit).execute();
      return rows.map(toRow);
    },

    async find(id: string): Promise<InventoryRow | undefined> {
      const row = await cards().select(cardColumns).where('card.id', '=', id).executeTakeFirst();
      return row && toRow(row);
    },

    /** The card's owner id, for the recorded view of their e-mail and the mails of support actions. */
    async ownerOf(id: string): Promise<string | null | undefined> {
      const row = await db.selectFrom('card').select('userId').where('id', '=', id).executeTakeFirst();
      return row ? row.userId : undefined;
    },

    async insertBatch(batch: Omit<CardBatchRow, 'bundleDone' | 'pageHost'> & { pageHost?: string | null }): Promise<void> {
      await db.insertInto('cardBatch').values(batch).execute();
    },

    async findBatch(id: string): Promise<CardBatchRow | undefined> {
      return db.selectFrom('cardBatch').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async listBatches(limit: number): Promise<CardBatchRow[]> {
      return db.selectFrom('cardBatch').selectAll().orderBy('created', 'desc').orderBy('id').limit(limit).execute();
    },

    async setBundle(id: string, patch: { bundleState?: string; bundleDone?: number; bundleKey?: string | null }): Promise<void> {
      await db.updateTable('cardBatch').set(patch).where('id', '=', id).execute();
    },

    /** The ids and editions of a batch's cards, in id order. */
    async batchCards(batchId: string): Promise<Pick<CardRow, 'id' | 'edition'>[]> {
      return db.selectFrom('card').select(['id', 'edition']).where('batchId', '=', batchId).orderBy('id').execute();
    },

    /**
     * Fleet counts, no personal data, in one scan: the inventory's states (blocked wins; an
     * organisation's card no member holds is the organisation's, not unregistered), and the
     * cards nobody ever registered (neither registered now nor before a reset, migration 013).
     */
    async stateCounts(): Promise<{ total: number; minted: number; organisation: number; registered: number; blocked: number; neverActivated: number }> {
      const row = await db
        .selectFrom('card')
        .select((eb) => [
          eb.fn.countAll<number>().as('total'),
          eb.fn.count<number>('blocked').as('blocked'),
          eb.fn.sum<number>(sql`case when "userId" is not null and blocked is null then 1 else 0 end`).as('registered'),
          eb.fn.sum<number>(sql`case when "userId" is null and blocked is null and "organisationId" is null then 1 else 0 end`).as('minted'),
          eb.fn.sum<number>(sql`case when "userId" is null and blocked is null and "organisationId" is not null then 1 else 0 end`).as('organisation'),
          eb.fn.count<number>(eb.fn.coalesce('firstRegistered', 'registered')).as('everActivated'),
        ])
        .executeTakeFirstOrThrow();
      const n = (v: unknown) => Number(v ?? 0);
      return {
        total: n(row.total),
        minted: n(row.minted),
        organisation: n(row.organisation),
        registered: n(row.registered),
        blocked: n(row.blocked),
        neverActivated: n(row.total) - n(row.everActivated),
      };
    },

    /** Per batch: its cards and how many of them are registered now. */
    async activationsByBatch(): Promise<{ batchId: string | null; label: string | null; cards: number; count: number }[]> {
      const rows = await db
        .selectFrom('card')
        .leftJoin('cardBatch', 'cardBatch.id', 'card.batchId')
        .select((eb) => ['card.batchId', 'cardBatch.label', eb.fn.countAll<number>().as('cards'), eb.fn.count<number>('card.userId').as('count')])
        .groupBy(['card.batchId', 'cardBatch.label'])
        .orderBy('card.batchId')
        .execute();
      return rows.map((r) => ({ batchId: r.batchId, label: r.label ?? null, cards: Number(r.cards), count: Number(r.count) }));
    },

    async activationsByEdition(): Promise<{ edition: string; cards: number; count: number }[]> {
      const rows = await db
        .selectFrom('card')
        .select((eb) => ['edition', eb.fn.countAll<number>().as('cards'), eb.fn.count<number>('userId').as('count')])
        .groupBy('edition')
        .orderBy('edition')
        .execute();
      return rows.map((r) => ({ edition: r.edition, cards: Number(r.cards), count: Number(r.count) }));
    },

    /** Registrations per UTC day since `from` (epoch ms), by the partial index on `registered`. */
    async activationsByDay(from: number): Promise<{ day: string; count: number }[]> {
      const dayNumber = sql<number>`registered / ${sql.lit(DAY_MS)}`;
      const rows = await db
        .selectFrom('card')
        .select((eb) => [dayNumber.as('dayNumber'), eb.fn.countAll<number>().as('count')])
        .where('registered', 'is not', null)
        .where('registered', '>=', from)
        .groupBy(dayNumber)
        .orderBy(dayNumber)
        .execute();
      return rows.map((r) => ({ day: new Date(Number(r.dayNumber) * DAY_MS).toISOString().slice(0, 10), count: Number(r.count) }));
    },

    /** Scans of all cards per UTC day and source since `fromDay` (YYYY-MM-DD), from issue 12's hourly aggregates. */
    async scansByDay(fromDay: string): Promise<{ day: string; source: string; count: number }[]> {
      // Hours are `YYYY-MM-DDTHH` in UTC (issue 23): the first ten characters are the UTC day.
      const day = sql<string>`substr(${sql.ref('hour')}, 1, 10)`;
      const rows = await db
        .selectFrom('visitCount')
        .select((eb) => [day.as('day'), 'source', eb.fn.sum<number>('count').as('count')])
        .where('metric', '=', 'scan')
        .where('hour', '>=', `${fromDay}T00`)
        .groupBy([day, 'source'])
        .orderBy(day)
        .orderBy('source')
        .execute();
      return rows.map((r) => ({ day: r.day, source: r.source, count: Number(r.count) }));
    },
  };
}
export type InventoryRepository = ReturnType<typeof createInventoryRepository>;
