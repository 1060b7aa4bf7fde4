import { noOutbox, type OutboxWriter } from '../../outbox/outbox.ts';
import { noEventOutbox, type EventOutbox } from '../../lib/event-outbox.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { createProfileStamps, type ProfileStamp, type ProfileStamps } from './profile-stamps.ts';
import type { NewProfileRow, ProfileRow, ProfileRowUpdate } from '../../db/tables.ts';

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
 * Public reads see a profile only when its owner confirmed their e-mail address (issue 20): an
 * account made with any address must not get a public page whose /go links redirect anywhere
 * from this host. `true` is a literal: SQLite stores the flag as 1, which equals TRUE there.
 */
const ownerConfirmed = sql<boolean>`${sql.ref('user.emailVerified')} = ${sql.lit(true)}`;

/**
 * SQL for profiles. Owner reads take the owner's id, so another user's profile is not found.
 * `stamps` remembers the hot path's read (profile-stamps.ts): every write here forgets what it
 * changed, and a change tells the other instances through it.
 */
export function createProfileRepository(
  db: Db,
  stamps: ProfileStamps = createProfileStamps(),
  outbox: EventOutbox = noEventOutbox,
  messages: OutboxWriter = noOutbox,
) {
  const withUse = () =>
    db
      .selectFrom('profile')
      .selectAll('profile')
      // Only the owner's own cards: an organisation's card left on a former member's profile (the
      // offboarding's "no longer works here" page) must not stop them deleting it (docs/teams.md).
      .select((eb) =>
        eb
          .exists(
            eb.selectFrom('card').select(sql.lit(1).as('one')).whereRef('card.profileId', '=', 'profile.id').whereRef('card.userId', '=', 'profile.userId'),
          )
          .as('isInUse'),
      );
  const toUse = (row: (ProfileRow & { isInUse: unknown }) | undefined): ProfileWithUse | undefined => row && { ...row, isInUse: Boolean(row.isInUse) };
  /** What visitors may see: ACTIVE profiles of confirmed owners. */
  const publicOnly = (query: ReturnType<typeof withUse>) =>
    query
      .where('profile.status', '=', 'ACTIVE')
      .where((eb) => eb.exists(eb.selectFrom('user').select(sql.lit(1).as('one')).whereRef('user.id', '=', 'profile.userId').where(ownerConfirmed)));

  // Hot path (D10): the one read of a public page or an owner's profile call, compiled once.
  // The owner's confirmation comes with the same read (a join on the user's primary key), not a query of its own.
  const stampQuery = preparedQuery(
    db,
    db
      .selectFrom('profile')
      .innerJoin('user', 'user.id', 'profile.userId')
      .select(['profile.userId', 'profile.status', 'profile.updated', 'profile.profileViews', 'user.emailVerified as ownerConfirmed'])
      .where('profile.id', '=', ''),
  );
  const readStamp = async (id: string): Promise<ProfileStamp | undefined> => (await stampQuery([id])) ?? undefined;
  const stampOf = (id: string) => stamps.get(id, readStamp);
  /** A stamp that visitors may see: ACTIVE, its owner confirmed. */
  const publicOf = (stamp: ProfileStamp | null) => (stamp?.status === 'ACTIVE' && Boolean(stamp.ownerConfirmed) ? stamp : undefined);
  // Profiles created inside a change: told to the others with the change's own ids (an
  // instance may remember "no such profile" for a new id).
  const createdIn = new WeakMap<object, string[]>();
  /** Told of every change inside its transaction (onChangeInside). */
  const insideListeners: Array<(trx: Db, profileIds: readonly string[]) => Promise<void>> = [];

  return {
    async insert(row: NewProfileRow, change: ProfileChange): Promise<void> {
      await change.insertInto('profile').values(row).execute();
      stamps.forget(row.id);
      createdIn.get(change)?.push(row.id);
    },

    /**
     * Issue 34: `listener` runs inside every change's transaction, after its writes, with the
     * changed profiles: what another feature must mark exactly when the change happens (the
     * wiring hands it the wallet's Google objects). It must stay short: the profiles are locked.
     */
    onChangeInside(listener: (trx: Db, profileIds: readonly string[]) => Promise<void>): void {
      insideListeners.push(listener);
    },

    /** Drops the remembered stamp of a profile whose view count was just written. */
    forget(id: string): void {
      stamps.forget(id);
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
          const result = await write(trx as unknown as ProfileChange);
          // Issue 25: each changed profile's webhook event, in the same transaction as the change;
          // issue 34: and one message that tells what shows the profiles, and what marks its own rows now (wallet passes).
          if (ids.length) {
            await messages.enqueue(trx, { type: 'profiles.changed', payload: { profileIds: ids } });
            for (const listener of insideListeners) await listener(trx, ids);
            const changed = await trx
              .selectFrom('profile')
              .select(['id', 'userId', 'profileName', 'firstName', 'lastName', 'companyName', 'status', 'updated'])
              .where('id', 'in', ids)
              .execute();
            for (const p of changed) {
              const data = { id: p.id, profileName: p.profileName, firstName: p.firstName, lastName: p.lastName, companyName: p.companyName, status: p.status };
              await outbox.emit(trx, {
                userId: p.userId,
                profileId: p.id,
                type: 'profile.updated',
                data: { ...data, updated: new Date(Number(p.updated)).toISOString() },
              });
            }
          }
          return result;
        });
      } finally {
        await stamps.changed(ids, created);
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
      return toUse(await publicOnly(withUse().where('profile.id', '=', id)).executeTakeFirst());
    },

    async findActiveByShortLink(shortLinkId: string): Promise<ProfileWithUse | undefined> {
      return toUse(await publicOnly(withUse().where('profile.shortLinkId', '=', shortLinkId)).executeTakeFirst());
    },

    async shortLinkTaken(shortLinkId: string): Promise<boolean> {
      const row = await db
        .selectFrom('profile')
        .select('id')
        .where(sql`lower(${sql.ref('shortLinkId')})`, '=', shortLinkId.toLowerCase())
        .executeTakeFirst();
      return Boolean(row);
    },

    /** Issue 24: sets the same fields on many profiles within a change of them (a template's locked values). */
    async setFields(ids: readonly string[], fields: ProfilePatch, change: ProfileChange): Promise<void> {
      if (ids.length === 0 || Object.keys(fields).length === 0) return;
      for (let i = 0; i < ids.length; i += 500) {
        await change
          .updateTable('profile')
          .set(fields)
          .where('id', 'in', ids.slice(i, i + 500))
          .execute();
      }
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

    /** `updated` and the stored view count of a public profile (ACTIVE, its owner confirmed): the hot path's one read. */
    async publicStamp(id: string): Promise<{ updated: number; profileViews: number } | undefined> {
      return publicOf(await stampOf(id));
    },

    /** `publicStamp` as remembered, without an await: null when the profile is not public, undefined when nothing is remembered (then read). */
    rememberedPublicStamp(id: string): { updated: number; profileViews: number } | null | undefined {
      const stamp = stamps.peek(id);
      return stamp === undefined ? undefined : (publicOf(stamp) ?? null);
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
        stamps.forget(id);
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

    /** The account a profile belongs to: its id (for per-account limits), e-mail and language (for lead mails). */
    async ownerOf(profileId: string): Promise<{ userId: string; email: string; language: string | null } | undefined> {
      return db
        .selectFrom('profile')
        .innerJoin('user', 'user.id', 'profile.userId')
        .select(['user.id as userId', 'user.email', 'user.language'])
        .where('profile.id', '=', profileId)
        .executeTakeFirst();
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
