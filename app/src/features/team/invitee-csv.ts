import { INVITE_MAX, inviteeSchema, type Invitee } from '../../../../shared/schemas/organisation.schema.ts';

/** Why a line of the CSV is refused: no address, a cell too long, an address twice, or more than one call takes. */
export type InviteeLineError = 'email' | 'firstName' | 'lastName' | 'jobTitle' | 'duplicate' | 'too-many';
export interface RefusedLine {
  line: number;
  email: string;
  error: InviteeLineError;
}
export interface InviteeCsv {
  invitees: Invitee[];
  refused: RefusedLine[];
}

type Column = keyof Invitee;
const COLUMNS: readonly Column[] = ['email', 'firstName', 'lastName', 'jobTitle'];
/** Header names, English and German, compared without case, spaces, dashes and underscores. */
const HEADERS: Record<string, Column> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  emailadresse: 'email',
  firstname: 'firstName',
  givenname: 'firstName',
  vorname: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  nachname: 'lastName',
  jobtitle: 'jobTitle',
  title: 'jobTitle',
  position: 'jobTitle',
  jobtitel: 'jobTitle',
  berufsbezeichnung: 'jobTitle',
  funktion: 'jobTitle',
};
const headerOf = (cell: string): Column | undefined => HEADERS[cell.toLowerCase().replace(/[\s\-_.]/g, '')];

/** The separator of the first line: the most frequent of comma, semicolon and tab outside quotes (a spreadsheet's choice). */
function separatorOf(text: string): string {
  const first = (text.split(/\r\n|\n|\r/).find((l) => l.trim()) ?? '').replace(/"[^"]*"/g, '');
  const counts = [',', ';', '\t'].map((s) => [s, first.split(s).length - 1] as const);
  return counts.reduce((best, c) => (c[1] > best[1] ? c : best))[0];
}

/** RFC 4180 cells: quotes around a cell may hold separators, line breaks and doubled quotes. Each row keeps its first line's number. */
export function csvRows(text: string): Array<{ line: number; cells: string[] }> {
  const sep = separatorOf(text);
  const rows: Array<{ line: number; cells: string[] }> = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  const endRow = () => {
    cells.push(cell.trim());
    if (cells.some(Boolean)) rows.push({ line: start, cells });
    cells = [];
    cell = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line++;
        cell += c;
      }
    } else if (c === '"' && !cell.trim()) {
      quoted = true;
      cell = '';
    } else if (c === sep) {
      cells.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      endRow();
      start = ++line;
    } else cell += c;
  }
  endRow();
  return rows;
}

/**
 * Pure: reads the admin's CSV of invitees (issue 24): columns `email,firstName,lastName,jobTitle`
 * by a header line in English or German (Vorname, Nachname, Position …) in any order, else in that
 * order; comma, semicolon or tab. Each line is checked as the server will (the shared schema), so
 * the screen lists refused lines before anything is sent.
 */
export function parseInviteeCsv(text: string): InviteeCsv {
  const rows = csvRows(text);
  let columns: ReadonlyArray<Column | undefined> = COLUMNS;
  if (rows.length && rows[0].cells.some((c) => headerOf(c) === 'email')) columns = rows.shift()!.cells.map(headerOf);
  const invitees: Invitee[] = [];
  const refused: RefusedLine[] = [];
  const seen = new Set<string>();
  for (const { line, cells } of rows) {
    const raw: Partial<Record<Column, string>> = {};
    columns.forEach((column, index) => {
      if (column && cells[index] !== undefined) raw[column] = cells[index];
    });
    const email = (raw.email ?? '').toLowerCase();
    const parsed = inviteeSchema.safeParse(raw);
    if (!parsed.success) refused.push({ line, email, error: (parsed.error.issues[0]?.path[0] as InviteeLineError | undefined) ?? 'email' });
    else if (seen.has(parsed.data.email)) refused.push({ line, email, error: 'duplicate' });
    else if (invitees.length >= INVITE_MAX) refused.push({ line, email, error: 'too-many' });
    else invitees.push(parsed.data);
    if (parsed.success) seen.add(parsed.data.email);
  }
  return { invitees, refused };
}
