import type { Link } from '../../shared/schemas/link.schema.ts';
import { WEB_LINK_TYPES } from '../../shared/schemas/link.schema.ts';
import type { Profile, ProfileTextField } from '../../shared/schemas/profile.schema.ts';
import { createHash } from 'node:crypto';
import { displayName, personName } from '../../shared/display-name.ts';
import { toSafeHref } from '../../shared/safe-url.ts';
import { linkHref } from '../../shared/social-handle.ts';
import { cleanText, escapeText, joinLines } from './content-line.ts';
import { sanitizeFileName, toAsciiFileName } from './content-disposition.ts';

/** Content type of the download; the charset tells importers not to guess Latin-1. */
export const VCARD_CONTENT_TYPE = 'text/vcard; charset=utf-8';

/** The parts of a profile a vCard is made from; a full `Profile` fits. */
export type VcardProfile = Pick<Profile, ProfileTextField> & {
  socialMediaLinks: ReadonlyArray<Pick<Link, 'type' | 'link' | 'name' | 'sort'>>;
};

/** What `buildVcard` needs. */
export interface VcardInput {
  profile: VcardProfile;
  /** The business note the public page passes along (SPEC 7); the profile's own note when blank. */
  comment?: string;
  /** A small JPEG (about 300 px) to embed; larger images make some importers drop the whole card. */
  photoJpeg?: Buffer;
  /** The public page of the profile, added as a URL so the saved contact leads back to it. */
  profileUrl?: string;
  /**
   * What the contact is (`profile:{id}`, `lead:{id}`): its stable UID is made from it, so a
   * second import updates the contact instead of adding a copy (khard and Radicale need one).
   */
  uidSource?: string;
}

/**
 * A stable `urn:uuid:` for a thing (RFC 4122 version 5 from a SHA-1 of the text): the same
 * profile or lead always gets the same UID, and nothing about it can be read back from it.
 */
