import type { Language } from '../../../shared/schemas/profile.schema.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { LEADS_PAGE_SIZE, type LeadList, type LeadListQuery, type LeadStatus } from '../../../shared/schemas/lead.schema.ts';
import type { LeadDeletionLinks } from './lead-deletion-link.ts';
import { buildLeadsCsv } from './leads-csv.builder.ts';
import { buildLeadsVcf } from './leads-vcard.builder.ts';
import { buildLeadsXlsx } from './leads-xlsx.builder.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import { notFound, profileNotFound } from '../../http/errors.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import { presentLead } from './lead.presenter.ts';
import type { LeadRepository } from './lead.repository.ts';
import type { ProfileChange } from '../profiles/index.ts';

/** The one "lead not found": unknown, or another owner's (never told apart). */
const leadNotFound = () => notFound(ErrorCode.leadNotFound, 'Lead not found.');

/** `nextCursor`: the (created, id) of a page's last lead. The schema checks its shape; it names no owner. */
const cursorOf = (lead: { created: number; id: string }) => `${lead.created}.${lead.id}`;
function parseCursor(cursor: string | undefined): { created: number; id: string } | undefined {
  if (!cursor) return undefined;
  const [created, id] = cursor.split('.');
  return { created: Number(created), id };
}

/** Search words: lower-cased like the stored search text, at most five. */
function wordsOf(q: string | undefined): string[] {
  return (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5);
}

/** Issue 35: a workbook costs more than a CSV to build; a few dozen an hour per owner are plenty. */
export const LEADS_XLSX_RULE = { name: 'leads-xlsx', max: 30, windowMs: 60 * 60 * 1000 } satisfies RateRule;

/** The owner's leads (issue 12): list, follow-up status, deletion, exports; and the visitor's own deletion link. */
export function createLeadService(deps: { leads: LeadRepository; deletionLinks: LeadDeletionLinks; timeZones: OwnerTimeZones; rateLimiter: RateLimiter }) {
  const { leads, deletionLinks, timeZones, rateLimiter } = deps;

  /** Another owner's profile id is answered as unknown (404), like every owner call. */
  async function checkProfile(owner: Owner, profileId: string | undefined) {
    if (profileId && !(await leads.ownsProfile(owner.userId, profileId))) throw profileNotFound();
  }

  return {
    /** A page of at most LEADS_PAGE_SIZE leads, newest first, with the owner's count of new leads. */
    async list(owner: Owner, query: LeadListQuery): Promise<LeadList> {
      await checkProfile(owner, query.profileId);
      // One more than a page tells whether another page follows.
      const rows = await leads.listOwn(
        owner.userId,
        { profileId: query.profileId, status: query.status, words: wordsOf(query.q) },
        { after: parseCursor(query.cursor), limit: LEADS_PAGE_SIZE + 1 },
      );
      const page = rows.slice(0, LEADS_PAGE_SIZE).map(presentLead);
      const last = page.at(-1);
      return { leads: page, nextCursor: rows.length > LEADS_PAGE_SIZE && last ? cursorOf(last) : null, newCount: await leads.countNewOwn(owner.userId) };
    },

    async newCount(owner: Owner): Promise<{ newCount: number }> {
      return { newCount: await leads.countNewOwn(owner.userId) };
    },

    async setStatus(owner: Owner, leadId: string, status: LeadStatus) {
      if (!(await leads.updateStatusOwn(owner.userId, leadId, status))) throw leadNotFound();
      const row = await leads.findOwn(owner.userId, leadId);
      if (!row) throw leadNotFound();
      return presentLead(row);
    },

    async remove(owner: Owner, leadId: string): Promise<{ id: string; deleted: true }> {
      if (!(await leads.deleteOwn(owner.userId, leadId))) throw leadNotFound();
      return { id: leadId, deleted: true };
    },

    /** Every lead of the owner (or one profile) as CSV, its column names in `language`, its times in the owner's zone. */
    async csv(owner: Owner, profileId: string | undefined, language: Language): Promise<string> {
      await checkProfile(owner, profileId);
      const rows = (await leads.allOwn(owner.userId, profileId)).map(presentLead);
      return buildLeadsCsv(rows, language, await timeZones.of(owner.userId));
    },

    /** Issue 35: every lead of the owner (or one profile) as an Excel workbook with labels in `language`, limited per owner. */
    async xlsx(owner: Owner, profileId: string | undefined, language: Language): Promise<Buffer> {
      await checkProfile(owner, profileId);
      await rateLimiter.consume([[LEADS_XLSX_RULE, owner.userId]], 'Too many exports in a short time. Please try again later.');
      const rows = (await leads.allOwn(owner.userId, profileId)).map(presentLead);
      return buildLeadsXlsx(rows, language, await timeZones.of(owner.userId));
    },

    /** Every lead of the owner (or one profile) as vCards in one file; the notes' own words (met in person) in `language`. */
    async vcf(owner: Owner, profileId: string | undefined, language: Language = 'en'): Promise<string> {
      await checkProfile(owner, profileId);
      return buildLeadsVcf((await leads.allOwn(owner.userId, profileId)).map(presentLead), language);
    },

    /** The visitor's link: a token for this lead (mailed with the vCard). */
    deletionToken: (leadId: string) => deletionLinks.sign(leadId),

    /**
     * What the deletion link's page shows: `confirm` for a valid token of a stored lead,
     * `gone` for a valid token whose lead is already deleted, `invalid` for anything else.
     */
    async deletionState(token: string): Promise<'confirm' | 'gone' | 'invalid'> {
      const leadId = await deletionLinks.verify(token);
      if (!leadId) return 'invalid';
      return (await leads.exists(leadId)) ? 'confirm' : 'gone';
    },

    /** Deletes the lead the token names (the confirmation page's POST); false for an invalid token. */
    async deleteByToken(token: string): Promise<boolean> {
      const leadId = await deletionLinks.verify(token);
      if (!leadId) return false;
      await leads.deleteById(leadId);
      return true;
    },

    /**
     * Issue 24: an organisation hands a former member's company-profile leads to another member's
     * company profile, inside the organisation's change (`trx`, with its audit entry); answers how many moved.
     */
    moveToProfile(from: readonly string[], to: string, trx: ProfileChange): Promise<number> {
      return leads.moveToProfile(from, to, trx);
    },
  };
}
export type LeadService = ReturnType<typeof createLeadService>;
