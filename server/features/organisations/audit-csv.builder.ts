import type { Language } from '../../../shared/schemas/profile.schema.ts';

export const AUDIT_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

const HEADERS = {
  de: ['Zeit', 'Handelnde Person', 'Aktion', 'Ziel', 'Details'],
  en: ['Time', 'Actor', 'Action', 'Target', 'Details'],
} as const;

/** RFC 4180 quoting, and no cell a spreadsheet would run as a formula (a leading apostrophe, as in the leads export). */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** Issue 24: the audit log as CSV (UTF-8 with BOM for Excel, CRLF rows), newest first, headers in the request's language. */
export function buildAuditCsv(
  entries: ReadonlyArray<{ created: number; actorEmail: string; action: string; target: string; detail: string }>,
  language: Language,
): string {
  const rows = [HEADERS[language].map(csvCell).join(',')];
  for (const e of entries) rows.push([new Date(e.created).toISOString(), e.actorEmail, e.action, e.target, e.detail].map(csvCell).join(','));
  return `\ufeff${rows.join('\r\n')}\r\n`;
}
