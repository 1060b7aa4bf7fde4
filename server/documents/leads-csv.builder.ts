import type { Lead } from '../../shared/schemas/lead.schema.ts';

/** Content type of the CSV export; the BOM in the body is what makes Excel read it as UTF-8. */
export const LEADS_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/** The columns of the export, in order: one row per lead, consent included. */
export const LEADS_CSV_COLUMNS = [
  ['created', 'created'],
  ['profile', 'profileName'],
  ['email', 'email'],
  ['name', 'name'],
  ['phone', 'phone'],
  ['company', 'company'],
  ['message', 'message'],
  ['status', 'status'],
  ['source', 'source'],
  ['language', 'language'],
  ['consent_text', 'consentText'],
  ['consent_version', 'consentVersion'],
  ['consent_at', 'consentAt'],
] as const satisfies ReadonlyArray<readonly [string, keyof Lead]>;

/**
 * A cell spreadsheet programs would run as a formula (=, +, -, @, and tab or CR, which some
 * of them skip before looking) gets a leading apostrophe: OWASP's advice against CSV injection.
 * A visitor types these fields, and the owner opens the file in Excel.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180 quoting: every cell quoted, quotes doubled, so commas and line breaks stay in their cell. */
function cell(value: string): string {
  return `"${neutraliseFormula(value).replace(/"/g, '""')}"`;
}

const iso = (ms: number | null) => (ms === null ? '' : new Date(ms).toISOString());

/** The leads as CSV: UTF-8 with BOM (Excel shows umlauts right), CRLF rows, a header row. */
export function buildLeadsCsv(leads: readonly Lead[]): string {
  const rows = [LEADS_CSV_COLUMNS.map(([header]) => cell(header)).join(',')];
  for (const lead of leads) {
    rows.push(
      LEADS_CSV_COLUMNS.map(([, key]) => {
        const value = lead[key];
        if (key === 'created' || key === 'consentAt') return cell(iso(value as number | null));
        return cell(String(value ?? ''));
      }).join(','),
    );
  }
  return `\ufeff${rows.join('\r\n')}\r\n`;
}
