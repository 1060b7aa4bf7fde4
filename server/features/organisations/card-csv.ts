import { badInput } from '../../http/errors.ts';
import { idSchema } from '../../../shared/schemas/common.schema.ts';
import { CARD_CSV_MAX_LINES, type CsvLineResult } from '../../../shared/schemas/organisation-card.schema.ts';

/** What a CSV assignment checks its lines against: the organisation's cards, members and their company profiles. */
export interface CsvContext {
  cards: ReadonlyMap<string, { blocked: number | null }>;
  members: ReadonlyArray<{ userId: string; email: string }>;
  companyProfileOf: (userId: string) => string | undefined;
}
export interface CsvAssignment {
  cardId: string;
  userId: string;
  email: string;
  profileId: string;
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const unquote = (cell: string) =>
  cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .trim();

/**
 * Pure: reads a CSV of `cardId,email` (comma, semicolon or tab; an optional header line whose
 * second cell is no address; blank lines skipped) into assignments, with a result per line. `ok`
 * only when every line passes: the service then assigns all of them, else none. A CSV without
 * lines or with more than CARD_CSV_MAX_LINES is a 400 naming `csv`.
 */
export function assignCsv(csv: string, context: CsvContext): { ok: boolean; lines: CsvLineResult[]; assignments: CsvAssignment[] } {
  const rows = csv
    .split(/\r\n|\n|\r/)
    .map((text, index) => ({ line: index + 1, cells: text.split(/[,;\t]/).map(unquote) }))
    .filter((r) => r.cells.some(Boolean));
  if (rows.length && !rows[0].cells[1]?.includes('@')) rows.shift();
  if (rows.length === 0) throw badInput('csv', 'must have at least one line of card id and e-mail');
  if (rows.length > CARD_CSV_MAX_LINES) throw badInput('csv', `must have at most ${CARD_CSV_MAX_LINES} lines`);
  const byEmail = new Map(context.members.map((m) => [m.email.toLowerCase(), m]));
  const seen = new Set<string>();
  const lines: CsvLineResult[] = [];
  const assignments: CsvAssignment[] = [];
  for (const { line, cells } of rows) {
    const [cardId = '', rawEmail = ''] = cells;
    const email = rawEmail.toLowerCase();
    const refuse = (error: NonNullable<CsvLineResult['error']>) => lines.push({ line, cardId, email, ok: false, error });
    if (cells.length !== 2 || !idSchema.safeParse(cardId).success || !EMAIL.test(email)) refuse('format');
    else if (seen.has(cardId)) refuse('duplicate-card');
    else if (!context.cards.has(cardId)) refuse('card-not-found');
    else if (context.cards.get(cardId)!.blocked !== null) refuse('card-blocked');
    else {
      const member = byEmail.get(email);
      const profileId = member && context.companyProfileOf(member.userId);
      if (!member) refuse('member-not-found');
      else if (!profileId) refuse('no-company-profile');
      else {
        lines.push({ line, cardId, email, ok: true });
        assignments.push({ cardId, userId: member.userId, email, profileId });
      }
    }
    seen.add(cardId);
  }
  return { ok: lines.every((l) => l.ok), lines, assignments };
}
