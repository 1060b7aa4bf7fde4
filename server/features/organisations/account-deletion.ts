import { TeamErrorCode } from '../../../shared/error-codes.ts';
import type { OrganisationAuditTable } from '../../db/tables.ts';
import { conflict } from '../../http/errors.ts';
import type { OrganisationCardRepository } from './organisation-card.repository.ts';
import type { ProfileChange } from '../profiles/index.ts';
import type { Db } from '../../db/database.ts';
import type { AccountDeletionRepository, Standing } from './account-deletion.repository.ts';
import { auditEntry } from './organisation.service.ts';

/** The last owner of an organisation with other members hands it over (or removes them) before deleting the account. */
const lastOwnerLeaving = () =>
  conflict(
    TeamErrorCode.lastOwner,
    'You are the last owner of your organisation: make another member owner first, or remove the members, then delete your account.',
  );

/**
 * What the deletion asks of the integrations feature (filled in `server/wiring.ts`): the
 * organisation's webhook endpoints that the leaving account made pass to a member who stays.
 */
export interface OrganisationEndpointHandOver {
  handOverOrganisationEndpoints(trx: Db, organisationId: string, fromUserId: string, toUserId: string): Promise<void>;
}

/** Whether the account's deletion would leave members in an organisation nobody owns. */
const leavesNoOwner = (s: Standing) => s.role === 'owner' && s.owners <= 1 && s.members > 1;

/**
 * Issue 24: what the deletion of a member's account does to their organisation (docs/teams.md
 * "Account deletion"), as the account feature asks it through the hooks `server/wiring.ts`
 * hands it. The last owner of an organisation with other members is refused; the only member
 * takes the organisation with them; anyone else leaves as an offboarding without `cardsTo` and
 * `leadsTo` would, except that the profiles go with the account: the organisation's cards they
 * held go back to it unassigned (no page until an admin assigns them), the audit log says
 * `member.left`, the organisation's webhooks hear `member.removed`, and the endpoints the
 * account made for the organisation pass to its longest-serving other owner.
 */
export function createOrganisationAccountDeletion(deps: {
  rows: AccountDeletionRepository;
  cards: OrganisationCardRepository;
  endpoints: OrganisationEndpointHandOver;
}) {
  const { rows, cards, endpoints } = deps;
  return {
    /** Before any check with side effects (the password's): 409 `cmc/last-owner` when the account may not go yet. */
    async refuseDeletion(userId: string): Promise<void> {
      const standing = await rows.standing(userId);
      if (standing && leavesNoOwner(standing)) throw lastOwnerLeaving();
    },

    /**
     * Inside the deletion's transaction (the change of the account's profiles), before its rows
     * go; the rule is checked again with the organisation locked. Answers the ids whose rate
     * counters go too and the stored files (a deleted organisation's, and its logo).
     */
    async beforeAccountDeletion(change: ProfileChange, userId: string): Promise<{ subjects: string[]; fileKeys: string[] }> {
      const nothing = { subjects: [], fileKeys: [] };
      const first = await rows.standing(userId, change);
      if (!first) return nothing;
      await rows.lock(change, first.organisationId);
      const s = await rows.standing(userId, change);
      if (!s) return nothing;
      if (s.members === 1) {
        const logoKey = await rows.logoKey(change, s.organisationId);
        await cards.releaseOrganisationCards(s.organisationId, change);
        await rows.deleteOrganisation(change, s.organisationId);
        return { subjects: [s.organisationId], fileKeys: logoKey ? [logoKey] : [] };
      }
      if (leavesNoOwner(s)) throw lastOwnerLeaving();
      const now = Date.now();
      const self = { organisationId: s.organisationId, actor: { userId, email: s.email, emailVerified: true } };
      await rows.leave(change, s, userId);
      const successor = await rows.longestServingOwner(change, s.organisationId);
      if (successor) await endpoints.handOverOrganisationEndpoints(change, s.organisationId, userId, successor);
      const entries: OrganisationAuditTable[] = [];
      for (const card of await cards.assignedTo(s.organisationId, userId, change)) {
        // Not the offboarding's "no longer works here" page: the profile goes with the account.
        await cards.unassignInOrganisation(s.organisationId, card.id, false, change);
        entries.push(auditEntry(self, 'card.unassign', card.id, s.email, now));
      }
      entries.push(auditEntry(self, 'member.left', s.email, 'account deleted', now));
      await rows.addAudit(change, entries);
      return nothing;
    },
  };
}
export type OrganisationAccountDeletion = ReturnType<typeof createOrganisationAccountDeletion>;
