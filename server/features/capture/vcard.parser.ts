import type { CaptureFields } from './capture-fields.ts';
import { emptyFields } from './capture-fields.ts';
import { CodeReadError } from './code-read-error.ts';
import { splitFullName } from './person-name.ts';
import { readPhone } from './phone-numbers.ts';
import { countryCodeOf, readPostalLines } from './postal-address.ts';

/**
 * vCard 2.1, 3.0 and 4.0 (RFC 2426, RFC 6350, and vCard 2.1 as Outlook and older Android phones
 * still write it) into the capture fields. Written here rather than taken from a package: the
 * parsers on npm read 3.0/4.0 but none decodes 2.1's QUOTED-PRINTABLE with its CHARSET, which is
 * what many phones and QR generators still send (docs/decisions.md).
 */

/** One content line: `group.NAME;PARAM=a,b;BARE:value`. */
interface ContentLine {
  name: string;
  /** Parameter names upper-cased; bare 2.1 parameters (`WORK`, `QUOTED-PRINTABLE`) go into TYPE or ENCODING. */
  params: Map<string, string[]>;
  /** The value with escapes still in it (structured values split on `;` first). */
  value: string;
}

const ENCODINGS = new Set(['QUOTED-PRINTABLE', 'BASE64', 'B', '8BIT', '7BIT']);

/** Logical lines: line breaks of any kind, folding (a line starting with a space or tab) and QUOTED-PRINTABLE soft breaks undone. */
function unfold(text: string): string[] {
  const raw = text.replace(/\r\n?/g, '\n').split('\n');
  const lines: string[] = [];
  for (const line of raw) {
    const previous = lines.length - 1;
    if (previous >= 0 && /^[ \t]/.test(line)) lines[previous] += line.slice(1);
    else if (previous >= 0 && isQuotedPrintable(lines[previous]!) && lines[previous]!.endsWith('=')) lines[previous] = lines[previous]!.slice(0, -1) + line;
    else lines.push(line);
  }
  return lines.filter((line) => line.trim() !== '');
}

const isQuotedPrintable = (line: string) => /^[^:]*;(?:ENCODING=)?QUOTED-PRINTABLE[;:]/i.test(line);

/** The colon that ends the name and parameters: the first outside double quotes (4.0 quotes parameter values that hold colons). */
function valueStart(line: string): number {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ':' && !quoted) return i;
  }
  return -1;
}

function parseLine(line: string, number: number): ContentLine {
  const colon = valueStart(line);
  if (colon <= 0) throw new CodeReadError('broken', `The vCard's line ${number} has no "NAME:value" form.`);
  const [rawName, ...rawParams] = line.slice(0, colon).split(';');
  const name = rawName!
    .replace(/^[^.]*\./, '')
    .trim()
    .toUpperCase();
  const params = new Map<string, string[]>();
  const add = (key: string, values: string[]) => params.set(key, [...(params.get(key) ?? []), ...values]);
  for (const param of rawParams) {
    const eq = param.indexOf('=');
    if (eq < 0) {
      const bare = param.trim().toUpperCase();
      add(ENCODINGS.has(bare) ? 'ENCODING' : 'TYPE', [bare]);
    } else {
      const values = param
        .slice(eq + 1)
        .replace(/^"|"$/g, '')
        .split(',')
        .map((v) => v.trim().toUpperCase());
      add(param.slice(0, eq).trim().toUpperCase(), values);
    }
  }
  return { name, params, value: line.slice(colon + 1) };
}

