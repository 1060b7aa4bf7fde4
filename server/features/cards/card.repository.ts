import { noEventOutbox, type EventOutbox } from '../../lib/event-outbox.ts';
import type { Db } from '../../db/database.ts';
import type { CardRow, Database } from '../../db/tables.ts';
import type { ExpressionBuilder } from 'kysely';
import type { ProfileChange } from '../profiles/index.ts';

type CardColumns = ExpressionBuilder<Database, 'card'>;

/** The columns of a registration (D6): the card's first registration stays the first (migration 013). */
const registeredColumns = (eb: CardColumns, userId: string, profileId: string, now: number) => ({
  userId,
  profileId,
  registered: now,
  firstRegistered: eb.fn.coalesce('firstRegistered', eb.val(now)),
  views: 0,
});

/**
 * The columns of a card going back to unregistered (D7, an operator's reset or move, an
 * account's deletion). The registration that ends is kept as the first one unless an earlier
 * one is (the right-hand sides read the row as it was), so a reset card never counts as never
 * activated (migration 013). Every write that clears `registered` uses this.
 */
export const unregisteredColumns = (eb: CardColumns) => ({
  userId: null,
  profileId: null,
  registered: null,
  firstRegistered: eb.fn.coalesce('firstRegistered', 'registered'),
  views: 0,
});

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

    ...organisationCardQueries(db, outbox),

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

/** An organisation's card as its admins list it: the member it is assigned to, if any. */
export interface OrganisationCardRow {
  id: string;
  edition: string;
  userId: string | null;
  profileId: string | null;
  blocked: number | null;
}

/**
 * Issue 24: SQL of an organisation's cards. Writes take the `ProfileChange` of the profiles a
 * card leaves and joins, so their stamps move (`isInUse`, the card pages) in the same transaction
 * as the organisation's audit entry.
 */
function organisationCardQueries(db: Db, outbox: EventOutbox) {
  const ofOrganisation = (trx: Db, organisationId: string) =>
    trx.selectFrom('card').select(['id', 'edition', 'userId', 'profileId', 'blocked']).where('organisationId', '=', organisationId);
  /** The holder a card leaves hears of it as a reset (issue 25's events, in the change's transaction). */
  const tellLeft = async (
    change: ProfileChange,
    id: string,
    previous: { userId: string | null; profileId: string | null } | undefined,
    next: string | null,
  ) => {
    if (previous?.userId && previous.userId !== next) {
      await outbox.emit(change, { userId: previous.userId, profileId: previous.profileId, type: 'card.reset', data: { id } });
    }
  };
  return {
    /**
     * Issue 35: what bulk registration needs to know of each id among `ids` that is minted (an id
     * never minted is not among the rows): who holds it, and whether it is blocked.
     */
    async registrationStates(ids: readonly string[]): Promise<{ id: string; userId: string | null; organisationId: string | null; blocked: number | null }[]> {
      const rows: { id: string; userId: string | null; organisationId: string | null; blocked: number | null }[] = [];
      for (let i = 0; i < ids.length; i += 200) {
        rows.push(
          ...(await db
            .selectFrom('card')
            .select(['id', 'userId', 'organisationId', 'blocked'])
            .where('id', 'in', ids.slice(i, i + 200))
            .execute()),
        );
      }
      return rows;
    },
    /** Registers cards to an organisation all or none: false (nothing changed) when any of them was taken meanwhile. */
    async registerToOrganisation(ids: readonly string[], organisationId: string, trx: Db): Promise<boolean> {
      let changed = 0;
      for (let i = 0; i < ids.length; i += 200) {
        const result = await trx
          .updateTable('card')
          .set({ organisationId })
          .where('id', 'in', ids.slice(i, i + 200))
          .where('userId', 'is', null)
          .where('blocked', 'is', null)
          .where('organisationId', 'is', null)
          .executeTakeFirst();
        changed += Number(result.numUpdatedRows);
      }
      return changed === ids.length;
    },
    organisationCards(organisationId: string): Promise<OrganisationCardRow[]> {
      return ofOrganisation(db, organisationId).orderBy('id').execute();
    },
    organisationCard(organisationId: string, cardId: string, trx: Db = db): Promise<OrganisationCardRow | undefined> {
      return ofOrganisation(trx, organisationId).where('id', '=', cardId).executeTakeFirst();
    },
    /** The organisation's cards assigned to one member (read inside `trx` when given). */
    assignedTo(organisationId: string, userId: string, trx: Db = db): Promise<OrganisationCardRow[]> {
      return ofOrganisation(trx, organisationId).where('userId', '=', userId).orderBy('id').execute();
    },
    /**
     * The organisation is deleted (its only member deleted their account): every card of it goes
     * back to a plain unregistered minted card, which anyone may register again. Its holders hear
     * of it as a reset.
     */
    async releaseOrganisationCards(organisationId: string, change: ProfileChange): Promise<void> {
      const held = await ofOrganisation(change, organisationId).where('userId', 'is not', null).execute();
      await change
        .updateTable('card')
        .set((eb) => ({ ...unregisteredColumns(eb), organisationId: null }))
        .where('organisationId', '=', organisationId)
        .execute();
      for (const card of held) await tellLeft(change, card.id, card, null);
    },
    /** Assigns an organisation's card to a member's profile (a new holder starts at 0 scans, as D6's registration). */
    async assignInOrganisation(organisationId: string, cardId: string, userId: string, profileId: string, now: number, change: ProfileChange) {
      const previous = await ofOrganisation(change, organisationId).where('id', '=', cardId).executeTakeFirst();
      const result = await change
        .updateTable('card')
        .set((eb) => registeredColumns(eb, userId, profileId, now))
        .where('id', '=', cardId)
        .where('organisationId', '=', organisationId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await tellLeft(change, cardId, previous, userId);
      await outbox.emit(change, { userId, profileId, type: 'card.assigned', data: { id: cardId, profileId } });
      return true;
    },
    /**
     * Takes an organisation's card back from its member. `keepPage`: the card keeps showing its
     * profile (the offboarding's "no longer works here" page); otherwise it shows none.
     */
    async unassignInOrganisation(organisationId: string, cardId: string, keepPage: boolean, change: ProfileChange) {
      const previous = await ofOrganisation(change, organisationId).where('id', '=', cardId).executeTakeFirst();
      const result = await change
        .updateTable('card')
        .set((eb) => (keepPage ? { userId: null } : unregisteredColumns(eb)))
        .where('id', '=', cardId)
        .where('organisationId', '=', organisationId)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await tellLeft(change, cardId, previous, null);
      return true;
    },
  };
}
