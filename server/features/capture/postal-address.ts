import type { CountryCode } from 'libphonenumber-js/max';

/**
 * Postal lines of a card (German and international): street and number, zip and city, country.
 * The same rules read a free-text ADR of a vCard.
 */

export interface PostalAddress {
  street: string | null;
  zip: string | null;
  city: string | null;
  country: string | null;
  /** The country's ISO code where the card names it or its zip form says it (for reading phone numbers). */
  countryCode: CountryCode | null;
  /** Indices of the lines the address was read from (the card reader skips them for names). */
  used: number[];
}

/** Country names as cards write them, in German and English (and the country's own), with their ISO codes. */
const COUNTRIES: ReadonlyArray<readonly [CountryCode, RegExp]> = [
  ['DE', /^(?:deutschland|germany|bundesrepublik deutschland|allemagne)$/i],
  ['AT', /^(?:österreich|oesterreich|austria)$/i],
  ['CH', /^(?:schweiz|switzerland|suisse|svizzera)$/i],
  ['NL', /^(?:niederlande|netherlands|the netherlands|nederland|holland)$/i],
  ['BE', /^(?:belgien|belgium|belgique|belgië)$/i],
  ['LU', /^(?:luxemburg|luxembourg)$/i],
  ['FR', /^(?:frankreich|france)$/i],
  ['IT', /^(?:italien|italy|italia)$/i],
  ['ES', /^(?:spanien|spain|españa|espana)$/i],
  ['PL', /^(?:polen|poland|polska)$/i],
  ['DK', /^(?:dänemark|daenemark|denmark|danmark)$/i],
  ['SE', /^(?:schweden|sweden|sverige)$/i],
  ['IE', /^(?:irland|ireland)$/i],
  ['GB', /^(?:united kingdom|UK|u\.k\.|great britain|großbritannien|grossbritannien|england|scotland|wales|vereinigtes königreich)$/i],
  ['US', /^(?:usa|u\.s\.a\.|united states(?: of america)?|vereinigte staaten)$/i],
  ['CA', /^(?:kanada|canada)$/i],
];

/** The ISO code of a country name, or null. */
export function countryCodeOf(name: string): CountryCode | null {
  const text = name.trim().replace(/[.,;]+$/, '');
  return COUNTRIES.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
}

const CITY = String.raw`\p{Lu}[\p{L}'’.\-]*(?:[ \-](?:\(?[\p{L}'’.\-]+\)?))*`;

/** Zip and city in the forms of the countries above; `country` when the form itself says which. */
const ZIP_CITY: ReadonlyArray<{ pattern: RegExp; country?: CountryCode }> = [
  // US: "San Francisco, CA 94105" (city first, state, five digits).
  { pattern: new RegExp(String.raw`^(?<city>${CITY}),?\s+(?<state>[A-Z]{2})\s+(?<zip>\d{5}(?:-\d{4})?)$`, 'u'), country: 'US' },
  // UK: "London EC1A 1BB" or "EC1A 1BB London".
  { pattern: new RegExp(String.raw`^(?<city>${CITY})[ ,]+(?<zip>[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})$`, 'u'), country: 'GB' },
  { pattern: new RegExp(String.raw`^(?<zip>[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})[ ,]+(?<city>${CITY})$`, 'u'), country: 'GB' },
  // Netherlands: "1012 AB Amsterdam".
  { pattern: new RegExp(String.raw`^(?<zip>\d{4} ?[A-Z]{2})\s+(?<city>${CITY})$`, 'u'), country: 'NL' },
  // Germany (and France, Italy, Spain): five digits, an optional "D-" before them.
  { pattern: new RegExp(String.raw`^(?:D\s?-\s?)?(?<zip>\d{5})\s+(?<city>${CITY})$`, 'u'), country: 'DE' },
  // Austria, Switzerland (and others with four digits): "A-1010 Wien", "CH-8001 Zürich", "1010 Wien".
  { pattern: new RegExp(String.raw`^(?:(?<prefix>A|CH|B|L|DK)\s?-\s?)?(?<zip>\d{4})\s+(?<city>${CITY})$`, 'u') },
];

const FOUR_DIGIT_PREFIX: Record<string, CountryCode> = { A: 'AT', CH: 'CH', B: 'BE', L: 'LU', DK: 'DK' };

