import type { CountryCode } from 'libphonenumber-js/max';
import { tidyFields, type CaptureFields } from './capture-fields.ts';
import { ADDRESS_LABEL, domainLabelOf, emailIn, isMailProvider, websiteIn } from './contact-patterns.ts';
import { isCompanyLine, readPeopleFields, undoCapitals, type TextSegment } from './name-company.rules.ts';
import { DEFAULT_PHONE_COUNTRY, phonesInLine, roleOfLabel } from './phone-numbers.ts';
import { countryCodeOf, readPostalLines } from './postal-address.ts';

/**
 * The fields of a paper card from its recognised lines, by rules (issue 36): e-mail and web
 * patterns, phone numbers through libphonenumber-js, postal lines, then the name, job title and
 * company among what is left. Pure: the OCR (ocr-pool.ts) hands it lines with their geometry.
 */

/** A recognised line of a card with its place and size in the read image. */
export interface OcrLine {
  text: string;
  /** Top edge in pixels. */
  top: number;
  /** Height of the line in pixels (Tesseract's row height, else its box's): a larger line is more prominent. */
  height: number;
}

/** Separators that cards print between items on one line ("Tel 030 123 · info@x.de"). */
const SEPARATOR = /\s+[|·•●▪◦]\s+|\s{3,}|\s[|·•]|[|·•]\s/;

/** Text that is part of a card's layout, not of the contact: a label alone, a lone symbol. */
const NOISE = /^[\W_]*$|^(?:tel|fon|phone|fax|mobil|mobile|e-?mail|web|adresse|address)\.?:?$/i;

/** A country of a web or mail domain, to read numbers printed without +. */
const TLD_COUNTRY: Record<string, CountryCode> = {
  de: 'DE',
  at: 'AT',
  ch: 'CH',
  nl: 'NL',
  be: 'BE',
  lu: 'LU',
  fr: 'FR',
  it: 'IT',
  es: 'ES',
  pl: 'PL',
  dk: 'DK',
  se: 'SE',
  uk: 'GB',
  ie: 'IE',
  us: 'US',
  ca: 'CA',
};

function segmentsOf(lines: readonly OcrLine[]): TextSegment[] {
  return lines.flatMap((line) =>
    line.text
      .split(SEPARATOR)
      .map((text) => text.trim())
      .filter((text) => text && !NOISE.test(text))
      .map((text) => ({ text, top: line.top, height: line.height })),
  );
}

/** "(415) 555-0142": the way North America writes its numbers, and no other country. */
const NANP_NUMBER = /\(\d{3}\)\s?\d{3}[-.\s]\d{4}\b/;

/**
 * The countries that numbers without + may belong to, likeliest first: the card's postal country,
 * its web or mail domain's, North America for its own way of writing numbers, else Germany.
 */
function phoneCountries(postal: CountryCode | null, addresses: Array<string | null>, texts: readonly string[]): CountryCode[] {
  const countries: CountryCode[] = [];
  if (postal) countries.push(postal);
  for (const address of addresses) {
    const tld = address?.replace(/\/.*$/, '').split('.').pop();
    if (tld && TLD_COUNTRY[tld]) countries.push(TLD_COUNTRY[tld]);
  }
  if (texts.some((text) => NANP_NUMBER.test(text))) countries.push('US');
  countries.push(DEFAULT_PHONE_COUNTRY);
  return [...new Set(countries)];
}

/** A segment that holds contact details (a number, an address, a label): never a name or company. */
const CONTACT_HINT = /@|www\.|https?:|\d{3,}|^(?:tel|fon|phone|fax|mobil|mobile|handy|e-?mail|web|t|m|f|e|w)\s*[.:]/i;

/** Reads the fields of a card from its recognised lines. */
export function readCardFields(lines: readonly OcrLine[]): CaptureFields {
  const segments = segmentsOf(lines);
  const email = segments.map((s) => emailIn(s.text)).find(Boolean) ?? null;
  const website = segments.map((s) => websiteIn(s.text.replace(ADDRESS_LABEL, ''))).find(Boolean) ?? null;

  const postalTexts = segments.map((s) => s.text.replace(/^(?:adresse|address|anschrift)\s*:\s*/i, ''));
  const postal = readPostalLines(postalTexts);
  // Five digits are German, French, Italian or Spanish alike: a weaker hint than a country line or a web domain.
  const postalCountry = (postal.country && countryCodeOf(postal.country)) || (postal.countryCode !== 'DE' ? postal.countryCode : null);
  const countries = phoneCountries(
    postalCountry,
    [website, email?.replace(/^.*@/, '') ?? null],
    segments.map((s) => s.text),
  );

  let phone: string | null = null;
  let mobile: string | null = null;
  const used = new Set(postal.used);
  for (const [index, segment] of segments.entries()) {
    // The postal lines hold digits too ("Königsallee 60 - 40212 Düsseldorf" would read as a number).
    if (used.has(index)) continue;
    // A label on a line of its own before the numbers ("Mobil" above "0171 ...") is rare; within the line it decides.
    const found = phonesInLine(segment.text, countries);
    if (found.length || roleOfLabel(segment.text) === 'fax') used.add(index);
    for (const number of found) {
      if (number.role === 'mobile') mobile ??= number.formatted;
      else if (number.role === 'phone') phone ??= number.formatted;
    }
  }

  // A line with a legal form stays a company even with digits in its name ("Studio 2000 GmbH").
  const rest = segments.filter((s, index) => !used.has(index) && (!CONTACT_HINT.test(s.text) || isCompanyLine(s.text)));
  const domains = [email, website]
    .filter((a): a is string => Boolean(a))
    .map(domainLabelOf)
    .filter((label): label is string => Boolean(label) && !isMailProvider(label!));
  const people = readPeopleFields(rest, email?.split('@')[0] ?? null, domains);

  return tidyFields({
    ...people,
    email,
    phone,
    mobile,
    website,
    street: postal.street,
    zip: postal.zip,
    city: postal.city ? undoCapitals(postal.city) : null,
    country: postal.country,
  });
}
