import type { CaptureFields } from './capture-fields.ts';
import { emptyFields } from './capture-fields.ts';
import { CodeReadError } from './code-read-error.ts';
import { splitFullName } from './person-name.ts';
import { readPhone } from './phone-numbers.ts';
import { readPostalLines } from './postal-address.ts';

/**
 * The one-line contact codes of QR readers: NTT docomo's MECARD (`MECARD:N:Doe,John;TEL:...;;`)
 * and BIZCARD (`BIZCARD:N:Sean;X:Owen;T:...;;`), as ZXing and the phones' cameras read them.
 */

/** `KEY:value` pairs split on unescaped `;`, values unescaped (`\;`, `\:`, `\,`, `\\`). */
function pairs(body: string, format: string): Array<[string, string]> {
  const result: Array<[string, string]> = [];
  for (const part of body.split(/(?<!\\);/)) {
    if (!part.trim()) continue;
    const colon = part.indexOf(':');
    if (colon <= 0) throw new CodeReadError('broken', `The ${format} code has a part without "KEY:value": "${part.slice(0, 40)}".`);
    result.push([part.slice(0, colon).trim().toUpperCase(), part.slice(colon + 1).replace(/\\([;:,\\"])/g, '$1')]);
  }
  return result;
}

function withAddress(fields: CaptureFields, address: string | undefined): void {
  if (!address) return;
  const postal = readPostalLines(address.split(/,|\n/));
  Object.assign(fields, { street: postal.street, zip: postal.zip, city: postal.city, country: postal.country });
}

function setPhone(fields: CaptureFields, text: string, asMobile: boolean): void {
  const number = readPhone(text);
  if (!number) return;
  if (asMobile || number.isMobile) fields.mobile ??= number.formatted;
  else fields.phone ??= number.formatted;
}

/** MECARD's N is "Last,First" (docomo's form); without a comma it is a full name. */
export function parseMeCard(text: string): CaptureFields {
  const fields = emptyFields();
  const values = pairs(text.replace(/^MECARD:/i, ''), 'MECARD');
  const get = (key: string) => values.find(([k]) => k === key)?.[1];
  const name = get('N');
  if (name?.includes(',')) {
    const [last, first] = name.split(',');
    fields.lastName = last?.trim() || null;
    fields.firstName = first?.trim() || null;
  } else if (name) Object.assign(fields, splitFullName(name));
  fields.company = get('ORG') ?? null;
  fields.jobTitle = get('TITLE') ?? null;
  fields.email = get('EMAIL') ?? null;
  fields.website = get('URL') ?? null;
  for (const [key, value] of values) if (key === 'TEL') setPhone(fields, value, false);
  withAddress(fields, get('ADR'));
  return fields;
}

/** BIZCARD: N first name, X last name, T title, C company, A address, B phone, M mobile, F fax (left out), E e-mail. */
export function parseBizCard(text: string): CaptureFields {
  const fields = emptyFields();
  const values = pairs(text.replace(/^BIZCARD:/i, ''), 'BIZCARD');
  const get = (key: string) => values.find(([k]) => k === key)?.[1];
  fields.firstName = get('N') ?? null;
  fields.lastName = get('X') ?? null;
  fields.jobTitle = get('T') ?? null;
  fields.company = get('C') ?? null;
  fields.email = get('E') ?? null;
  const phone = get('B');
  if (phone) setPhone(fields, phone, false);
  const mobile = get('M');
  if (mobile) setPhone(fields, mobile, true);
  withAddress(fields, get('A'));
  return fields;
}