const STREET_WORD =
  /(?:stra(?:ß|ss)e|str\.|weg|platz|allee|gasse|ring|damm|ufer|chaussee|markt|steig|stieg|pfad|promenade|graben|kai|hof|park|tor|feld|brücke|gürtel|zeile|street|st\.?|road|rd\.?|avenue|ave\.?|lane|ln\.?|drive|dr\.?|way|boulevard|blvd\.?|place|pl\.?|court|ct\.?|square|sq\.?|row|terrace|close|crescent|parkway|rue|via|calle|straat|laan|gracht|vej|gatan)\b/i;
/** "Musterstraße 12a", "Am Markt 3-5", "Rue de Rivoli 12". */
const STREET_NUMBER_LAST = /^\p{L}[\p{L}'’.\- ]*\s\d{1,4}\s?[a-zA-Z]?(?:\s?[-–/]\s?\d{1,4}\s?[a-zA-Z]?)?$/u;
/** "221B Baker Street", "350 Fifth Avenue, Suite 200". */
const NUMBER_FIRST = /^\d{1,5}[A-Za-z]?\s+\p{L}[\p{L}0-9'’.\- ]*(?:,\s*(?:suite|ste\.?|floor|fl\.?|unit|apt\.?)\s*[\w-]+)?$/iu;

function isStreet(line: string, beforeZipLine: boolean): boolean {
  if (/@|www\.|https?:|\+\d/.test(line)) return false;
  if (STREET_NUMBER_LAST.test(line)) return STREET_WORD.test(line) || beforeZipLine;
  if (NUMBER_FIRST.test(line)) return STREET_WORD.test(line) || beforeZipLine;
  return false;
}

/** A part of a line: the whole line, or a piece of it between " - " (how OCR often reads a printed "·"). */
interface Part {
  text: string;
  line: number;
  /** The whole of a line that also has pieces: a zip and city may span it, a street may not. */
  split: boolean;
}

function partsOf(lines: readonly string[]): Part[] {
  return lines.flatMap((line, index) => {
    const text = line.trim();
    const pieces = text.split(/\s[-–]\s/).map((piece) => piece.trim());
    if (pieces.length === 1) return [{ text, line: index, split: false }];
    return [{ text, line: index, split: true }, ...pieces.map((piece) => ({ text: piece, line: index, split: false }))];
  });
}

/** Reads the address from a card's lines (or a free-text address's parts); every part is null where none is found. */
export function readPostalLines(lines: readonly string[]): PostalAddress {
  const result: PostalAddress = { street: null, zip: null, city: null, country: null, countryCode: null, used: [] };
  const parts = partsOf(lines);
  let zipPart = -1;
  // A part alone, or with the next one: a free-text address split at commas has "San Francisco" and "CA 94105" apart.
  const candidates = parts.flatMap((part, index) => [
    { text: part.text, index, span: 1 },
    ...(index + 1 < parts.length && parts[index + 1]!.line !== part.line ? [{ text: `${part.text}, ${parts[index + 1]!.text}`, index, span: 2 }] : []),
  ]);
  for (const { text, index, span } of candidates) {
    const found = ZIP_CITY.map(({ pattern, country }) => ({ match: pattern.exec(text), country })).find(({ match }) => match?.groups);
    if (!found) continue;
    const groups = found.match!.groups!;
    result.zip = groups.zip!;
    result.city = groups.city!.replace(/[,;.]+$/, '');
    result.countryCode = found.country ?? FOUR_DIGIT_PREFIX[groups.prefix ?? ''] ?? null;
    zipPart = index;
    result.used.push(parts[index]!.line, ...(span === 2 ? [parts[index + 1]!.line] : []));
    break;
  }
  const zipLine = zipPart >= 0 ? parts[zipPart]!.line : -1;
  const street = parts.find((part, index) => {
    const beforeZip = index === zipPart - 1 || (part.line === zipLine - 1 && part.line !== zipLine) || (part.line === zipLine && index < zipPart);
    return !part.split && (part.line === zipLine || !result.used.includes(part.line)) && isStreet(part.text, beforeZip);
  });
  if (street) {
    result.street = street.text;
    if (!result.used.includes(street.line)) result.used.push(street.line);
  }
  const country = parts.find(
    (part) => (!result.used.includes(part.line) || part.line === zipLine) && part.text.length > 1 && countryCodeOf(part.text) !== null,
  );
  if (country && (zipPart >= 0 || street)) {
    result.country = country.text.replace(/[.,;]+$/, '');
    result.countryCode = countryCodeOf(result.country);
    if (!result.used.includes(country.line)) result.used.push(country.line);
  }
  return result;
}
