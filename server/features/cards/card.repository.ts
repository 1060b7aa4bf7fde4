import { noEventOutbox, type EventOutbox } from '../../lib/event-outbox.ts';
import type { Db } from '../../db/database.ts';
import type { CardRow } from '../../db/tables.ts';
import { registeredColumns, unregisteredColumns } from './card-columns.ts';
import type { ProfileChange } from '../profiles/index.ts';

/** A card row with the name of its profile. */
export type CardWithProfile = CardRow & { profileName: string | null };

/**
 * SQL for cards. Owner reads take the owner's id, so another user's card is not found. Writes of
 * a card's profile take the `ProfileChange` of the profiles it leaves and joins (`isInUse` is
 * part of a presented profile).
 */
export function createCardRepository(db: Db, outbox: EventOutbox = noEventOutbox) {
  const withProfile = () =>
    db.selectFrom('card').leftJoin('profile', 'profile.id', 'card.profileId').selectAll('card').select('profile.profileName as profileName');

  return {
    async insertMany(cards: { id: string; edition: string; minted: number; batchId?: string | null }[]): Promise<void> {
      if (cards.length === 0) return;
      await db.transaction().execute(async (trx) => {
        // Batches keep each statement under SQLite's bound-parameter limit.
        for (let i = 0; i < cards.length; i += 200)
          await trx
            .insertInto('card')
            .values(cards.slice(i, i + 200))
            .execute();
      });
    },

    async find(id: string): Promise<CardRow | undefined> {
      return db.selectFrom('card').selectAll().where('id', '=', id).executeTakeFirst();
    },

    async findOwn(userId: string, id: string): Promise<CardWithProfile | undefined> {
      return withProfile().where('card.id', '=', id).where('card.userId', '=', userId).executeTakeFirst();
    },

    async listOwn(userId: string): Promise<CardWithProfile[]> {
      return withProfile().where('card.userId', '=', userId).orderBy('card.registered', 'asc').execute();
    },

    /**
     * Gives an unowned card to a user in one conditional statement: of racing registrations
     * exactly one changes the row (D6). Answers whether this call won.
     */
    async claim(id: string, userId: string, profileId: string, now: number, change: ProfileChange): Promise<boolean> {
      const result = await change
        .updateTable('card')
        .set((eb) => registeredColumns(eb, userId, profileId, now))
        .where('id', '=', id)
        .where('userId', 'is', null)
        .where('blocked', 'is', null)
        // Issue 24: an organisation's card is assigned by its admins, never claimed.
        .where('organisationId', 'is', null)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await outbox.emit(change, { userId, profileId, type: 'card.registered', data: { id, profileId } });
      return true;
    },

    async setProfile(userId: string, id: string, profileId: string, change: ProfileChange): Promise<boolean> {
      const result = await change.updateTable('card').set({ profileId }).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await outbox.emit(change, { userId, profileId, type: 'card.assigned', data: { id, profileId } });
      return true;
    },

    /** D7: back to unregistered; the id stays valid. */
    async reset(userId: string, id: string, change: ProfileChange): Promise<boolean> {
      // The profile it leaves: an organisation hears of the reset of a card of its company profile.
      const before = await change.selectFrom('card').select('profileId').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
      const result = await change.updateTable('card').set(unregisteredColumns).where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
      if (result.numUpdatedRows === 0n) return false;
      await outbox.emit(change, { userId, profileId: before?.profileId, type: 'card.reset', data: { id } });
      return true;
    },

    /** Issue 28: an operator blocks (`at`) or unblocks (null) any card; answers whether it exists. */
    async setBlocked(id: string, at: number | null): Promise<boolean> {
      const result = await db.updateTable('card').set({ blocked: at }).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Issue 28: an operator's reset, whoever owns the card (D7's columns). */
    async resetAny(id: string, change: ProfileChange): Promise<boolean> {
      const result = await change.updateTable('card').set(unregisteredColumns).where('id', '=', id).executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Issue 28: gives a card to a user whoever held it (an operator's move; the row was reset in the same change). */
    async assign(id: string, userId: string, profileId: string, now: number, change: ProfileChange): Promise<void> {
      await change
        .updateTable('card')
        .set((eb) => registeredColumns(eb, userId, profileId, now))
        .where('id', '=', id)
        .execute();
    },

    /** Adds counted scans (D10) in place, so concurrent writers never lose one. */
    async addScans(scans: Map<string, number>, trx: Db = db): Promise<void> {
      for (const [id, n] of scans) {
        await trx
          .updateTable('card')
          .set((eb) => ({ views: eb('views', '+', n) }))
          .where('id', '=', id)
          .where('profileId', 'is not', null)
          .execute();
      }
    },

    /** Profiles the card points at now, so their `updated` can be bumped when `isInUse` changes. */
    async profileOf(id: string): Promise<string | null> {
      const row = await db.selectFrom('card').select('profileId').where('id', '=', id).executeTakeFirst();
      return row?.profileId ?? null;
    },

    /** How many cards were ever minted. */
    async count(): Promise<number> {
      const { n } = await db
        .selectFrom('card')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /** The oldest minted cards nobody has registered yet. */
    async listUnregistered(limit: number): Promise<Pick<CardRow, 'id' | 'edition'>[]> {
      return db.selectFrom('card').select(['id', 'edition']).where('userId', 'is', null).orderBy('minted').limit(limit).execute();
    },
  };
}
export type CardRepository = ReturnType<typeof createCardRepository>;
