import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared.ts';
import { createShortLivedCache } from '../lib/short-lived-cache.ts';
import { BASE_CACHE_MS, createLocalInvalidation, type Invalidation } from '../lib/invalidation.ts';
import type { NewProfileRow, ProfileRow, ProfileRowUpdate } from '../db/tables.ts';

/**
 * A transaction opened by `profiles.change`, in which the `updated` stamps of the profiles
 * being changed were already bumped. Writes to a profile, its links, its images or a card's
 * assignment take one, so no write can skip the stamp that the page and JSON caches key on.
 */
export type ProfileChange = Db & { readonly [changeBrand]: true };
declare const changeBrand: unique symbol;

/** What a profile write may set: `updated` is the change's to bump. */
export type ProfilePatch = Omit<ProfileRowUpdate, 'updated'>;

/** A profile row with `isInUse` (a card points at it). */
export type ProfileWithUse = ProfileRow & { isInUse: boolean };

/**
 * The `updated` stamp of a changed profile: `now`, or one more than the stored stamp when that
 * is not older. Cached answers are keyed by this stamp, so it must change on every change,
 * also for two changes within one millisecond or a clock that stepped back.
 */
const nextStamp = (now: number) => sql<number>`case when ${sql.ref('updated')} >= ${now} then ${sql.ref('updated')} + 1 else ${now} end`;

/**
 * How long a profile's stamp is answered from memory without Redis (or while it is down): the
 * longest another instance's edit takes to show. With Redis edits are pushed and stamps are kept
 * longer (lib/invalidation.ts, PUSHED_CACHE_MS).
 */
export const STAMP_CACHE_MS = BASE_CACHE_MS;

/** What the hot path needs of a profile: whose, whether public, its cache key, its stored views. */
interface ProfileStamp {
  userId: string;
  status: string;
  updated: number;
  profileViews: number;
}

/**
 * SQL for profiles. Owner reads take the owner's id, so another user's profile is not found.
 * `invalidation` tells the other instances about every change (and their changes reach here).
 */
