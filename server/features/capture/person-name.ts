/**
 * A person's name as one line ("Dr. Anna-Lena von der Heide, MBA") split into first and last
 * name, the way both the card reader and the code parser need it.
 */

/** Academic and courtesy titles before a name: not part of the first name. */
const TITLE =
  /^(?:(?:univ\.-)?prof\.?|dr\.?(?:[- ]?(?:ing|med|rer\.? ?nat|phil|jur|h\. ?c)\.?)*|dipl\.?-?\s?\p{L}+\.?|mag\.?|ing\.?|mr\.?|mrs\.?|ms\.?|miss|herr|frau|sir|dame)$/iu;

/** Words that start a family name ("von der Heide", "van Dijk", "de la Cruz"). */
const PARTICLES = new Set(['von', 'van', 'de', 'der', 'den', 'del', 'della', 'di', 'da', 'du', 'la', 'le', 'zu', 'zur', 'vom', 'ten', 'ter', 'op', "o'"]);

/** Letters after a name that are degrees or generations, not names ("MBA", "PhD", "Jr."). */
const SUFFIX = /^(?:mba|msc|m\.?sc\.?|bsc|b\.?sc\.?|b\.?a\.?|m\.?a\.?|ph\.?d\.?|ll\.?m\.?|jr\.?|sr\.?|ii|iii|iv|cpa|pmp|dipl\.?)$/i;

/** First and last name of a full name; `null` parts when the text holds no name-like words. */
export function splitFullName(full: string): { firstName: string | null; lastName: string | null } {
  // Everything after a comma is a degree or a note ("Anna Schmidt, MBA"); a "Last, First" form
  // has only one word before the comma and is taken as such.
  const [beforeComma, ...afterComma] = full.split(',').map((part) => part.trim());
  let words = (beforeComma ?? '').split(/\s+/).filter(Boolean);
  if (words.length === 1 && afterComma.length === 1 && afterComma[0] && !SUFFIX.test(afterComma[0]) && /^\p{Lu}/u.test(afterComma[0])) {
    return { firstName: afterComma[0], lastName: words[0]! };
  }
  while (words.length > 1 && TITLE.test(words[0]!)) words = words.slice(1);
  while (words.length > 1 && SUFFIX.test(words[words.length - 1]!)) words = words.slice(0, -1);
  if (words.length === 0) return { firstName: null, lastName: null };
  if (words.length === 1) return { firstName: null, lastName: words[0]! };
  // The family name starts at its first particle after the first given name, else it is the last word.
  const particleAt = words.findIndex((word, index) => index > 0 && PARTICLES.has(word.toLowerCase()));
  const lastStart = particleAt > 0 ? particleAt : words.length - 1;
  return { firstName: words.slice(0, lastStart).join(' '), lastName: words.slice(lastStart).join(' ') };
}

/** Whether a word is a title that may stand before a name (for the card reader's name test). */
export const isNameTitle = (word: string) => TITLE.test(word);

/** Whether a word is a particle of a family name (lower case is allowed for it in a name line). */
export const isNameParticle = (word: string) => PARTICLES.has(word.toLowerCase());

/** Whether a word is a degree or generation that may follow a name. */
export const isNameSuffix = (word: string) => SUFFIX.test(word.replace(/,$/, ''));
