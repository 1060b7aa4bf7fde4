import type { Insertable } from 'kysely';
import type { LeadRow, LeadTable } from '../../db/tables.ts';

/**
 * A lead as webhooks announce it (issue 25): what the visitor left, the consent it was given
 * under (text, version, time) and where it came from. The search text stays inside.
 */
export function leadEventData(row: LeadRow) {
  return {
    id: row.id,
    // Issue 36: how it came in (`form`, or a capture's paper, badge, qr, manual).
    method: row.method,
    profileId: row.profileId,
    email: row.email,
    name: row.name,
    phone: row.phone,
    company: row.company,
    message: row.message,
    language: row.language,
    status: row.status,
    source: row.source,
    card: row.cardId || null,
    // Issue 38: left within 30 minutes after a verified tap of that card.
    metInPerson: row.metInPerson === 1,
    consent: { text: row.consentText, version: row.consentVersion, at: row.consentAt === null ? null : new Date(Number(row.consentAt)).toISOString() },
    created: new Date(Number(row.created)).toISOString(),
  };
}

/** The columns a visitor's lead leaves at their defaults (issue 36's capture columns), as a stored row holds them. */
const FORM_LEAD_DEFAULTS = {
  method: 'form',
  note: '',
  tags: '[]',
  eventId: '',
  firstName: '',
  lastName: '',
  jobTitle: '',
  mobile: '',
  website: '',
  street: '',
  zip: '',
  city: '',
  country: '',
  capturedAt: null,
  clientId: null,
  capturedBy: null,
  metInPerson: 0,
} as const;
export const asStored = (row: Insertable<LeadTable>): LeadRow => ({ ...FORM_LEAD_DEFAULTS, ...row }) as LeadRow;
