import { ErrorCode, TeamErrorCode } from '../../../shared/error-codes.ts';
import type { Edition } from '../../../shared/schemas/card.schema.ts';
import type { CardRefusal, OrganisationCard, RefusedCards } from '../../../shared/schemas/organisation-card.schema.ts';
import type { ApiError } from '../../../shared/schemas/common.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { OrganisationCardRepository, OrganisationCardRow } from './organisation-card.repository.ts';
import type { TemplatedProfileChanges } from '../profiles/index.ts';
import { assignCsv } from './card-csv.ts';
import { receiverOf } from './offboarding.ts';
import { auditEntry, type Membership, type OrganisationService } from './organisation.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { TemplateRepository } from './template.repository.ts';

/** Bulk calls (registration of an order, CSV assignment) read and write up to a thousand cards: a few an hour per organisation. */
export const ORGANISATION_CARD_RULES = {
  bulk: { name: 'org-cards-bulk', max: 30, windowMs: 60 * 60 * 1000 } satisfies RateRule,
};

const cardNotFound = () => notFound(ErrorCode.cardNotFound, 'This card is not one of the organisation’s.');
export const cardBlocked = () => conflict(ErrorCode.cardBlocked, 'This card has been deactivated by its issuer.');
type Member = { userId: string; email: string; name: string };

/**
 * Issue 35: a bulk registration refused, naming every refused id with its reason (`cards`), so
 * the admin can correct the order; none of the ids was registered.
 */
export class CardsNotAvailableError extends AppError {
  constructor(readonly cards: RefusedCards) {
    super(
      409,
      TeamErrorCode.cardNotAvailable,
      `cardIds: ${cards.length} card(s) cannot be registered (${cards
        .slice(0, 5)
        .map((c) => `${c.cardId}: ${c.reason}`)
        .join(', ')}${cards.length > 5 ? ', …' : ''}); none was registered.`,
      'cardIds',
    );
  }

  override toBody(): ApiError {
    return { ...super.toBody(), cards: this.cards };
  }
}

/** Why a card cannot join `organisationId` by bulk registration, or null when it can. */
function refusalOf(
  card: { userId: string | null; organisationId: string | null; blocked: number | null } | undefined,
  organisationId: string,
): CardRefusal | null {
  if (!card) return 'not-found';
  if (card.blocked !== null) return 'blocked';
  if (card.organisationId) return card.organisationId === organisationId ? 'ours' : 'organisation';
  return card.userId ? 'registered' : null;
}

export function presentOrganisationCard(row: OrganisationCardRow, members: ReadonlyMap<string, Member>): OrganisationCard {
  const member = row.userId ? members.get(row.userId) : undefined;
  return {
    cardId: row.id,
    edition: row.edition as Edition,
    blocked: row.blocked !== null,
    member: member ? { userId: member.userId, email: member.email, name: member.name } : null,
    profileId: member ? row.profileId : null,
  };
}

/**
 * Issue 24: cards for a team. An admin registers an order of minted cards to the organisation
 * (all or nothing), sees them with the member each is assigned to, and assigns and takes them
 * back one at a time or by a CSV of card id and e-mail. A card shows the member's company
 * profile (made from one of the organisation's templates; the oldest when several). Every change
 * is one profile change (the stamps of the profiles a card leaves and joins move) with its audit
 * entries in the same transaction.
 */
