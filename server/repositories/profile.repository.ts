import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared.ts';
import type { NewProfileRow, ProfileRow, ProfileRowUpdate } from '../db/tables.ts';

/** A profile row with `isInUse` (a card points at it). */
export type ProfileWithUse = ProfileRow & { isInUse: boolean };

/**
 * The `updated` stamp of a changed profile: `now`, or one more than the stored stamp when that
 * is not older. Cached answers are keyed by this stamp, so it must change on every change,
 * also for two changes within one millisecond or a clock that stepped back.
 */
const nextStamp = (now: number) =>
  sql<number>`case when ${sql.ref('updated')} >= ${now} then ${sql.ref('updated')} + 1 else ${now} end`;

/** SQL for profiles. Owner reads take the owner's id, so another user's profile is not found. */
export function createProfileRepository(db: Db) {
  const withUse = () =>
    db
      .selectFrom('profile')
      .selectAll('profile')
      .select((eb) =>
        eb
          .exists(eb.selectFrom('card').select(sql.lit(1).as('one')).whereRef('card.profileId', '=', 'profile.id'))
          .as('isInUse'),
      );
  const toUse = (row: (ProfileRow & { isInUse: unknown }) | undefined): ProfileWithUse | undefined =>
    row && { ...row, isInUse: Boolean(row.isInUse) };

  // Hot path (D10): compiled once; parameters in binding order.
  const publicStampQuery = preparedQuery(
    db,
    db.selectFrom('profile').select(['updated', 'profileViews']).where('id', '=', '').where('status', '=', 'ACTIVE'),
  );
  const ownStampQuery = preparedQuery(
    db,
    db.selectFrom('profile').select(['updated', 'profileViews']).where('id', '=', '').where('userId', '=', '').where('status', '!=', 'DELETED'),
  );

  return {
    async insert(row: NewProfileRow, trx: Db = db): Promise<void> {
      await trx.insertInto('profile').values(row).execute();
    },

    /** The caller's own profile unless deleted. */
    async findOwn(userId: string, id: string): Promise<ProfileWithUse | undefined> {
      return toUse(await withUse().where('profile.id', '=', id).where('profile.userId', '=', userId).where('profile.status', '!=', 'DELETED').executeTakeFirst());
    },

    async listOwn(userId: string): Promise<ProfileWithUse[]> {
      const rows = await withUse().where('profile.userId', '=', userId).where('profile.status', '!=', 'DELETED').orderBy('profile.created', 'asc').execute();
      return rows.map((r) => toUse(r)!);
    },

    /** An active profile for public pages and calls. */
    async findActive(id: string): Promise<ProfileWithUse | undefined> {
      return toUse(await withUse().where('profile.id', '=', id).where('profile.status', '=', 'ACTIVE').executeTakeFirst());
    },

    async findActiveByShortLink(shortLinkId: string): Promise<ProfileWithUse | undefined> {
      return toUse(await withUse().where('profile.shortLinkId', '=', shortLinkId).where('profile.status', '=', 'ACTIVE').executeTakeFirst());
    },

    async shortLinkTaken(shortLinkId: string): Promise<boolean> {
      const row = await db.selectFrom('profile').select('id').where(sql`lower(${sql.ref('shortLinkId')})`, '=', shortLinkId.toLowerCase()).executeTakeFirst();
      return Boolean(row);
    },

    /** Updates the caller's own profile (a new `updated` stamp, see `nextStamp`); answers whether a row changed. */
    async updateOwn(userId: string, id: string, patch: ProfileRowUpdate, trx: Db = db): Promise<boolean> {
      const { updated, ...rest } = patch;
      const set = updated === undefined ? rest : { ...rest, updated: nextStamp(Number(updated)) };
      const result = await trx.updateTable('profile').set(set).where('id', '=', id).where('userId', '=', userId).where('status', '!=', 'DELETED').executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Marks a profile changed, so cached public pages of it are rendered anew. */
    async touch(id: string, now: number, trx: Db = db): Promise<void> {
      await trx.updateTable('profile').set({ updated: nextStamp(now) }).where('id', '=', id).execute();
    },

    /** `updated` and the stored view count of a public (ACTIVE) profile: the hot path's one read. */
    async publicStamp(id: string): Promise<{ updated: number; profileViews: number } | undefined> {
      return publicStampQuery([id, 'ACTIVE']);
    },

    /** The same for the caller's own profile, unless deleted. */
    async ownStamp(userId: string, id: string): Promise<{ updated: number; profileViews: number } | undefined> {
      return ownStampQuery([id, userId, 'DELETED']);
    },

    /** Adds counted views (D10) in place, so concurrent writers never lose one. */
    async addViews(views: Map<string, number>, trx: Db = db): Promise<void> {
      for (const [id, n] of views) {
        await trx.updateTable('profile').set((eb) => ({ profileViews: eb('profileViews', '+', n) })).where('id', '=', id).execute();
      }
    },

    async updatedStamp(id: string): Promise<number | undefined> {
      const row = await db.selectFrom('profile').select('updated').where('id', '=', id).where('status', '=', 'ACTIVE').executeTakeFirst();
      return row?.updated;
    },

    /** D15: the image of the owner's most recently updated profile that has one. */
    async latestImageKey(userId: string): Promise<string | null> {
      const row = await db
        .selectFrom('profile')
        .select('profileImageKey')
        .where('userId', '=', userId)
        .where('status', '!=', 'DELETED')
        .where('profileImageKey', 'is not', null)
        .orderBy('updated', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.profileImageKey ?? null;
    },

    /** The owner's e-mail address, where leads (D5) go. */
    async ownerEmail(profileId: string): Promise<string | undefined> {
      const row = await db.selectFrom('profile').innerJoin('user', 'user.id', 'profile.userId').select('user.email').where('profile.id', '=', profileId).executeTakeFirst();
      return row?.email;
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
