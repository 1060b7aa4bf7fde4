import { MAX_CODE_TEXT_BYTES, type CodeFormat } from '../../../shared/schemas/capture.schema.ts';
import { tidyFields, type CaptureFields } from './capture-fields.ts';
import { CodeReadError } from './code-read-error.ts';
import { parseBizCard, parseMeCard } from './mecard.parser.ts';
import { readPhone } from './phone-numbers.ts';
import { parseVCard } from './vcard.parser.ts';

/**
 * `parse(text)` of issue 36: the text a QR or badge code held, into the capture fields. Knows
 * vCard 2.1/3.0/4.0, MECARD, BIZCARD, `mailto:`, `MATMSG:`, `tel:` and the product's own card
 * and profile addresses; anything else is a CodeReadError naming the problem.
 */

/** A card or profile address of this product found in a code; the service resolves it through its ProductLinkResolver. */
export type ProductLink = { kind: 'card'; cardId: string } | { kind: 'profile'; profileId: string } | { kind: 'short-link'; shortLinkId: string };

/** What a code held: contact fields, or a link to one of this product's public profiles. */
export type ParsedCode = { format: Exclude<CodeFormat, 'product-link'>; fields: CaptureFields } | { format: 'product-link'; link: ProductLink };

/** Where the product's public pages live (PUBLIC_URL): its addresses are recognised as product links. */
export interface CodeParserOptions {
  publicUrl: string;
}

const ID = '([A-Za-z0-9_-]{1,64})';
/** The public paths of D3 and SPEC 2 that name a card or a profile. */
const PRODUCT_PATHS: ReadonlyArray<readonly [RegExp, (id: string) => ProductLink]> = [
  [new RegExp(`^/(?:card|public-profile)/${ID}/?$`), (cardId) => ({ kind: 'card', cardId })],
  [new RegExp(`^/p/${ID}/?$`), (profileId) => ({ kind: 'profile', profileId })],
  [new RegExp(`^/(?:l|linkinbio)/${ID}/?$`), (shortLinkId) => ({ kind: 'short-link', shortLinkId })],
];

/** The product link an address names, or null for any other address. */
export function productLinkOf(text: string, publicUrl: string): ProductLink | null {
  if (!URL.canParse(text)) return null;
  const url = new URL(text);
  const home = new URL(publicUrl);
  // http and https of the same host both count: a card printed before a move to https still reads.
  if (url.host !== home.host || !/^https?:$/.test(url.protocol)) return null;
  const base = home.pathname.replace(/\/$/, '');
  if (!url.pathname.startsWith(base)) return null;
  const path = url.pathname.slice(base.length) || '/';
  const id = url.searchParams.get('id');
  if (path === '/' && id && new RegExp(`^${ID}$`).test(id)) return { kind: 'card', cardId: id };
  for (const [pattern, link] of PRODUCT_PATHS) {
    const match = pattern.exec(path);
    if (match) return link(match[1]!);
  }
  return null;
}

function decodeUriPart(text: string, what: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    throw new CodeReadError('broken', `The ${what} has a broken %-escape.`);
  }
}

function fromMailto(text: string): CaptureFields {
  const address = decodeUriPart(text.slice('mailto:'.length).split('?')[0]!, 'mailto: address').split(',')[0]!.trim();
  return tidyFields({ email: address });
}

function fromMatmsg(text: string): CaptureFields {
  const to = /(?:^MATMSG:|;)TO:([^;]*)/i.exec(text)?.[1];
  return tidyFields({ email: to ?? null });
}

function fromTel(text: string): CaptureFields {
  const number = readPhone(decodeUriPart(text.slice('tel:'.length).split(';')[0]!, 'tel: number'));
  if (!number) return tidyFields({});
  return tidyFields(number.isMobile ? { mobile: number.formatted } : { phone: number.formatted });
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether the fields hold enough to be a contact: a name, an e-mail address or a phone number (issue 36's save rule). */
function isContact(fields: CaptureFields): boolean {
  return Boolean(fields.firstName || fields.lastName || fields.phone || fields.mobile || (fields.email && EMAIL.test(fields.email)));
}

/** Reads a code's text; throws CodeReadError for text that is too long, empty, of no known format, broken or without contact details. */
export function parseCode(input: string, options: CodeParserOptions): ParsedCode {
  if (Buffer.byteLength(input, 'utf8') > MAX_CODE_TEXT_BYTES) {
    throw new CodeReadError('too-long', `The text is longer than ${MAX_CODE_TEXT_BYTES / 1024} KB; a contact code holds far less.`);
  }
  // A byte order mark and white space around the text are how files and some scanners hand it over.
  const text = input.replace(/^\uFEFF/, '').trim();
  if (!text) throw new CodeReadError('empty', 'The text is empty.');
  const link = productLinkOf(text, options.publicUrl);
  if (link) return { format: 'product-link', link };

  let parsed: { format: Exclude<CodeFormat, 'product-link'>; fields: CaptureFields };
  if (/^BEGIN:VCARD/i.test(text)) parsed = { format: 'vcard', fields: parseVCard(text) };
  else if (/^MECARD:/i.test(text)) parsed = { format: 'mecard', fields: parseMeCard(text) };
  else if (/^BIZCARD:/i.test(text)) parsed = { format: 'bizcard', fields: parseBizCard(text) };
  else if (/^mailto:/i.test(text)) parsed = { format: 'mailto', fields: fromMailto(text) };
  else if (/^MATMSG:/i.test(text)) parsed = { format: 'mailto', fields: fromMatmsg(text) };
  else if (/^tel:/i.test(text)) parsed = { format: 'tel', fields: fromTel(text) };
  else if (/^https?:\/\//i.test(text)) {
    throw new CodeReadError('unknown-format', 'The code holds a web address, not contact details: open it, or type the contact in.');
  } else {
    throw new CodeReadError(
      'unknown-format',
      'The text is none of the contact formats (vCard, MECARD, BIZCARD, mailto:, tel:); an event badge that holds only its own id cannot be read here.',
    );
  }
  const fields = tidyFields(parsed.fields);
  if (!isContact(fields)) throw new CodeReadError('no-contact', `The ${parsed.format} code has no name, e-mail address or phone number.`);
  return { format: parsed.format, fields };
}