export function createOrganisationCardService(deps: {
  organisationService: OrganisationService;
  organisations: OrganisationRepository;
  templates: TemplateRepository;
  cards: OrganisationCardRepository;
  profiles: TemplatedProfileChanges;
  rateLimiter: RateLimiter;
}) {
  const { organisationService, organisations, templates, cards, profiles, rateLimiter } = deps;
  const admin = (actor: Owner, organisationId: string) => organisationService.access(actor, organisationId, 'admin');
  const bulkLimit = (m: Membership) =>
    rateLimiter.consume([[ORGANISATION_CARD_RULES.bulk, m.organisationId]], 'Too many bulk card changes for this organisation; try again later.');
  const membersOf = async (organisationId: string) => new Map((await organisations.members(organisationId)).map((r) => [r.userId, r]));

  async function cardOf(m: Membership, cardId: string) {
    const card = await cards.organisationCard(m.organisationId, cardId);
    if (!card) throw cardNotFound();
    return card;
  }
  async function presentOne(m: Membership, cardId: string) {
    return presentOrganisationCard(await cardOf(m, cardId), await membersOf(m.organisationId));
  }

  return {
    /**
     * Registers an order of minted, unregistered cards to the organisation: all of them, or none
     * (409 naming every refused id with its reason, issue 35).
     */
    async register(actor: Owner, input: { organisationId: string; cardIds: string[] }) {
      const m = await admin(actor, input.organisationId);
      await bulkLimit(m);
      const states = new Map((await cards.registrationStates(input.cardIds)).map((card) => [card.id, card]));
      const refused = input.cardIds.flatMap((cardId) => {
        const reason = refusalOf(states.get(cardId), m.organisationId);
        return reason ? [{ cardId, reason }] : [];
      });
      if (refused.length) throw new CardsNotAvailableError(refused);
      // Taken between the check and the change: which one is not known, so every id is named.
      const refuse = (ids: string[]) => new CardsNotAvailableError(ids.map((cardId) => ({ cardId, reason: 'registered' as const })));
      const entry = auditEntry(m, 'cards.register', `${input.cardIds.length}`, input.cardIds.slice(0, 20).join(' '));
      await profiles.change([], async (change) => {
        // Another registration may have taken one since the check: then nothing is kept.
        if (!(await cards.registerToOrganisation(input.cardIds, m.organisationId, change))) throw refuse(input.cardIds);
        await organisations.addAudit([entry], change);
      });
      return { registered: input.cardIds.length };
    },

    async list(actor: Owner, organisationId: string) {
      const m = await admin(actor, organisationId);
      const members = await membersOf(m.organisationId);
      const companyProfiles = (await templates.companyProfiles(m.organisationId))
        .filter((p) => members.has(p.userId))
        .map((p) => ({ userId: p.userId, profileId: p.profileId, name: p.profileName || `${p.firstName} ${p.lastName}`.trim() || p.profileId }));
      return { cards: (await cards.organisationCards(m.organisationId)).map((row) => presentOrganisationCard(row, members)), companyProfiles };
    },

    /** Assigns (or reassigns) a card to a member's company profile: `profileId`, else their oldest. */
    async assign(actor: Owner, input: { organisationId: string; cardId: string; userId: string; profileId?: string }) {
      const m = await admin(actor, input.organisationId);
      const card = await cardOf(m, input.cardId);
      if (card.blocked !== null) throw cardBlocked();
      const to = await receiverOf({ organisations, templates }, m.organisationId, input.userId, 'userId', input.profileId);
      await profiles.change([card.profileId, to.profileId], async (change) => {
        await cards.assignInOrganisation(m.organisationId, card.id, to.userId, to.profileId, Date.now(), change);
        await organisations.addAudit([auditEntry(m, 'card.assign', card.id, to.email)], change);
      });
      return presentOne(m, card.id);
    },

    /** Takes a card back: it is assigned to nobody and shows no profile. */
    async unassign(actor: Owner, input: { organisationId: string; cardId: string }) {
      const m = await admin(actor, input.organisationId);
      const card = await cardOf(m, input.cardId);
      const from = card.userId ? ((await organisations.member(m.organisationId, card.userId))?.email ?? '') : '';
      await profiles.change([card.profileId], async (change) => {
        await cards.unassignInOrganisation(m.organisationId, card.id, false, change);
        await organisations.addAudit([auditEntry(m, 'card.unassign', card.id, from)], change);
      });
      return presentOne(m, card.id);
    },

    /**
     * A CSV of `cardId,email` lines (card-csv.ts): every line is checked first and reported;
     * when any line is refused nothing is assigned (`assigned: 0`), else all are, in one change.
     */
    async assignCsv(actor: Owner, input: { organisationId: string; csv: string }) {
      const m = await admin(actor, input.organisationId);
      await bulkLimit(m);
      const orgCards = new Map((await cards.organisationCards(m.organisationId)).map((c) => [c.id, c]));
      const members = [...(await membersOf(m.organisationId)).values()];
      const company = new Map<string, string>();
      for (const p of await templates.companyProfiles(m.organisationId)) if (!company.has(p.userId)) company.set(p.userId, p.profileId);
      const plan = assignCsv(input.csv, { cards: orgCards, members, companyProfileOf: (userId) => company.get(userId) });
      if (!plan.ok) return { assigned: 0, lines: plan.lines };
      const now = Date.now();
      const ids = plan.assignments.flatMap((a) => [orgCards.get(a.cardId)?.profileId, a.profileId]);
      await profiles.change(ids, async (change) => {
        for (const a of plan.assignments) await cards.assignInOrganisation(m.organisationId, a.cardId, a.userId, a.profileId, now, change);
        await organisations.addAudit(
          plan.assignments.map((a) => auditEntry(m, 'card.assign', a.cardId, `${a.email} (CSV)`, now)),
          change,
        );
      });
      return { assigned: plan.assignments.length, lines: plan.lines };
    },
  };
}
export type OrganisationCardService = ReturnType<typeof createOrganisationCardService>;