export function stableUid(source: string): string {
  const h = createHash('sha1').update(`contact-cards:${source}`).digest();
  h[6] = (h[6] & 0x0f) | 0x50;
  h[8] = (h[8] & 0x3f) | 0x80;
  const x = h.subarray(0, 16).toString('hex');
  return `urn:uuid:${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

/**
 * A URL as a property value: `,` and `;` percent-encoded (issue 22). vobject cuts a URL at its
 * first comma and Evolution at its first semicolon (a Google Maps link with coordinates); the
 * encoded forms mean the same to every web server and survive every parser.
 */
export function uriValue(href: string): string {
  return href.replace(/,/g, '%2C').replace(/;/g, '%3B');
}

// Outlook reads a line without CHARSET as Windows-1252 and mangles umlauts.
const UTF8 = 'CHARSET=utf-8';

function property(name: string, params: readonly string[], value: string): string {
  return `${name}${params.map((p) => `;${p}`).join('')}:${value}`;
}

/** A structured value (N, ORG, ADR): each component escaped, joined by unescaped semicolons. */
function structured(components: readonly string[]): string {
  return components.map((c) => escapeText(cleanText(c))).join(';');
}

/** Phone numbers are not TEXT: no escaping, but a line break must never reach the file. */
function phoneValue(value: string): string {
  return cleanText(value).replace(/\s+/g, ' ');
}

/**
 * Builds a vCard 3.0 for a profile, in the form iOS Contacts, Android's contacts app and
 * Outlook import without losing fields: 3.0 because Android's own app refuses 4.0; typed
 * TEL/EMAIL so business and private numbers land in the right slots; blank fields left out
 * (an empty ADR shows on iOS as a blank address); every URL passed through the D12 rule.
 * The result has CRLF line endings and lines folded at 75 octets.
 */
export function buildVcard({ profile, comment, photoJpeg, profileUrl, uidSource }: VcardInput): string {
  const lines: string[] = ['BEGIN:VCARD', 'VERSION:3.0'];
  if (uidSource) lines.push(property('UID', [], stableUid(uidSource)));
  const add = (name: string, params: readonly string[], raw: string, encode: (v: string) => string) => {
    if (cleanText(raw)) lines.push(property(name, params, encode(raw)));
  };
  const text = (v: string) => escapeText(cleanText(v));

  const person = personName(profile);
  // Without a person name, the title alone would read as a name ("Dr."), so N stays empty.
  lines.push(property('N', [UTF8], person ? structured([profile.lastName, profile.firstName, '', profile.personalTitle, '']) : ';;;;'));
  // The name the contact is listed under: the one the public page shows (shared/display-name.ts).
  lines.push(property('FN', [UTF8], escapeText(displayName(profile))));

  if (cleanText(profile.companyName) || cleanText(profile.businessUnit)) {
    const org = cleanText(profile.businessUnit) ? [profile.companyName, profile.businessUnit] : [profile.companyName];
    lines.push(property('ORG', [UTF8], structured(org)));
  }
  add('TITLE', [UTF8], profile.jobTitle, text);

  add('TEL', ['TYPE=WORK,VOICE'], profile.businessPhoneNumber, phoneValue);
  // WORK,CELL keeps the business mobile apart from the private one where the client has a
  // "work mobile" slot (Android) and reads as a plain mobile number everywhere else.
  add('TEL', ['TYPE=WORK,CELL'], profile.businessMobileNumber, phoneValue);
  add('TEL', ['TYPE=WORK,FAX'], profile.businessFax, phoneValue);
  add('TEL', ['TYPE=HOME,VOICE'], profile.phoneNumber, phoneValue);
  add('TEL', ['TYPE=CELL'], profile.mobileNumber, phoneValue);
  add('EMAIL', ['TYPE=INTERNET,WORK'], profile.businessEmailAddress, text);
  add('EMAIL', ['TYPE=INTERNET,HOME'], profile.emailAddress, text);

  const address = [profile.streetAndNumber, profile.zip, profile.city, profile.country];
  if (address.some((part) => cleanText(part))) {
    // Components: post box; extended address; street; city; region; postal code; country.
    lines.push(property('ADR', ['TYPE=WORK', UTF8], structured(['', '', profile.streetAndNumber, profile.city, '', profile.zip, profile.country])));
  }

  // Each address once (issue 23: social links were a URL and an X-SOCIALPROFILE, listed twice).
  // A social link is a URL whose TYPE names the network, which every client keeps as a web address.
  const urls = new Set<string>();
  const addUrl = (href: string | null, params: readonly string[] = []) => {
    if (!href || urls.has(href)) return;
    urls.add(href);
    lines.push(property('URL', params, uriValue(href)));
  };
  // TYPE=WORK makes Outlook file the company site as the business home page.
  addUrl(toSafeHref(profile.companyWebsiteUrl), ['TYPE=WORK']);
  if (profileUrl) addUrl(toSafeHref(profileUrl));
  const links = [...profile.socialMediaLinks].sort((a, b) => a.sort - b.sort);
  for (const link of links) addUrl(linkHref(link.type, link.link), WEB_LINK_TYPES.includes(link.type) ? [] : [`TYPE=${link.type}`]);

  const note = comment && cleanText(comment) ? comment : profile.businessNote;
  add('NOTE', [UTF8], note, text);

  if (photoJpeg && photoJpeg.length > 0) {
    lines.push(property('PHOTO', ['ENCODING=b', 'TYPE=JPEG'], photoJpeg.toString('base64')));
  }
  // Apple lists a contact without a person name under its first N component, i.e. blank;
  // this tells it to show the company instead.
  if (!person && cleanText(profile.companyName)) lines.push('X-ABShowAs:COMPANY');

  lines.push('END:VCARD');
  return joinLines(lines);
}

// Long enough for any real name, short enough for the header and every file system.
const MAX_FILE_BASE_LENGTH = 100;

function fileBaseName(profile: VcardProfile): string {
  const person = [cleanText(profile.firstName), cleanText(profile.lastName)].filter(Boolean).join(' ');
  // The display name's first two steps without the title (shared/display-name.ts); never the owner's own label.
  const base = person || cleanText(profile.companyName) || 'Contact';
  return Array.from(base).slice(0, MAX_FILE_BASE_LENGTH).join('');
}

/**
 * The vCard's download name in UTF-8 ("Jürgen Größe-Übermühl.vcf"), for the `filename*`
 * parameter. Named after the person without the title, else the company, else "Contact".
 */
export function vcardDisplayFileName(profile: VcardProfile): string {
  return `${sanitizeFileName(fileBaseName(profile), 'Contact')}.vcf`;
}

/**
 * The vCard's download name in plain ASCII ("Juergen Groesse-Uebermuehl.vcf"), safe in a
 * quoted header parameter and in any file system. Pair it with `vcardDisplayFileName` in
 * `contentDisposition(vcardDisplayFileName(p), vcardFileName(p))`.
 */
export function vcardFileName(profile: VcardProfile): string {
  return toAsciiFileName(vcardDisplayFileName(profile), 'Contact');
}