/** Bytes of `=XX` escapes decoded in the line's CHARSET (UTF-8 unless it says otherwise). */
function decodeQuotedPrintable(value: string, charset: string): string {
  const bytes: number[] = [];
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(value.slice(i + 1, i + 3))) {
      bytes.push(parseInt(value.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (value[i] === '=') {
      throw new CodeReadError('broken', `The vCard has a broken QUOTED-PRINTABLE escape near "${value.slice(i, i + 6)}".`);
    } else {
      bytes.push(...Buffer.from(value[i]!, 'utf8'));
    }
  }
  try {
    return new TextDecoder(charset.toLowerCase(), { fatal: true }).decode(Uint8Array.from(bytes));
  } catch {
    // A CHARSET the decoder does not know, or bytes that are not in it: Latin-1 reads every byte.
    return new TextDecoder('latin1').decode(Uint8Array.from(bytes));
  }
}

/** The value's text with QUOTED-PRINTABLE decoded; null for binary values (photos, logos, sounds). */
function textOf(line: ContentLine): string | null {
  const encoding = line.params.get('ENCODING')?.[0];
  if (encoding === 'BASE64' || encoding === 'B' || line.params.get('VALUE')?.[0] === 'BINARY') return null;
  if (encoding === 'QUOTED-PRINTABLE') return decodeQuotedPrintable(line.value, line.params.get('CHARSET')?.[0] ?? 'utf-8');
  return line.value;
}

/** A structured value's components (`;`-separated), each unescaped. */
function components(value: string): string[] {
  return value.split(/(?<!\\);/).map(unescape);
}

function unescape(text: string): string {
  return text.replace(/\\([nN,;:\\])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
}

const types = (line: ContentLine) => new Set((line.params.get('TYPE') ?? []).flatMap((t) => t.split(',')));
const isPreferred = (line: ContentLine) => types(line).has('PREF') || line.params.has('PREF');

/** The line to take among several of one kind: preferred, then work, then the first. */
function pick(lines: ContentLine[]): ContentLine | undefined {
  return lines.find(isPreferred) ?? lines.find((l) => types(l).has('WORK')) ?? lines[0];
}

/** Contact fields of the first vCard in `text`. */
export function parseVCard(text: string): CaptureFields {
  const lines = unfold(text);
  const begin = lines.findIndex((l) => /^BEGIN:VCARD\s*$/i.test(l));
  if (begin < 0) throw new CodeReadError('broken', 'The vCard has no BEGIN:VCARD line.');
  const end = lines.findIndex((l, i) => i > begin && /^END:VCARD\s*$/i.test(l));
  if (end < 0) throw new CodeReadError('broken', 'The vCard has no END:VCARD line: the code may be cut off.');
  const props = lines.slice(begin + 1, end).map((line, i) => parseLine(line, begin + i + 2));
  const all = (name: string) => props.filter((p) => p.name === name && textOf(p) !== null);
  const first = (name: string) => {
    const line = pick(all(name));
    return line ? textOf(line) : null;
  };
  const fields = emptyFields();

  const address = pick(all('ADR'));
  if (address) Object.assign(fields, addressOf(textOf(address)!));
  const country = countryCodeOf(fields.country ?? '') ?? undefined;

  const n = first('N');
  if (n) {
    const [family, given, additional] = components(n);
    fields.lastName = family || null;
    fields.firstName = [given, additional].filter(Boolean).join(' ') || null;
  }
  const fn = first('FN');
  if (fn && !fields.firstName && !fields.lastName) {
    const kind = first('KIND');
    if (kind?.toLowerCase() === 'org') fields.company = unescape(fn);
    else Object.assign(fields, splitFullName(unescape(fn)));
  }
  const org = first('ORG');
  if (org) fields.company = components(org)[0] || fields.company;
  fields.jobTitle = unescape(first('TITLE') ?? first('ROLE') ?? '') || null;
  const email = first('EMAIL');
  if (email) fields.email = unescape(email).replace(/^mailto:/i, '');
  const url = first('URL');
  if (url) fields.website = unescape(url);

  Object.assign(fields, phonesOf(all('TEL'), country));
  return fields;
}

/** ADR's seven parts, or an address written as free text in one part (as some QR generators do). */
function addressOf(value: string): Partial<CaptureFields> {
  const [, extended, street, city, , zip, country] = components(value);
  const parts = components(value).filter(Boolean);
  if (parts.length === 1 && !street && !city && !zip) {
    const postal = readPostalLines(parts[0]!.split(/\n|,/));
    return { street: postal.street, zip: postal.zip, city: postal.city, country: postal.country };
  }
  return { street: [street, extended].filter(Boolean).join(', ') || null, city: city || null, zip: zip || null, country: country || null };
}

/** TEL lines into phone and mobile: CELL to mobile, FAX and PAGER left out, the rest to phone (work first). */
function phonesOf(lines: ContentLine[], country: Parameters<typeof readPhone>[1]): Pick<CaptureFields, 'phone' | 'mobile'> {
  let phone: string | null = null;
  let mobile: string | null = null;
  const ordered = [...lines.filter(isPreferred), ...lines.filter((l) => types(l).has('WORK')), ...lines];
  for (const line of ordered) {
    const kinds = types(line);
    if (kinds.has('FAX') || kinds.has('PAGER')) continue;
    const number = readPhone(textOf(line)!.replace(/^tel:/i, '').replace(/;.*$/, ''), country);
    if (!number) continue;
    const isMobile = kinds.has('CELL') || (!kinds.has('WORK') && !kinds.has('HOME') && !kinds.has('VOICE') && number.isMobile);
    if (isMobile) mobile ??= number.formatted;
    else phone ??= number.formatted;
  }
  return { phone, mobile };
}
