import { TeamErrorCode } from '../../../shared/error-codes.ts';
import { LEADS_PAGE_SIZE } from '../../../shared/schemas/lead.schema.ts';
import type {
  FormerMemberList,
  LeadsTransferInput,
  LeadsTransferred,
  OrganisationLead,
  OrganisationLeadList,
  OrganisationLeadsQuery,
} from '../../../shared/schemas/organisation-leads.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import { buildLeadsCsv, buildLeadsXlsx, presentLead, type LeadTransfer, type LeadsCsvColumn } from '../leads/index.ts';
import type { OrganisationLeadRepository, OrganisationLeadRow } from './organisation-lead.repository.ts';
import type { TemplatedProfileChanges } from '../profiles/index.ts';
import { auditEntry, organisationNotFound, type Membership, type OrganisationService } from './organisation.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { TemplateRepository } from './template.repository.ts';
import { receiverOf } from './offboarding.ts';

/** An export (CSV or xlsx) reads every lead of the organisation: a few dozen an hour per admin. */
export const ORGANISATION_LEADS_EXPORT_RULE = { name: 'org-leads-export', max: 30, windowMs: 60 * 60 * 1000 } satisfies RateRule;

/** Issue 35: moving a former member's leads rewrites up to all of the organisation's leads: a few dozen an hour per organisation. */
export const ORGANISATION_LEADS_TRANSFER_RULE = { name: 'org-leads-transfer', max: 30, windowMs: 60 * 60 * 1000 } satisfies RateRule;

/** The member columns that come first in the organisation's CSV. */
const MEMBER_COLUMNS: LeadsCsvColumn<OrganisationLead>[] = [
  { header: { de: 'Mitglied', en: 'Member' }, value: (lead) => lead.memberName },
  { header: { de: 'E-Mail des Mitglieds', en: 'Member e-mail' }, value: (lead) => lead.memberEmail },
];

function presentOrganisationLead(row: OrganisationLeadRow): OrganisationLead {
  return { ...presentLead(row), memberId: row.memberId, memberName: row.memberName, memberEmail: row.memberEmail };
}

const cursorOf = (lead: { created: number; id: string }) => `${lead.created}.${lead.id}`;
function parseCursor(cursor: string | undefined): { created: number; id: string } | undefined {
  if (!cursor) return undefined;
  const [created, id] = cursor.split('.');
  return { created: Number(created), id };
}

/**
 * Issue 24: the organisation's leads for its owners and admins (a member 403, anyone else 404):
 * the leads of the members' company profiles, never of private ones, filtered by member, paged,
 * and as CSV with the owner's columns after the member's. Each export writes an audit entry.
 */
