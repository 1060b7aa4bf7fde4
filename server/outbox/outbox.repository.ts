import type { Db, Engine } from '../db/database.ts';
import type { OutboxMessageTable } from '../db/tables.ts';

/** What a handled message came to: the message is deleted, due again at `at`, or given up. */
export type MessageOutcome = { kind: 'done' } | { kind: 'retry'; at: number; error: string } | { kind: 'dead'; error: string };

/** One row of the metrics: how many messages of a type are in a state, and the earliest time among them. */
export interface OutboxCountRow {
  type: string;
  status: string;
  n: number;
  earliest: number | null;
}

/** The longest error text kept on a message (what the log of the feature does not show). */
const ERROR_CHARS = 500;

/**
 * SQL of the transactional outbox (issue 34): the message rows, claimed by the worker with a
 * lease. On PostgreSQL the claim's `FOR UPDATE SKIP LOCKED` lets the workers of every instance
 * claim side by side, each row by exactly one; SQLite has one writer at a time, so the one
 * UPDATE statement is the claim there (the same statement, without the lock clause).
 */
export function createOutboxRepository(db: Db, engine: Engine) {
  return {
    async insert(trx: Db, row: Omit<OutboxMessageTable, 'status' | 'attempts' | 'lastError' | 'updated'>): Promise<void> {
      await trx
        .insertInto('outboxMessage')
        .values({ ...row, status: 'waiting', attempts: 0, lastError: null, updated: row.created })
        .execute();
    },

    /** Whether a message of `type` about `key` waits (not leased): a coalescing enqueue adds none then. */
    async waiting(trx: Db, type: string, key: string): Promise<boolean> {
      const row = await trx
        .selectFrom('outboxMessage')
        .select('id')
        .where('type', '=', type)
        .where('key', '=', key)
        .where('status', '=', 'waiting')
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Takes up to `limit` due messages of `types` (waiting ones whose time came, and leased ones
     * whose lease ran out: a worker that died) for this worker: each is leased until
     * `leaseUntil[type]` and counts one attempt more. Messages about `skipKeys` (this worker's
     * busy keys) are left for later.
     */
    async claimDue(now: number, leaseUntil: Record<string, number>, limit: number, skipKeys: readonly string[]): Promise<OutboxMessageTable[]> {
      const types = Object.keys(leaseUntil);
      if (!types.length || limit <= 0) return [];
      let due = db
        .selectFrom('outboxMessage')
        .select('id')
        .where('status', 'in', ['waiting', 'leased'])
        .where('availableAt', '<=', now)
        .where('type', 'in', types)
        .orderBy('availableAt')
        .limit(limit);
      if (skipKeys.length) due = due.where((eb) => eb.or([eb('key', 'is', null), eb('key', 'not in', skipKeys)]));
      if (engine === 'postgres') due = due.forUpdate().skipLocked();
      // The due ids in a materialized CTE: evaluated once, so the LIMIT holds (PostgreSQL may run a
      // LIMIT … SKIP LOCKED subquery inside IN more than once and update more rows than asked).
      return db
        .with(
          (cte) => cte('due').materialized(),
          () => due,
        )
        .updateTable('outboxMessage')
        .set((eb) => {
          let lease = eb.case().when('type', '=', types[0]).then(leaseUntil[types[0]]);
          for (const type of types.slice(1)) lease = lease.when('type', '=', type).then(leaseUntil[type]);
          return { status: 'leased', attempts: eb('attempts', '+', 1), availableAt: lease.else(now).end(), updated: now };
        })
        .where('id', 'in', (eb) => eb.selectFrom('due').select('due.id'))
        .where('status', 'in', ['waiting', 'leased'])
        .where('availableAt', '<=', now)
        .returningAll()
        .execute();
    },

    /**
     * Records what a claimed message came to. Nothing is written when its lease ran out and
     * another worker took it meanwhile (answers false): that worker records it.
     */
    async finish(claimed: Pick<OutboxMessageTable, 'id' | 'availableAt'>, outcome: MessageOutcome, now: number): Promise<boolean> {
      if (outcome.kind === 'done') {
        const deleted = await db
          .deleteFrom('outboxMessage')
          .where('id', '=', claimed.id)
          .where('status', '=', 'leased')
          .where('availableAt', '=', claimed.availableAt)
          .executeTakeFirst();
        return Number(deleted.numDeletedRows) > 0;
      }
      const result = await db
        .updateTable('outboxMessage')
        .set({
          status: outcome.kind === 'retry' ? 'waiting' : 'dead',
          availableAt: outcome.kind === 'retry' ? outcome.at : now,
          lastError: outcome.error.slice(0, ERROR_CHARS),
          updated: now,
        })
        .where('id', '=', claimed.id)
        .where('status', '=', 'leased')
        .where('availableAt', '=', claimed.availableAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Per type and state: how many, and the earliest `availableAt` (for waiting ones: since when due). */
    async counts(): Promise<OutboxCountRow[]> {
      const rows = await db
        .selectFrom('outboxMessage')
        .select((eb) => ['type', 'status', eb.fn.countAll<number>().as('n'), eb.fn.min<number | null>('availableAt').as('earliest')])
        .groupBy(['type', 'status'])
        .execute();
      return rows.map((row) => ({ type: row.type, status: row.status, n: Number(row.n), earliest: row.earliest === null ? null : Number(row.earliest) }));
    },

    /** Deletes the dead messages given up before `before` (the operator had the time to look). */
    async pruneDead(before: number): Promise<number> {
      const result = await db.deleteFrom('outboxMessage').where('status', '=', 'dead').where('updated', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type OutboxRepository = ReturnType<typeof createOutboxRepository>;
