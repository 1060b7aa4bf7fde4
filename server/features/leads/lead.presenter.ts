import type { Lead, LeadStatus } from '../../../shared/schemas/lead.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { OwnLeadRow } from './lead.repository.ts';
import { contactName } from '../../../shared/display-name.ts';

/** The name of a lead's profile in the owner's list: the profile's own name, else the person or company (shared/display-name.ts). */
export function leadProfileName(row: Pick<OwnLeadRow, 'profileName' | 'personalTitle' | 'firstName' | 'lastName' | 'companyName'>): string {
  return row.profileName.trim() || contactName(row);
}

/** A lead for its owner: explicit fields, so the search text and future columns never leak. */
export function presentLead(row: OwnLeadRow): Lead {
  return {
    id: row.id,
    profileId: row.profileId,
    profileName: leadProfileName(row),
    email: row.email,
    name: row.name,
    phone: row.phone,
    company: row.company,
    message: row.message,
    status: row.status as LeadStatus,
    source: row.source as VisitSource,
    cardId: row.cardId,
    language: row.language as Language,
    consentText: row.consentText,
    consentVersion: row.consentVersion,
    consentAt: row.consentAt === null ? null : Number(row.consentAt),
    created: Number(row.created),
    createdIso: new Date(Number(row.created)).toISOString(),
  };
}