export function createOrganisationLeadService(deps: {
  organisationService: Pick<OrganisationService, 'access'>;
  organisations: Pick<OrganisationRepository, 'member' | 'recordAudit' | 'addAudit'>;
  templates: Pick<TemplateRepository, 'companyProfiles'>;
  leads: OrganisationLeadRepository;
  /** Issue 35: the one move of leads between profiles, inside a profile change. */
  leadMove: LeadTransfer;
  profiles: Pick<TemplatedProfileChanges, 'change'>;
  timeZones: OwnerTimeZones;
  rateLimiter: RateLimiter;
}) {
  const { organisationService, organisations, templates, leads, leadMove, profiles, timeZones, rateLimiter } = deps;

  /** The admin's membership, and the filter's member checked: not a member of this organisation is 404 naming `memberId`. */
  async function accessWith(actor: Owner, organisationId: string, memberId: string | undefined): Promise<Membership> {
    // An organisation's API token reads its own organisation only: any other id is unknown to it.
    if (actor.tokenOrganisationId && actor.tokenOrganisationId !== organisationId) throw organisationNotFound();
    const m = await organisationService.access(actor, organisationId, 'admin');
    if (memberId && !(await organisations.member(m.organisationId, memberId)))
      throw new AppError(404, TeamErrorCode.memberNotFound, 'memberId: not a member of the organisation.', 'memberId');
    return m;
  }

  /** An export: the admin's access, the limit, every lead (or one member's) built by `build`, and the audit entry. */
  async function exportAs<R>(
    actor: Owner,
    query: { organisationId: string; memberId?: string },
    build: (rows: OrganisationLead[], timeZone: string) => R | Promise<R>,
  ): Promise<R> {
    const m = await accessWith(actor, query.organisationId, query.memberId);
    await rateLimiter.consume([[ORGANISATION_LEADS_EXPORT_RULE, actor.userId]], 'Too many exports in a short time. Please try again later.');
    const rows = (await leads.list(m.organisationId, query.memberId, {})).map(presentOrganisationLead);
    const file = await build(rows, await timeZones.of(actor.userId));
    const target = query.memberId ? ((await organisations.member(m.organisationId, query.memberId))?.email ?? query.memberId) : '';
    await organisations.recordAudit(auditEntry(m, 'leads.export', target, `${rows.length}`));
    return file;
  }

  return {
    async list(actor: Owner, query: OrganisationLeadsQuery): Promise<OrganisationLeadList> {
      const m = await accessWith(actor, query.organisationId, query.memberId);
      const rows = await leads.list(m.organisationId, query.memberId, { after: parseCursor(query.cursor), limit: LEADS_PAGE_SIZE + 1 });
      const page = rows.slice(0, LEADS_PAGE_SIZE).map(presentOrganisationLead);
      const last = page.at(-1);
      return { leads: page, nextCursor: rows.length > LEADS_PAGE_SIZE && last ? cursorOf(last) : null };
    },

    /** Every lead (or one member's) as CSV in `language`, times in the exporting admin's zone; audited as `leads.export`. */
    async csv(actor: Owner, query: { organisationId: string; memberId?: string }, language: Language): Promise<string> {
      return exportAs(actor, query, (rows, timeZone) => buildLeadsCsv(rows, language, timeZone, MEMBER_COLUMNS));
    },

    /** Issue 35: the same as an Excel workbook with labels in `language`, under the same limit and audit entry. */
    async xlsx(actor: Owner, query: { organisationId: string; memberId?: string }, language: Language): Promise<Buffer> {
      return exportAs(actor, query, (rows, timeZone) => buildLeadsXlsx(rows, language, timeZone, MEMBER_COLUMNS));
    },

    /** Issue 35: people who left the organisation and the leads their former company profiles still hold. */
    async formerMembers(actor: Owner, organisationId: string): Promise<FormerMemberList> {
      const m = await organisationService.access(actor, organisationId, 'admin');
      return { formerMembers: await leads.formerMembers(m.organisationId) };
    },

    /**
     * Issue 35: the leads of a former member's company profiles go to a member's company profile,
     * at any time after the offboarding: one profile change with its `leads.transfer` audit entry.
     * `fromUserId` with no former company profile here is 404 naming it; `toUserId` must be a
     * member with a company profile (404 / 409 naming it).
     */
    async transfer(actor: Owner, input: LeadsTransferInput): Promise<LeadsTransferred> {
      const m = await organisationService.access(actor, input.organisationId, 'admin');
      await rateLimiter.consume([[ORGANISATION_LEADS_TRANSFER_RULE, m.organisationId]], 'Too many moves of contacts in a short time. Please try again later.');
      const former = await leads.formerProfilesOf(m.organisationId, input.fromUserId);
      if (former.length === 0) throw new AppError(404, TeamErrorCode.memberNotFound, 'fromUserId: no former member of the organisation.', 'fromUserId');
      const to = await receiverOf({ organisations, templates }, m.organisationId, input.toUserId, 'toUserId');
      const from = former.map((p) => p.profileId);
      const moved = await profiles.change([...from, to.profileId], async (change) => {
        const count = await leadMove.moveToProfile(from, to.profileId, change);
        await organisations.addAudit([auditEntry(m, 'leads.transfer', former[0].email, `${count} → ${to.email}`)], change);
        return count;
      });
      return { fromUserId: input.fromUserId, toUserId: to.userId, moved };
    },
  };
}
export type OrganisationLeadService = ReturnType<typeof createOrganisationLeadService>;
