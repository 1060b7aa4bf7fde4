import { sql } from 'kysely';
import type { Db } from './database.ts';

/** SQL for the fixed-window counters of the product's rate limits (lib/rate-limiter.ts). */
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
    /** Deletes every window of one subject under any rule (keys `{rule}:{subject}:{window}`). */
    async forgetSubject(subject: string): Promise<void> {
      // LIKE with the subject's own wildcards escaped, so an id with `_` or `%` matches only itself.
      const pattern = `%:${subject.replace(/[\\%_]/g, (c) => `\\${c}`)}:%`;
      await db
        .deleteFrom('rateCounter')
        .where(sql<boolean>`${sql.ref('key')} like ${pattern} escape '\\'`)
        .execute();
    },
    /** Deletes the windows that have ended. */
    async prune(now: number): Promise<void> {
      await db.deleteFrom('rateCounter').where('expiresAt', '<=', now).execute();
    },
  };
}
export type RateCounterRepository = ReturnType<typeof createRateCounterRepository>;
