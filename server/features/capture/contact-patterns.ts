/**
 * E-mail and web addresses in a card's recognised text. OCR puts spaces around "@" and dots and
 * reads "@" as "©" now and then; these patterns take that back before matching.
 */

/** Top-level domains seen on cards, for addresses printed without "www." or "http" ("nordlicht.de"). */
const BARE_DOMAIN_TLDS =
  'de|com|net|org|eu|at|ch|nl|be|lu|fr|it|es|pl|dk|se|io|co|uk|us|ca|info|biz|app|dev|tech|digital|online|design|agency|studio|consulting|berlin|hamburg|koeln|bayern|nrw|email|gmbh';

const EMAIL = /[a-z0-9][a-z0-9._%+-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}/i;
const WEB = new RegExp(
  String.raw`(?:https?://)?(?:www\.[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,24}|[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:${BARE_DOMAIN_TLDS})(?![a-z]))(?:/[^\s,;]*)?`,
  'i',
);

/** Labels that stand before an e-mail or web address on a card; they are not part of it. */
export const ADDRESS_LABEL = /^(?:(?:e-?mail|mail|web|internet|homepage|site|url)\b\s*[:.]?|(?:e|w)\s*[:.])\s*/i;

/** The line with OCR's typical damage to addresses undone: "anna . schmidt @ x . de" and "©" for "@". */
function closeGaps(line: string): string {
  return (
    line
      .replace(/[©®]/g, '@')
      // "|" for a lower-case l at the start of an address ("|.schaefer@").
      .replace(/(^|\s)\|(?=[\w.]*@)/g, '$1l')
      .replace(/\s*@\s*/g, '@')
      .replace(/(\w)\s+\.\s*(?=\w)/g, '$1.')
  );
}

/** The first e-mail address in a line, lower-cased; null when there is none. */
export function emailIn(line: string): string | null {
  const match = EMAIL.exec(closeGaps(line));
  return match ? match[0].toLowerCase().replace(/\.$/, '') : null;
}

/** The first web address in a line that is not part of an e-mail address; null when there is none. */
export function websiteIn(line: string): string | null {
  const text = closeGaps(line).replace(new RegExp(EMAIL.source, 'gi'), ' ');
  const match = WEB.exec(text);
  if (!match) return null;
  return match[0].replace(/[.,;:)]+$/, '').toLowerCase();
}

/** The name part of an address's domain ("nordlicht-design" of "anna@nordlicht-design.de", "www.nordlicht-design.de"). */
export function domainLabelOf(address: string): string | null {
  const host = address
    .replace(/^.*@/, '')
    .replace(/^https?:\/\//, '')
    .replace(/\/.*$/, '')
    .replace(/^www\./, '');
  const parts = host.split('.');
  // "example.co.uk": the label before the public suffix's two parts.
  const label = parts.length >= 3 && /^(?:co|com|org|ac|gov|net)$/.test(parts[parts.length - 2]!) ? parts[parts.length - 3] : parts[parts.length - 2];
  return label ?? null;
}

/** Mail providers whose domain says nothing about the company. */
const MAIL_PROVIDERS = /^(?:gmail|googlemail|gmx|web|t-online|outlook|hotmail|live|yahoo|icloud|me|mac|aol|posteo|mailbox|protonmail|proton|freenet|arcor)$/;
export const isMailProvider = (label: string) => MAIL_PROVIDERS.test(label);

/** Letters only, lower case, umlauts spelt out: for comparing a line with a domain or an e-mail's local part. */
export function letterKey(text: string): string {
  return text
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[^a-z0-9]/g, '');
}
