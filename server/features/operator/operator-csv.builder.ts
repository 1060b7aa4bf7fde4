import type { AuditEntry, FleetStats } from '../../../shared/schemas/operator.schema.ts';

/** Content type of the console's CSV files; the BOM in the body makes Excel read UTF-8. */
export const OPERATOR_CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * One CSV cell: quoted when it needs it (RFC 4180), and with a leading apostrophe when a
 * spreadsheet would run it (OWASP: `=`, `@`, `-`, `+`, tab, CR first); reasons are typed by people.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (typeof value === 'string' && /^[=@\-+\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const csv = (header: string[], rows: (string | number | null)[][]) =>
  '\uFEFF' + [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

/** The audit log as CSV, newest first, times in ISO 8601 UTC. */
export function auditCsv(entries: AuditEntry[]): string {
  return csv(
    ['at', 'operator', 'action', 'target', 'reason'],
    entries.map((e) => [new Date(e.at).toISOString(), e.operator, e.action, e.target, e.reason]),
  );
}

/**
 * The fleet statistics as one CSV: a `table` column says which of the counts a row is. A batch's
 * and an edition's row also carry their number of cards (`cards`), as the screen's "3 of 10
 * activated" does; the other rows leave it empty.
 */
export function statsCsv(stats: FleetStats): string {
  const rows: (string | number | null)[][] = [
    ['cards', 'total', '', stats.cards.total, null],
    ['cards', 'minted', '', stats.cards.minted, null],
    ['cards', 'organisation', '', stats.cards.organisation, null],
    ['cards', 'registered', '', stats.cards.registered, null],
    ['cards', 'blocked', '', stats.cards.blocked, null],
    ['cards', 'neverActivated', '', stats.cards.neverActivated, null],
    ...stats.activationsByBatch.map((b) => ['activationsByBatch', b.batchId ?? '', b.label ?? '', b.count, b.cards]),
    ...stats.activationsByEdition.map((e) => ['activationsByEdition', e.edition, '', e.count, e.cards]),
    ...stats.activationsByDay.map((d) => ['activationsByDay', d.day, '', d.count, null]),
    ...stats.scansByDay.map((s) => ['scansByDay', s.day, s.source, s.count, null]),
  ];
  return csv(['table', 'key', 'detail', 'count', 'cards'], rows);
}
