import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** SQL for the fixed-window counters of the product's rate limits (services/rate-limiter.ts). */
export function createRateCounterRepository(db: Db) {
  return {
    /**
     * Adds `by` (one, or minus one to take a request back) to a window's counter and answers
     * the new count. One upsert statement, so concurrent requests on any instance each get
     * their own count.
     */
    async increment(key: string, expiresAt: number, by = 1): Promise<number> {
      const row = await db
        .insertInto('rateCounter')
        .values({ key, count: by, expiresAt })
        .onConflict((oc) => oc.column('key').doUpdateSet({ count: sql<number>`${sql.ref('rateCounter.count')} + ${by}` }))
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** Deletes the windows that have ended. */
    async prune(now: number): Promise<void> {
      await db.deleteFrom('rateCounter').where('expiresAt', '<=', now).execute();
    },
  };
}
export type RateCounterRepository = ReturnType<typeof createRateCounterRepository>;