export function createProfileRepository(db: Db, invalidation: Invalidation = createLocalInvalidation()) {
  const withUse = () =>
    db
      .selectFrom('profile')
      .selectAll('profile')
      .select((eb) => eb.exists(eb.selectFrom('card').select(sql.lit(1).as('one')).whereRef('card.profileId', '=', 'profile.id')).as('isInUse'));
  const toUse = (row: (ProfileRow & { isInUse: unknown }) | undefined): ProfileWithUse | undefined => row && { ...row, isInUse: Boolean(row.isInUse) };

  // Hot path (D10): the one read of a public page or an owner's profile call, compiled once,
  // and kept for a second (null too: unknown ids are what floods send), longer while Redis
  // pushes changes. `change` forgets the entries of the profiles it changed once its transaction
  // has ended, and tells the other instances, which forget theirs.
  const stampQuery = preparedQuery(db, db.selectFrom('profile').select(['userId', 'status', 'updated', 'profileViews']).where('id', '=', ''));
  const stamps = createShortLivedCache<ProfileStamp | null>(invalidation.cacheMs);
  invalidation.subscribe((event) => {
    if (event.kind === 'profiles') for (const id of event.ids) stamps.delete(id);
    else if (event.kind === 'all') stamps.clear();
  });
  async function stampOf(id: string): Promise<ProfileStamp | null> {
    let stamp = stamps.get(id);
    if (stamp === undefined) {
      const readAt = stamps.generation();
      stamp = (await stampQuery([id])) ?? null;
      stamps.set(id, stamp, readAt);
    }
    return stamp;
  }
  // Profiles created inside a change: told to the others with the change's own ids (an
  // instance may remember "no such profile" for a new id).
  const createdIn = new WeakMap<object, string[]>();

  return {
    async insert(row: NewProfileRow, change: ProfileChange): Promise<void> {
      await change.insertInto('profile').values(row).execute();
      stamps.delete(row.id);
      createdIn.get(change)?.push(row.id);
    },

    /** Drops the remembered stamp of a profile whose view count was just written. */
    forget(id: string): void {
      stamps.delete(id);
    },

    /**
     * The one way to change profiles: runs `write` in a transaction that first bumps the
     * `updated` stamp of each given profile (which also locks their rows, so concurrent changes
     * of one profile take turns), and forgets their remembered stamps once it has ended, so the
     * next read on this instance sees the change; before it answers, the other instances are
     * told (Redis pub/sub), so their next read sees it too. Profiles created inside `write` need
     * no bump.
     */
    async change<T>(profileIds: ReadonlyArray<string | null | undefined>, write: (change: ProfileChange) => Promise<T>): Promise<T> {
      // In a fixed order, so two changes of the same profiles cannot wait on each other.
      const ids = [...new Set(profileIds.filter((id): id is string => Boolean(id)))].sort();
      const created: string[] = [];
      try {
        return await db.transaction().execute(async (trx) => {
          createdIn.set(trx, created);
          const now = Date.now();
          for (const id of ids)
            await trx
              .updateTable('profile')
              .set({ updated: nextStamp(now) })
              .where('id', '=', id)
              .execute();
          return write(trx as unknown as ProfileChange);
        });
      } finally {
        for (const id of ids) stamps.delete(id);
        const changed = [...ids, ...created];
        // publish() never rejects: a lost Redis costs freshness elsewhere (bounded), not this write.
        if (changed.length) await invalidation.publish({ kind: 'profiles', ids: changed });
      }
    },

    /** The caller's own profile unless deleted. */
    async findOwn(userId: string, id: string): Promise<ProfileWithUse | undefined> {
      return toUse(
        await withUse().where('profile.id', '=', id).where('profile.userId', '=', userId).where('profile.status', '!=', 'DELETED').executeTakeFirst(),
      );
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
      const row = await db
        .selectFrom('profile')
        .select('id')
        .where(sql`lower(${sql.ref('shortLinkId')})`, '=', shortLinkId.toLowerCase())
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Updates the caller's own profile within a change of it; answers whether a row changed. */
    async updateOwn(userId: string, id: string, patch: ProfilePatch, change: ProfileChange): Promise<boolean> {
      // Nothing to set (a body with only the id): SQL has no empty SET, so only the row is checked.
      if (Object.keys(patch).length === 0) {
        const row = await change
          .selectFrom('profile')
          .select('id')
          .where('id', '=', id)
          .where('userId', '=', userId)
          .where('status', '!=', 'DELETED')
          .executeTakeFirst();
        return Boolean(row);
      }
      const result = await change
        .updateTable('profile')
        .set(patch)
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('status', '!=', 'DELETED')
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** `updated` and the stored view count of a public (ACTIVE) profile: the hot path's one read. */
    async publicStamp(id: string): Promise<{ updated: number; profileViews: number } | undefined> {
      const stamp = await stampOf(id);
      return stamp?.status === 'ACTIVE' ? stamp : undefined;
    },

    /** The same for the caller's own profile, unless deleted. */
    async ownStamp(userId: string, id: string): Promise<{ updated: number; profileViews: number } | undefined> {
      const stamp = await stampOf(id);
      return stamp && stamp.userId === userId && stamp.status !== 'DELETED' ? stamp : undefined;
    },

    /** Adds counted views (D10) in place, so concurrent writers never lose one. */
    async addViews(views: Map<string, number>, trx: Db = db): Promise<void> {
      for (const [id, n] of views) {
        await trx
          .updateTable('profile')
          .set((eb) => ({ profileViews: eb('profileViews', '+', n) }))
          .where('id', '=', id)
          .execute();
        stamps.delete(id);
      }
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
    /**
     * How many profiles an account keeps (not deleted), counted inside `trx` after locking the
     * account's row, so two concurrent creations cannot both see room for one more.
     */
    async countLiveLocked(userId: string, trx: Db): Promise<number> {
      await trx
        .updateTable('user')
        .set((eb) => ({ id: eb.ref('id') }))
        .where('id', '=', userId)
        .execute();
      const row = await trx
        .selectFrom('profile')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('status', '!=', 'DELETED')
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The account a profile belongs to: its id (for per-account limits) and e-mail (for lead mails). */
    async ownerOf(profileId: string): Promise<{ userId: string; email: string } | undefined> {
      return db
        .selectFrom('profile')
        .innerJoin('user', 'user.id', 'profile.userId')
        .select(['user.id as userId', 'user.email'])
        .where('profile.id', '=', profileId)
        .executeTakeFirst();
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
