import type { Lead } from '../../../../shared/schemas/lead.schema.ts';

/** How a lead is named in lists and dialogs: the visitor's name, else the e-mail address. */
export function leadTitle(lead: Pick<Lead, 'name' | 'email'>): string {
  return lead.name.trim() || lead.email;
}

/** Date and time in the interface language (the owner's own time zone). */
export function dateFormatter(lng: string): (ms: number) => string {
  const format = new Intl.DateTimeFormat(lng === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short' });
  return (ms) => format.format(ms);
}
