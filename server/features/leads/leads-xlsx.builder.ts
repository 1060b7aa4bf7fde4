import writeExcelFile, { type Cell } from 'write-excel-file/node';
import type { Lead } from '../../../shared/schemas/lead.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import { leadLabels } from './lead-labels.ts';
import { LEADS_CSV_COLUMNS, TIME_COLUMNS, zonedDateTime, type LeadsCsvColumn } from './leads-csv.builder.ts';

/** Content type of the `.xlsx` export. */
export const LEADS_XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** How a spreadsheet shows the two time columns: the CSV's form, as a real date and time. */
const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss';

/** Column widths in characters: wide enough for a typical value, the message and consent wider. */
const WIDTHS: Partial<Record<keyof Lead, number>> = {
  created: 20,
  consentAt: 20,
  capturedAt: 20,
  email: 30,
  message: 40,
  consentText: 50,
  profileName: 20,
  company: 24,
  note: 40,
  eventName: 24,
};

/**
 * The wall-clock time of `ms` in `timeZone` as a Date whose UTC fields are that time: a
 * spreadsheet's date has no zone, and it must show the owner's clock (the header names the zone).
 */
function wallClock(ms: number, timeZone: string): Date {
  const [date, time] = zonedDateTime(ms, timeZone).split(' ');
  const [y, mo, d] = date!.split('-').map(Number);
  const [h, mi, s] = time!.split(':').map(Number);
  return new Date(Date.UTC(y!, mo! - 1, d!, h, mi, s));
}

/**
 * Issue 35: the leads as an Excel workbook for people who open them in a spreadsheet (the CSV
 * stays for imports): one sheet, a bold header row that stays in view, every text a typed text
 * cell (a phone number stays `+49 170 1234567`, a visitor's `=…` stays text: nothing is run,
 * nothing needs an apostrophe or an invisible mark), the two times as date cells on the owner's
 * clock, and status, source and language in words of the owner's language instead of codes.
 * The columns are the CSV's (LEADS_CSV_COLUMNS), `leading` ones first.
 */
export async function buildLeadsXlsx<T extends Lead>(
  leads: readonly T[],
  language: Language,
  timeZone: string,
  leading: readonly LeadsCsvColumn<T>[] = [],
): Promise<Buffer> {
  const labels = leadLabels(language);
  const text = (value: string): Cell => ({ type: String, value });
  const header = [
    ...leading.map((c) => c.header[language]),
    ...LEADS_CSV_COLUMNS.map(([key, names]) => (TIME_COLUMNS.has(key) ? `${names[language]} (${timeZone})` : names[language])),
  ].map((value) => ({ type: String, value, fontWeight: 'bold' as const }));
  const rows = leads.map((lead): Cell[] => [
    ...leading.map((c) => text(c.value(lead))),
    ...LEADS_CSV_COLUMNS.map(([key]) => {
      if (key === 'created' || key === 'consentAt' || key === 'capturedAt') {
        const ms = lead[key];
        return ms === null ? null : { type: Date, value: wallClock(ms, timeZone), format: DATE_TIME_FORMAT };
      }
      if (key === 'status') return text(labels.status[lead.status]);
      if (key === 'source') return text(labels.source[lead.source]);
      if (key === 'language') return text(labels.language[lead.language]);
      if (key === 'method') return text(labels.method[lead.method]);
      if (key === 'tags') return text(lead.tags.join(', '));
      if (key === 'metInPerson') return lead.metInPerson ? text(labels.yes) : null;
      return text(String(lead[key] ?? ''));
    }),
  ]);
  const columns = [...leading.map(() => ({ width: 24 })), ...LEADS_CSV_COLUMNS.map(([key]) => ({ width: WIDTHS[key] ?? 16 }))];
  return writeExcelFile([header, ...rows], { columns, sheet: labels.title, stickyRowsCount: 1 }).toBuffer();
}
