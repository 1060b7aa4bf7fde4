import { findPhoneNumbersInText, parsePhoneNumberFromString, type CountryCode, type PhoneNumber } from 'libphonenumber-js/max';

/**
 * Phone numbers for issue 36, through libphonenumber-js (Google's metadata; the `max` set, the
 * only one that knows a number's type, so a mobile is told from a landline by the number itself
 * where a card has no label).
 */

/** Which field a number belongs in; a fax is recognised only to be left out. */
export type PhoneRole = 'phone' | 'mobile' | 'fax';

/** A number found in a line of text. */
export interface FoundPhone {
  /** International format, as the fields answer it: "+49 30 1234567". */
  formatted: string;
  /** E.164, for comparing two numbers: "+49301234567". */
  e164: string;
  role: PhoneRole;
}

/** Countries whose numbers the reader assumes when a card writes them without +, unless the card says otherwise. */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'DE';

// Labels before a number. Single letters count only with a colon or full stop ("M:", "T."), so a
// word ending in m or t does not become a label.
const FAX_LABEL = /(?:tele)?fax|\bF\s*[:.]|\bF\s+(?=[+(\d])/i;
const MOBILE_LABEL = /mobil(?:e|telefon|funk)?|handy|cell(?:phone|ular)?|\bmob\b|\bM\s*[:.]|\bM\s+(?=[+(\d])|portable|mobiel/i;
const PHONE_LABEL = /tel(?:efon|ephone)?|phone|\bfon\b|\bT\s*[:.]|\bT\s+(?=[+(\d])|\bP\s*[:.]|office|b[üu]ro|zentrale|direct|durchwahl|festnetz|landline/i;

/** The role a label names, or null when the text names none. The label closest to the number wins. */
export function roleOfLabel(text: string): PhoneRole | null {
  let best: { role: PhoneRole; at: number } | null = null;
  for (const [role, pattern] of [
    ['fax', FAX_LABEL],
    ['mobile', MOBILE_LABEL],
    ['phone', PHONE_LABEL],
  ] as const) {
    const global = new RegExp(pattern.source, 'gi');
    for (const match of text.matchAll(global)) {
      if (!best || match.index >= best.at) best = { role, at: match.index };
    }
  }
  return best?.role ?? null;
}

/** "+49 (0) 30 ..." is how German cards write the trunk prefix next to the country code; libphonenumber would read the 0 as part of the number. */
const normaliseTrunkZero = (text: string) => text.replace(/(\+\s?\d{1,3})\s*\(\s*0\s*\)\s*/g, '$1 ');

/** The role by the number's type: mobile numbers (and pagers' kin) to mobile, all else to phone. */
function roleOfNumber(number: PhoneNumber): 'phone' | 'mobile' {
  return number.getType() === 'MOBILE' ? 'mobile' : 'phone';
}

function found(number: PhoneNumber, role: PhoneRole): FoundPhone {
  return { formatted: number.formatInternational(), e164: number.number, role };
}

/**
 * Every valid number in one line with its role: the label between the previous number and this
 * one decides ("Tel 030 123 · Fax 030 124"); without a label, the number's type does.
 */
export function phonesInLine(line: string, countries: readonly CountryCode[] = [DEFAULT_PHONE_COUNTRY]): FoundPhone[] {
  const text = normaliseTrunkZero(line);
  // The first country that makes the most of the line's numbers valid: a .at domain on a card with a Berlin number still reads it.
  const matches = countries
    .map((defaultCountry) => findPhoneNumbersInText(text, defaultCountry))
    .reduce((best, next) => (next.length > best.length ? next : best));
  const results: FoundPhone[] = [];
  let labelFrom = 0;
  for (const match of matches) {
    const role = roleOfLabel(text.slice(labelFrom, match.startsAt)) ?? roleOfNumber(match.number);
    // A "Tel" label on a number that is a mobile by its type still goes to mobile: the field says what the number is.
    results.push(found(match.number, role === 'phone' ? roleOfNumber(match.number) : role));
    labelFrom = match.endsAt;
  }
  return results;
}

/**
 * One number given on its own (a vCard's TEL, a tel: URI): formatted when libphonenumber can read
 * it, else as written (a code's text is exact, a number of a plan libphonenumber lacks is still a number).
 */
export function readPhone(text: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): { formatted: string; isMobile: boolean } | null {
  const raw = text.trim();
  if (!/\d/.test(raw)) return null;
  const number = parsePhoneNumberFromString(normaliseTrunkZero(raw), defaultCountry);
  if (number?.isValid()) return { formatted: number.formatInternational(), isMobile: number.getType() === 'MOBILE' };
  return { formatted: raw, isMobile: false };
}

/** The E.164 form of a number as a card or a test writes it, or null (for comparing numbers). */
export function e164Of(text: string, defaultCountry: CountryCode = DEFAULT_PHONE_COUNTRY): string | null {
  const number = parsePhoneNumberFromString(normaliseTrunkZero(text), defaultCountry);
  return number?.isValid() ? number.number : null;
}
