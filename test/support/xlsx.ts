import { strFromU8, unzipSync } from 'fflate';

/** One cell of a workbook as the file stores it: its kind (`text` for a typed string cell) and its value. */
export interface XlsxCell {
  kind: 'text' | 'number' | 'boolean' | 'formula';
  value: string;
  /** The number format of a number cell (e.g. `yyyy-mm-dd hh:mm:ss` for a date), '' for none. */
  format: string;
}

const unescape = (xml: string) =>
  xml.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] === '#') return String.fromCodePoint(e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10));
    return { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" }[e.toLowerCase()]!;
  });
/** The text of an `<si>` or `<is>`: its `<t>` runs joined. */
const textOf = (xml: string) => [...xml.matchAll(/<t(?:\s[^>]*)?>([\s\S]*?)<\/t>/g)].map((m) => unescape(m[1]!)).join('');
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/** A column's letters as a 0-based index (`A` 0, `AA` 26). */
function columnIndex(ref: string): number {
  return [...ref.replace(/\d+$/, '')].reduce((n, c) => n * 26 + c.charCodeAt(0) - 64, 0) - 1;
}

/**
 * Reads an `.xlsx` back as the spreadsheet application will (ECMA-376 SpreadsheetML): the first
 * sheet's name and rows, each cell with its stored type, so a test can check that a text stays a
 * typed text cell and a date a formatted number. For the tests of the exports only (test/api).
 */
export function readXlsx(data: Uint8Array): { sheet: string; frozenRows: number; rows: (XlsxCell | null)[][] } {
  const files = unzipSync(data);
  const file = (name: string) => (files[name] ? strFromU8(files[name]!) : '');
  const sheet = unescape(attr(/<sheet\s[^>]*>/.exec(file('xl/workbook.xml'))?.[0] ?? '', 'name') ?? '');
  const shared = [...file('xl/sharedStrings.xml').matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) => textOf(m[1]!));
  const styles = file('xl/styles.xml');
  const numFmts = new Map([...styles.matchAll(/<numFmt\s[^>]*\/>/g)].map((m) => [attr(m[0], 'numFmtId')!, unescape(attr(m[0], 'formatCode') ?? '')]));
  const xfs = [...(/<cellXfs[^>]*>([\s\S]*?)<\/cellXfs>/.exec(styles)?.[1] ?? '').matchAll(/<xf\s[^>]*?(?:\/>|>)/g)].map((m) => attr(m[0], 'numFmtId') ?? '0');
  const xml = file('xl/worksheets/sheet1.xml');
  const frozenRows = Number(attr(/<pane\s[^>]*>/.exec(xml)?.[0] ?? '', 'ySplit') ?? 0);
  const rows = [...xml.matchAll(/<row\b[^>]*>([\s\S]*?)<\/row>/g)].map((row) => {
    const cells: (XlsxCell | null)[] = [];
    for (const c of row[1]!.matchAll(/<c\b([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const tag = c[1]!;
      const body = c[2] ?? '';
      const type = attr(tag, 't');
      const v = unescape(/<v>([\s\S]*?)<\/v>/.exec(body)?.[1] ?? '');
      const format = numFmts.get(xfs[Number(attr(tag, 's') ?? 0)] ?? '0') ?? '';
      const cell: XlsxCell | null = /<f[\s>]/.test(body)
        ? { kind: 'formula', value: v, format }
        : type === 's'
          ? { kind: 'text', value: shared[Number(v)] ?? '', format }
          : type === 'inlineStr' || type === 'str'
            ? { kind: 'text', value: type === 'str' ? v : textOf(body), format }
            : type === 'b'
              ? { kind: 'boolean', value: v, format }
              : body
                ? { kind: 'number', value: v, format }
                : null;
      cells[columnIndex(attr(tag, 'r') ?? 'A1')] = cell;
    }
    return Array.from(cells, (cell) => cell ?? null);
  });
  return { sheet, frozenRows, rows };
}

/** An Excel date serial (days since 1899-12-30, the time as its fraction) as `YYYY-MM-DD HH:MM:SS`. */
export function excelDateText(serial: number): string {
  const ms = Math.round((serial - 25569) * 86_400_000);
  return new Date(ms).toISOString().slice(0, 19).replace('T', ' ');
}
