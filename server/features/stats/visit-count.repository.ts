import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import type { VisitCount } from './visit-counts.ts';
import type { LinkType } from '../../../shared/schemas/link.schema.ts';

/** Rows per upsert: 7 values each stays far below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 500;

/**
 * SQL of the hourly visit aggregates (issue 12, migrations 004-analytics and 011), and the one read
 * `GET /go/{id}` makes.
 */
export function createVisitCountRepository(db: Db) {
  // Hot path of /go: compiled once; the link only if it is the given profile's and that profile is public.
  const publicLinkQuery = preparedQuery(
    db,
    db
      .selectFrom('link')
      .innerJoin('profile', 'profile.id', 'link.profileId')
      .select(['link.link as link', 'link.type as type'])
      .where('link.id', '=', '')
      .where('link.profileId', '=', '')
      .where('profile.status', '=', 'ACTIVE'),
  );

  return {
    /**
     * Adds counts in place (`count = count + excluded.count`), so instances flushing the same
     * key at once both land: the database adds, no one reads and writes back. Keys must be
     * unique within one call (PostgreSQL refuses to update one row twice in one statement).
     *
     * Counts of a profile deleted since they were counted are dropped: a deleted account leaves
     * no row behind (issue 13). A no-op update locks the profiles' rows for this transaction and
     * answers which still exist; a deletion, which locks them first thing (`profiles.change`),
     * therefore runs wholly before or wholly after it, never in between. Run it in the caller's
     * transaction.
     */
    async add(rows: readonly VisitCount[], trx: Db = db): Promise<void> {
      if (rows.length === 0) return;
      const live = new Set<string>();
      const profileIds = [...new Set(rows.map((r) => r.profileId))];
      for (let i = 0; i < profileIds.length; i += CHUNK) {
        const found = await trx
          .updateTable('profile')
          .set((eb) => ({ status: eb.ref('status') }))
          .where('id', 'in', profileIds.slice(i, i + CHUNK))
          .returning('id')
          .execute();
        for (const { id } of found) live.add(id);
      }
      const kept = rows.filter((r) => live.has(r.profileId));
      for (let i = 0; i < kept.length; i += CHUNK) {
        await trx
          .insertInto('visitCount')
          .values(kept.slice(i, i + CHUNK))
          .onConflict((oc) =>
            oc
              .columns(['profileId', 'hour', 'cardId', 'source', 'metric', 'linkId'])
              .doUpdateSet((eb) => ({ count: eb('visitCount.count', '+', eb.ref('excluded.count')) })),
          )
          .execute();
      }
    },

    /** Counts of one profile from UTC hour `fromHour` to `toHour` (inclusive), summed over what the statistics do not tell apart. */
    async sums(profileId: string, fromHour: string, toHour: string) {
      const rows = await db
        .selectFrom('visitCount')
        .select(['hour', 'metric', 'source', 'cardId', 'linkId'])
        .select((eb) => eb.fn.sum<number>('count').as('count'))
        .where('profileId', '=', profileId)
        .where('hour', '>=', fromHour)
        .where('hour', '<=', toHour)
        .groupBy(['hour', 'metric', 'source', 'cardId', 'linkId'])
        .execute();
      // PostgreSQL answers sum(bigint) as numeric, which pg hands over as a string.
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    /**
     * Issue 24's team statistics: counts of several profiles per profile, metric and source, and
     * the scans of the given cards (whichever profile they showed), from `fromHour` to `toHour`.
     */
    async groupSums(profileIds: readonly string[], cardIds: readonly string[], fromHour: string, toHour: string) {
      if (profileIds.length === 0 && cardIds.length === 0) return [];
      const rows = await db
        .selectFrom('visitCount')
        .select(['profileId', 'hour', 'metric', 'source', 'cardId'])
        .select((eb) => eb.fn.sum<number>('count').as('count'))
        .where((eb) => {
          const either = [];
          if (profileIds.length) either.push(eb('profileId', 'in', profileIds));
          if (cardIds.length) either.push(eb.and([eb('metric', '=', 'scan'), eb('cardId', 'in', cardIds)]));
          return eb.or(either);
        })
        .where('hour', '>=', fromHour)
        .where('hour', '<=', toHour)
        .groupBy(['profileId', 'hour', 'metric', 'source', 'cardId'])
        .execute();
      return rows.map((r) => ({ ...r, count: Number(r.count) }));
    },

    /** The stored value and type of a link of an ACTIVE profile, or undefined when it is not that profile's. */
    async publicLink(profileId: string, linkId: string): Promise<{ link: string; type: LinkType } | undefined> {
      const row = await publicLinkQuery([linkId, profileId, 'ACTIVE']);
      return row && { link: row.link, type: row.type as LinkType };
    },
  };
}
export type VisitCountRepository = ReturnType<typeof createVisitCountRepository>;
