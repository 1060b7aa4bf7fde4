import type { Lead } from '../../../shared/schemas/lead.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import { leadLabels } from './lead-labels.ts';

/** Content type of the CSV export; the BOM in the body is what makes Excel read it as UTF-8. */
export const LEADS_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * The columns of the export, in order, with their header in each language (issue 23: German
 * owners got English machine names). One row per lead, consent included.
 */
export const LEADS_CSV_COLUMNS = [
  ['created', { de: 'Eingegangen', en: 'Received' }],
  ['profileName', { de: 'Profil', en: 'Profile' }],
  ['email', { de: 'E-Mail', en: 'E-mail' }],
  ['name', { de: 'Name', en: 'Name' }],
  ['phone', { de: 'Telefon', en: 'Phone' }],
  ['company', { de: 'Firma', en: 'Company' }],
  ['message', { de: 'Nachricht', en: 'Message' }],
  ['status', { de: 'Status', en: 'Status' }],
  ['source', { de: 'Quelle', en: 'Source' }],
  ['language', { de: 'Sprache', en: 'Language' }],
  ['consentText', { de: 'Einwilligungstext', en: 'Consent text' }],
  ['consentVersion', { de: 'Einwilligungsversion', en: 'Consent version' }],
  ['consentAt', { de: 'Einwilligung am', en: 'Consent given at' }],
  // Issue 36: how it came in, and what the owner captured at a fair (empty for a visitor's lead).
  ['method', { de: 'Art', en: 'Method' }],
  ['eventName', { de: 'Veranstaltung', en: 'Event' }],
  ['capturedAt', { de: 'Erfasst am', en: 'Captured at' }],
  ['note', { de: 'Notiz', en: 'Note' }],
  ['tags', { de: 'Schlagwörter', en: 'Tags' }],
  ['jobTitle', { de: 'Position', en: 'Job title' }],
  ['mobile', { de: 'Mobil', en: 'Mobile' }],
  ['website', { de: 'Website', en: 'Website' }],
  ['street', { de: 'Straße', en: 'Street' }],
  ['zip', { de: 'PLZ', en: 'Postcode' }],
  ['city', { de: 'Ort', en: 'City' }],
  ['country', { de: 'Land', en: 'Country' }],
  // Issue 38: left within 30 minutes after a verified tap of the card (last, so the columns before keep their places).
  ['metInPerson', { de: 'Persönlich getroffen', en: 'Met in person' }],
] as const satisfies ReadonlyArray<readonly [keyof Lead, Record<Language, string>]>;

/** A phone number as people write it: `+`, then digits with spaces, brackets, dots, slashes or dashes. */
const PHONE_NUMBER = /^\+\d[\d ()./-]*\d$/;

/**
 * What a spreadsheet must not run (OWASP's advice against CSV injection): a cell starting with
 * `=`, `@`, `-`, `+`, tab or CR gets a leading apostrophe, since visitors type these fields and
 * some owners open the file in a spreadsheet. A phone number (`+49 170 1234567`) can carry no
 * formula (digits, spaces and `( ) . / -` only) and is written exactly as typed: the CSV is for
 * imports (address books, CRMs), where an apostrophe or the invisible LEFT-TO-RIGHT MARK of
 * issue 22 would travel into the imported number (issue 35). Spreadsheets get the `.xlsx`
 * export, whose cells are typed text (leads-xlsx.builder.ts; docs/public-pages.md).
 */
export function neutraliseFormula(value: string): string {
  if (PHONE_NUMBER.test(value)) return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: every cell quoted, quotes doubled, so commas and line breaks stay in their cell. */
function cell(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

export const TIME_COLUMNS = new Set<keyof Lead>(['created', 'consentAt', 'capturedAt']);

/**
 * A time as the owner's clock showed it, `YYYY-MM-DD HH:MM:SS` (issue 23): the form every
 * spreadsheet reads as a date and time. The zone is named in the column's header.
 */
export function zonedDateTime(ms: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(ms);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')}:${get('second')}`;
}

/** A column put before the lead's own (issue 24: the member who received an organisation's lead). */
export interface LeadsCsvColumn<T> {
  header: Record<Language, string>;
  value: (lead: T) => string;
}

/**
 * The leads as CSV: UTF-8 with BOM (Excel shows umlauts right), CRLF rows, a header row in the
 * owner's language (the request's, D1: `?lng`, the i18next cookie, Accept-Language), times in
 * the owner's time zone (issue 23), named in the headers of the time columns. `leading` columns
 * come first, defused and quoted like every other cell.
 */
export function buildLeadsCsv<T extends Lead>(leads: readonly T[], language: Language, timeZone: string, leading: readonly LeadsCsvColumn<T>[] = []): string {
  const header = (key: keyof Lead, text: string) => (TIME_COLUMNS.has(key) ? `${text} (${timeZone})` : text);
  const { yes } = leadLabels(language);
  const rows = [[...leading.map((c) => cell(c.header[language])), ...LEADS_CSV_COLUMNS.map(([key, text]) => cell(header(key, text[language])))].join(',')];
  for (const lead of leads) {
    const own = LEADS_CSV_COLUMNS.map(([key]) => {
      const value = lead[key];
      if (TIME_COLUMNS.has(key)) return cell(value === null ? '' : zonedDateTime(value as number, timeZone));
      if (typeof value === 'boolean') return cell(value ? yes : '');
      return cell(Array.isArray(value) ? value.join(', ') : String(value ?? ''));
    });
    rows.push([...leading.map((c) => cell(c.value(lead))), ...own].join(','));
  }
  return `\ufeff${rows.join('\r\n')}\r\n`;
}
