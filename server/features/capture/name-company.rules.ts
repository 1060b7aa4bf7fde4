import { letterKey } from './contact-patterns.ts';
import { isNameParticle, isNameSuffix, isNameTitle, splitFullName } from './person-name.ts';

/**
 * The name, job title and company among a card's lines that are no address, number or postal
 * line: told apart by what each is not (a company suffix, a job word) and by layout (the name is
 * usually the largest or first prominent line, and matches the e-mail's local part).
 */

/** A line (or a part of one between separators) with where it stood on the card. */
export interface TextSegment {
  text: string;
  /** Top of its line in pixels of the read image. */
  top: number;
  /** Letter height of its line in pixels: a larger line is more prominent. */
  height: number;
}

const COMPANY_SUFFIX =
  /(?:^|[\s,])(?:gmbh(?:\s?&\s?co\.?\s?kg)?|ag|se|kg|kgaa|ohg|gbr|ug(?:\s?\(haftungsbeschränkt\))?|mbh|e\.\s?k\.?|e\.\s?v\.?|partg(?:\s?mbb)?|ltd\.?|limited|llc|llp|l\.l\.c\.|inc\.?|corp\.?|corporation|co\.|plc|s\.a\.|s\.a\.s\.|b\.v\.|n\.v\.|s\.r\.l\.|s\.p\.a\.|a\/s|ab|oy|group|gruppe|holding|company)(?=$|[\s,.])/i;

const JOB_WORDS = new RegExp(
  String.raw`\b(?:` +
    [
      // German (with the feminine -in).
      String.raw`gesch[äa]ftsf[üu]hr\w*`,
      String.raw`inhaber(?:in)?`,
      String.raw`\w*leit(?:er|erin|ung)`,
      String.raw`vorstand\w*`,
      String.raw`prokurist(?:in)?`,
      String.raw`gr[üu]nder(?:in)?`,
      String.raw`berater(?:in)?`,
      String.raw`\w*ingenieur(?:in)?`,
      String.raw`\w*entwickler(?:in)?`,
      String.raw`\w*designer(?:in)?`,
      String.raw`architekt(?:in)?`,
      String.raw`assistent(?:in)?`,
      String.raw`referent(?:in)?`,
      String.raw`sachbearbeiter(?:in)?`,
      String.raw`\w*spezialist(?:in)?`,
      String.raw`\w*techniker(?:in)?`,
      String.raw`\w*kauf(?:mann|frau)`,
      String.raw`rechtsanw[äa]lt(?:in)?`,
      String.raw`steuerberater(?:in)?`,
      String.raw`[äa]rzt(?:in)?`,
      String.raw`mitarbeiter(?:in)?`,
      String.raw`koordinator(?:in)?`,
      String.raw`vertrieb\w*`,
      String.raw`einkauf\w*`,
      String.raw`\w*beauftragte[rn]?`,
      String.raw`redakteur(?:in)?`,
      String.raw`fotograf(?:in)?`,
      String.raw`\w*manager(?:in)?`,
      // English.
      'ceo',
      'cto',
      'cfo',
      'coo',
      'cmo',
      'cio',
      'vp',
      'svp',
      'evp',
      String.raw`founder`,
      String.raw`co-founder`,
      String.raw`owner`,
      String.raw`partner`,
      String.raw`president`,
      String.raw`director`,
      String.raw`head`,
      String.raw`lead`,
      String.raw`chief`,
      String.raw`officer`,
      String.raw`executive`,
      String.raw`consultant`,
      String.raw`advisor`,
      String.raw`engineer`,
      String.raw`developer`,
      String.raw`architect`,
      String.raw`analyst`,
      String.raw`scientist`,
      String.raw`researcher`,
      String.raw`specialist`,
      String.raw`coordinator`,
      String.raw`assistant`,
      String.raw`associate`,
      String.raw`representative`,
      String.raw`administrator`,
      String.raw`technician`,
      String.raw`professor`,
      String.raw`attorney`,
      String.raw`accountant`,
      String.raw`editor`,
      String.raw`photographer`,
      String.raw`sales`,
      String.raw`marketing`,
      String.raw`account`,
      String.raw`senior`,
      String.raw`junior`,
      String.raw`trainee`,
    ].join('|') +
    String.raw`)\b`,
  'iu',
);

export const isCompanyLine = (text: string) => COMPANY_SUFFIX.test(text);
export const isJobLine = (text: string) => JOB_WORDS.test(text);

