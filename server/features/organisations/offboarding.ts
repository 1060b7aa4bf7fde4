import { ErrorCode, TeamErrorCode } from '../../../shared/error-codes.ts';
import type { LeftCompany } from '../../../shared/schemas/organisation-card.schema.ts';
import type { TemplateField } from '../../../shared/schemas/organisation-template.schema.ts';
import type { OrganisationAuditTable } from '../../db/tables.ts';
import { AppError } from '../../http/errors.ts';
import type { OrganisationCardRepository } from './organisation-card.repository.ts';
import type { LeadTransfer } from '../leads/index.ts';
import type { TemplatedProfileChanges } from '../profiles/index.ts';
import type { Membership } from './organisation.service.ts';
import { auditEntry } from './organisation.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { TemplateRepository } from './template.repository.ts';

/**
 * A member who receives cards or leads: 404 naming the field when not a member, 409 naming it
 * without a company profile. Their oldest company profile, or `profileId` when given: it must be
 * one of theirs in this organisation (else 404 naming `profileId`: another's id reveals nothing).
 */
export async function receiverOf(
  deps: { organisations: Pick<OrganisationRepository, 'member'>; templates: Pick<TemplateRepository, 'companyProfiles'> },
  organisationId: string,
  userId: string,
  field: string,
  profileId?: string,
): Promise<{ userId: string; email: string; profileId: string }> {
  const member = await deps.organisations.member(organisationId, userId);
  if (!member) throw new AppError(404, TeamErrorCode.memberNotFound, `${field}: not a member of the organisation.`, field);
  const company = await deps.templates.companyProfiles(organisationId, userId);
  if (company.length === 0) throw noCompanyProfile(field);
  const profile = profileId ? company.find((p) => p.profileId === profileId) : company[0];
  if (!profile) throw new AppError(404, ErrorCode.profileNotFound, "profileId: not one of this member's company profiles in the organisation.", 'profileId');
  return { userId, email: member.email, profileId: profile.profileId };
}

export const noCompanyProfile = (field: string) =>
  new AppError(409, TeamErrorCode.noCompanyProfile, `${field}: this member has no company profile yet (made from one of the organisation's templates).`, field);

/** The company's contact a former member's profile shows: the template's values, the organisation's name when the template has none. */
export function leftCompanyOf(fieldValues: string, organisationName: string): LeftCompany {
  const values = JSON.parse(fieldValues) as Partial<Record<TemplateField, string>>;
  return { name: values.companyName?.trim() || organisationName, websiteUrl: values.companyWebsiteUrl ?? '', phone: values.businessPhoneNumber ?? '' };
}

/**
 * Issue 24's offboarding: in one profile change (every profile a card leaves or joins, every
 * company profile of the member, and the leads' receiver: their `updated` stamps move, so every
 * cached page, vCard and pass is rebuilt on every instance), the membership is removed with the
 * member's sessions, their organisation cards are unassigned or handed to `cardsTo`, the leads of
 * their company profiles move to `leadsTo`'s company profile (by default the remover's), and each company profile is marked
 * as left with the company's contact. Private profiles and their leads are not touched. Each
 * step writes its audit entry in the same transaction.
 */
export function createOffboarding(deps: {
  organisations: OrganisationRepository;
  templates: TemplateRepository;
  cards: OrganisationCardRepository;
  leads: LeadTransfer;
  profiles: TemplatedProfileChanges;
}) {
  const { organisations, templates, cards, leads, profiles } = deps;
  /**
   * Issue 35: without `leadsTo` the company's leads go to the admin who removes the member, when
   * that admin has a company profile; else (or when they remove themselves) they stay on the
   * former member's profile, from where `POST /organisation/leads/transfer` moves them later.
   */
  async function removerAsReceiver(m: Membership, removedUserId: string, company: readonly unknown[]) {
    // Nothing to move (no company profile), or the admin removes themselves.
    if (company.length === 0 || m.actor.userId === removedUserId) return null;
    const [own] = await templates.companyProfiles(m.organisationId, m.actor.userId);
    return own ? { userId: m.actor.userId, email: m.actor.email, profileId: own.profileId } : null;
  }

  return async function offboard(
    m: Membership,
    target: { userId: string; email: string },
    input: { cardsTo?: string; leadsTo?: string },
    removal: OrganisationAuditTable,
  ): Promise<{ outcome: 'removed' | 'last-owner' | 'gone'; leadsTo: string | null }> {
    const cardsTo = input.cardsTo ? await receiverOf(deps, m.organisationId, input.cardsTo, 'cardsTo') : null;
    const company = await templates.companyProfiles(m.organisationId, target.userId);
    const leadsTo = input.leadsTo ? await receiverOf(deps, m.organisationId, input.leadsTo, 'leadsTo') : await removerAsReceiver(m, target.userId, company);
    const held = await cards.assignedTo(m.organisationId, target.userId);
    const ids = [...company.map((p) => p.profileId), ...held.map((c) => c.profileId), cardsTo?.profileId, leadsTo?.profileId];
    const now = Date.now();
    const outcome = await profiles.change(ids, (change) =>
      organisations.remove(
        m.organisationId,
        target.userId,
        removal,
        async () => {
          const entries: OrganisationAuditTable[] = [];
          for (const card of held) {
            if (cardsTo) {
              await cards.assignInOrganisation(m.organisationId, card.id, cardsTo.userId, cardsTo.profileId, now, change);
              entries.push(auditEntry(m, 'card.assign', card.id, `${target.email} → ${cardsTo.email}`, now));
            } else {
              // Unassigned, the card keeps showing the company profile, now the "no longer works here" page.
              await cards.unassignInOrganisation(m.organisationId, card.id, true, change);
              entries.push(auditEntry(m, 'card.unassign', card.id, target.email, now));
            }
          }
          if (leadsTo) {
            const moved = await leads.moveToProfile(
              company.map((p) => p.profileId),
              leadsTo.profileId,
              change,
            );
            entries.push(auditEntry(m, 'leads.transfer', target.email, `${moved} → ${leadsTo.email}`, now));
          }
          for (const p of company) {
            await profiles.setFields([p.profileId], { leftCompany: JSON.stringify(leftCompanyOf(p.fieldValues, m.organisationName)) }, change);
          }
          await organisations.addAudit(entries, change);
        },
        change,
      ),
    );
    return { outcome, leadsTo: leadsTo?.userId ?? null };
  };
}
export type Offboarding = ReturnType<typeof createOffboarding>;
