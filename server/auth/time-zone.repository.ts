import type { Db } from '../db/database.ts';

/** The zone of an account that has not sent its own yet (migration 011). */
export const DEFAULT_TIME_ZONE = 'UTC';

/**
 * The owner's time zone (`user.timeZone`, migration 011, issue 23): set by the owner app from
 * the browser, read by the statistics and the leads export to count in the owner's days.
 */
export function createTimeZoneRepository(db: Db) {
  return {
    /** The account's IANA zone, UTC when it has none. */
    async of(userId: string): Promise<string> {
      const row = await db.selectFrom('user').select('timeZone').where('id', '=', userId).executeTakeFirst();
      return row?.timeZone || DEFAULT_TIME_ZONE;
    },
    /** Stores a zone the caller has validated (shared/schemas/account.schema.ts). */
    async set(userId: string, timeZone: string): Promise<void> {
      await db.updateTable('user').set({ timeZone }).where('id', '=', userId).execute();
    },
  };
}
export type TimeZoneRepository = ReturnType<typeof createTimeZoneRepository>;
/** What the statistics and the leads export need of it. */
export type OwnerTimeZones = Pick<TimeZoneRepository, 'of'>;