/** Whether a line reads as a person's name: two to four capitalised words of letters (particles, a title and a degree allowed). */
export function isNameLike(text: string): boolean {
  const words = text.replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  const core = words.filter((w) => !isNameTitle(w) && !isNameSuffix(w));
  if (core.length < 2 || core.length > 4) return false;
  return core.every((word) => isNameParticle(word) || /^\p{Lu}[\p{L}'’]*(?:-\p{Lu}[\p{L}'’]*)?\.?$/u.test(word));
}

/** "ANNA SCHMIDT" as "Anna Schmidt" ("VON DER HEIDE" as "von der Heide"); text with lower-case letters stays as it is. */
export function undoCapitals(text: string): string {
  if (/\p{Ll}/u.test(text)) return text;
  return text
    .toLowerCase()
    .split(' ')
    .map((word, index) => (index > 0 && isNameParticle(word) ? word : word.replace(/(^|[-'’])(\p{L})/gu, (_, sep: string, c: string) => sep + c.toUpperCase())))
    .join(' ');
}

/** How many of a name's words appear in the e-mail's local part ("anna.schmidt", "a.schmidt", "aschmidt"). */
function emailMatch(text: string, localPart: string | null): number {
  if (!localPart) return 0;
  const key = letterKey(localPart);
  return text
    .split(/\s+/)
    .map(letterKey)
    .filter((word) => word.length >= 2 && key.includes(word)).length;
}

/** Whether a line names the company the e-mail or web domain belongs to ("Nordlicht Design" and nordlicht-design.de). */
export function matchesDomain(text: string, domains: readonly string[]): boolean {
  const key = letterKey(text);
  if (key.length < 3) return false;
  return domains.some((domain) => {
    const d = letterKey(domain);
    return d.length >= 3 && (key === d || (key.length >= 4 && d.includes(key)) || (d.length >= 4 && key.includes(d)));
  });
}

export interface PeopleFields {
  firstName: string | null;
  lastName: string | null;
  jobTitle: string | null;
  company: string | null;
}

/** Name, job title and company among the remaining segments; `localPart` and `domains` come from the card's e-mail and web address. */
export function readPeopleFields(segments: readonly TextSegment[], localPart: string | null, domains: readonly string[]): PeopleFields {
  const candidates = segments.filter((s) => (s.text.match(/\p{L}/gu) ?? []).length >= 2);
  // "Group Leader" has a company word too: a company line without job words first.
  const company =
    candidates.find((s) => isCompanyLine(s.text) && !isJobLine(s.text)) ??
    candidates.find((s) => isCompanyLine(s.text)) ??
    candidates.find((s) => matchesDomain(s.text, domains) && !(emailMatch(s.text, localPart) >= 2 && isNameLike(s.text)));
  const rest = candidates.filter((s) => s !== company);
  const tallest = Math.max(0, ...rest.map((s) => s.height));
  const names = rest
    .filter((s) => isNameLike(s.text) && !isJobLine(s.text))
    .map((s, index) => ({
      segment: s,
      score: emailMatch(s.text, localPart) * 3 + (s.height >= tallest * 0.9 ? 2 : 0) + (index === 0 ? 1 : 0),
    }))
    .sort((a, b) => b.score - a.score || a.segment.top - b.segment.top);
  const name = names[0]?.segment;
  const job = rest.find((s) => s !== name && isJobLine(s.text)) ?? nextTo(rest, name, company);
  const split = name ? splitFullName(undoCapitals(name.text)) : { firstName: null, lastName: null };
  // A card with no company line but a logo: the most prominent line left that is neither name nor job.
  const logo = company ?? rest.filter((s) => s !== name && s !== job && !isNameLike(s.text)).sort((a, b) => b.height - a.height)[0];
  return { ...split, jobTitle: job?.text ?? null, company: logo?.text ?? null };
}

/** The line right below the name, when it is neither the company nor larger than the name: where a title stands on most cards. */
function nextTo(segments: readonly TextSegment[], name: TextSegment | undefined, company: TextSegment | undefined): TextSegment | undefined {
  if (!name) return undefined;
  const others = segments.filter((s) => s !== name && s !== company && !isNameLike(s.text) && s.height < name.height * 1.05);
  const below = others.filter((s) => s.top > name.top).sort((a, b) => a.top - b.top)[0];
  if (below && below.top - name.top < name.height * 3.5) return below;
  return undefined;
}
