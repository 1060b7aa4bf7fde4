import { noEventOutbox, type EventOutbox } from '../../lib/event-outbox.ts';
import type { Db } from '../../db/database.ts';
import { registeredColumns, unregisteredColumns } from '../cards/index.ts';
import type { ProfileChange } from '../profiles/index.ts';

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
export function createOrganisationCardRepository(db: Db, outbox: EventOutbox = noEventOutbox) {
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
export type OrganisationCardRepository = ReturnType<typeof createOrganisationCardRepository>;
