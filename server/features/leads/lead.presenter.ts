import type { Lead, LeadStatus } from '../../../shared/schemas/lead.schema.ts';
import type { LeadMethod } from '../../../shared/schemas/capture-save.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { OwnLeadRow } from './lead.repository.ts';
import { contactName } from '../../../shared/display-name.ts';

/** The name of a lead's profile in the owner's list: the profile's own name, else the person or company (shared/display-name.ts). */
export function leadProfileName(row: Pick<OwnLeadRow, 'profileName' | 'personalTitle' | 'profileFirstName' | 'profileLastName' | 'companyName'>): string {
  return (
    row.profileName.trim() ||
    contactName({ personalTitle: row.personalTitle, firstName: row.profileFirstName, lastName: row.profileLastName, companyName: row.companyName })
  );
}

/** A lead's tags as stored (a JSON array of strings); anything else reads as none. */
function tagsOf(stored: string): string[] {
  try {
    const tags: unknown = JSON.parse(stored);
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
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
    metInPerson: row.metInPerson === 1,
    language: row.language as Language,
    consentText: row.consentText,
    consentVersion: row.consentVersion,
    consentAt: row.consentAt === null ? null : Number(row.consentAt),
    created: Number(row.created),
    createdIso: new Date(Number(row.created)).toISOString(),
    method: row.method as LeadMethod,
    note: row.note,
    tags: tagsOf(row.tags),
    eventId: row.eventId,
    eventName: row.eventName ?? '',
    capturedAt: row.capturedAt == null ? null : Number(row.capturedAt),
    firstName: row.firstName,
    lastName: row.lastName,
    jobTitle: row.jobTitle,
    mobile: row.mobile,
    website: row.website,
    street: row.street,
    zip: row.zip,
    city: row.city,
    country: row.country,
  };
}
