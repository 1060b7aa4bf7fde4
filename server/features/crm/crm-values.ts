import type { CrmFieldPolicy, CrmPolicyField } from '../../../shared/schemas/crm.schema.ts';

/** A lead as the CRM connectors read it (crm-sync.repository.ts#leadsFor). */
export interface CrmLead {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  company: string;
  jobTitle: string;
  phone: string;
  mobile: string;
  website: string;
  message: string;
  note: string;
  method: string;
  source: string;
  cardId: string;
  eventName: string | null;
  consentText: string;
  consentVersion: string;
  consentAt: number | null;
  created: number;
  /** The e-mail of the member who met the person (the lead's profile's owner): the CRM owner when the CRM knows it. */
  ownerEmail: string;
}

/** What goes into a CRM record, in the connectors' own names (each provider maps them to its fields). */
export type CrmValues = Record<CrmPolicyField, string> & { email: string; mobile: string };

/** The first and last name: the captured ones, else the form's one name split at its last space. */
function namesOf(lead: CrmLead): { firstName: string; lastName: string } {
  if (lead.firstName || lead.lastName) return { firstName: lead.firstName, lastName: lead.lastName };
  const name = lead.name.trim();
  const at = name.lastIndexOf(' ');
  return at < 0 ? { firstName: '', lastName: name } : { firstName: name.slice(0, at), lastName: name.slice(at + 1) };
}

/**
 * The note a lead leaves in the CRM: where and when it came in, the card and event, what the
 * visitor wrote, the owner's note, and the consent it was given under. Its first line names the
 * lead, so an `append` that finds it already there adds nothing (a retried or second sync).
 */
export function noteOf(lead: CrmLead): string {
  const lines = [
    `Contact Cards lead ${lead.id} (${new Date(lead.created).toISOString()}, ${lead.method === 'form' ? 'contact form' : `captured: ${lead.method}`}${lead.source ? `, ${lead.source}` : ''})`,
    lead.cardId ? `Card: ${lead.cardId}` : '',
    lead.eventName ? `Event: ${lead.eventName}` : '',
    lead.message ? `Message: ${lead.message}` : '',
    lead.note ? `Note: ${lead.note}` : '',
    lead.consentText
      ? `Consent: ${lead.consentText}${lead.consentVersion ? ` (version ${lead.consentVersion})` : ''}${lead.consentAt ? ` at ${new Date(lead.consentAt).toISOString()}` : ''}`
      : '',
  ];
  return lines.filter(Boolean).join('\n');
}

/** The lead's values before the field policy meets what the CRM has. */
export function valuesOf(lead: CrmLead): CrmValues {
  return {
    email: lead.email.trim().toLowerCase(),
    ...namesOf(lead),
    company: lead.company,
    jobTitle: lead.jobTitle,
    phone: lead.phone || lead.mobile,
    mobile: lead.phone ? lead.mobile : '',
    website: lead.website,
    note: noteOf(lead),
  };
}

/**
 * The values to send for a record the CRM may have already (`existing`: its current values),
 * under the admin's field policy: `overwrite` sends the lead's value (an empty one leaves the
 * CRM's), `fill-empty` only where the CRM's is empty, `append` (notes) adds the lead's note
 * below the CRM's unless it is there already.
 */
export function mergeValues(lead: CrmValues, existing: Partial<Record<CrmPolicyField, string>> | undefined, policy: CrmFieldPolicy): CrmValues {
  const out: CrmValues = { ...lead };
  for (const field of Object.keys(policy) as CrmPolicyField[]) {
    const theirs = existing?.[field] ?? '';
    const ours = lead[field];
    const rule = policy[field];
    if (!ours || (rule === 'fill-empty' && theirs)) out[field] = theirs;
    else if (rule === 'append' && theirs) out[field] = theirs.includes(ours.split('\n')[0]) ? theirs : `${theirs}\n\n${ours}`;
  }
  return out;
}

/** The values an anonymised record keeps: nothing that names the person (the e-mail becomes one that reaches nobody). */
export const anonymisedEmail = (recordId: string) => `erased-${recordId}@anonymised.invalid`;
