import { mailtoHref, telHref, toSafeHref } from '../safe-url.ts';
import type { Link, LinkType } from '../schemas/link.schema.ts';
import { linkHref } from '../social-handle.ts';
import type { Profile } from '../schemas/profile.schema.ts';
import type { VisitSource } from '../schemas/visit-source.schema.ts';
import { vcardDownloadPath } from '../vcard-download.ts';
import type { IconName } from './icons.tsx';

/*
 * What the public pages show, decided once from a Profile: SPEC 2's rules (which rows, in
 * which order, which of them are links) live here as plain functions, so the components only
 * lay them out and the rules are tested without rendering.
 */

/**
 * `fullName`: personal title, first and last name; empty when first and last name are both
 * empty (SPEC 2). `displayName`: the name for titles, headings and alt texts, the same the vCard
 * and the wallet pass use (shared/display-name.ts).
 */
export { displayName, personName as fullName } from '../display-name.ts';

/** Up to two initials for the avatar placeholder of a profile without image. */
export function initials(p: Pick<Profile, 'firstName' | 'lastName'>): string {
  return [p.firstName, p.lastName]
    .map((s) => s.trim().charAt(0))
    .join('')
    .toUpperCase();
}

/** A link as a page shows it: the label, its type and, only when D12 allows it, an href. */
export interface LinkView {
  id: string;
  type: LinkType;
  label: string;
  /** The name only when the owner gave one; the dialog shows it, falling back to the label. */
  name: string;
  href: string | null;
  /** Where a click is counted (issue 22): the anchor's `ping` and the script's beacon. Served pages only. */
  ping?: string;
}

/** Links by `sort` (ties keep their order), each with its name or else its link as the label, and its network's address (issue 35). */
export function linkViews(links: readonly Link[]): LinkView[] {
  return [...links]
    .sort((a, b) => a.sort - b.sort)
    .map((l) => ({ id: l.id, type: l.type, name: l.name.trim(), label: l.name.trim() || l.link.trim(), href: linkHref(l.type, l.link) }))
    .filter((l) => l.label !== '');
}

/** Splits links into web links (rows) and social links (round icons) by the page's web types. */
export function splitLinks(links: readonly Link[], webTypes: readonly LinkType[]): { web: LinkView[]; social: LinkView[] } {
  const all = linkViews(links);
  return { web: all.filter((l) => webTypes.includes(l.type)), social: all.filter((l) => !webTypes.includes(l.type)) };
}

/** Street and number, then zip and city, then country, joined with commas (SPEC 2). */
export function addressText(p: Pick<Profile, 'streetAndNumber' | 'zip' | 'city' | 'country'>): string {
  return [p.streetAndNumber.trim(), `${p.zip.trim()} ${p.city.trim()}`.trim(), p.country.trim()].filter(Boolean).join(', ');
}

/** A maps search for an address; Google's documented search URL opens the app on phones that have it. */
export function mapsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** The key of a contact row's label in the `profile` namespace. */
export type ContactRowLabel =
  | 'company_name'
  | 'address'
  | 'business_unit'
  | 'company_website'
  | 'business_phone'
  | 'business_mobile'
  | 'business_fax'
  | 'business_email'
  | 'private_phone'
  | 'private_mobile'
  | 'private_email';

/** One row of the company or private block. `href` null means plain text (fax, or a value no link fits). */
export interface ContactRow {
  label: ContactRowLabel;
  icon: IconName;
  value: string;
  href: string | null;
}

function row(label: ContactRowLabel, icon: IconName, value: string, href: (v: string) => string | null): ContactRow[] {
  const v = value.trim();
  return v ? [{ label, icon, value: v, href: href(v) }] : [];
}

/** The company block in SPEC 2's order, only rows with a value; the fax is never a link. */
export function companyRows(p: Profile): ContactRow[] {
  const address = addressText(p);
  return [
    ...row('company_name', 'building', p.companyName, () => null),
    ...row('address', 'pin', address, mapsHref),
    ...row('business_unit', 'briefcase', p.businessUnit, () => null),
    ...row('company_website', 'website', p.companyWebsiteUrl, toSafeHref),
    ...row('business_phone', 'phone', p.businessPhoneNumber, telHref),
    ...row('business_mobile', 'mobile', p.businessMobileNumber, telHref),
    ...row('business_fax', 'fax', p.businessFax, () => null),
    ...row('business_email', 'mail', p.businessEmailAddress, mailtoHref),
  ];
}

/** The private block: phone, mobile and e-mail, blank entries dropped. */
export function privateRows(p: Profile): ContactRow[] {
  return [
    ...row('private_phone', 'phone', p.phoneNumber, telHref),
    ...row('private_mobile', 'mobile', p.mobileNumber, telHref),
    ...row('private_email', 'mail', p.emailAddress, mailtoHref),
  ];
}

/** The vCard download of SPEC 7, with the business note as its comment; null for an unsaved profile. */
export function vcardHref(p: Pick<Profile, 'id' | 'businessNote'>): string | null {
  if (!p.id) return null;
  return vcardDownloadPath(p.id, p.businessNote);
}

/** Where the reminder form sends its GET (SPEC 7); the form adds profileId and remindIn. */
export const CALENDAR_ACTION = '/download/calendar';

/** The form POST of the contact-exchange dialog, answered by server/features/leads/contact-form.routes.ts (a redirect back, or JSON). */
export function contactAction(profileId: string): string {
  return `/p/${encodeURIComponent(profileId)}/contact`;
}

/**
 * Issue 22: on the served pages a link's `href` is its real destination (D12's safe href), and
 * its click is counted by a POST to `/go/{linkId}?p={profileId}&src={source}`: the anchor's
 * `ping`, or the script's beacon where it runs. A link without a safe href gets no ping.
 */
export function countedLinks(links: LinkView[], profileId: string, source: VisitSource): LinkView[] {
  const query = `?p=${encodeURIComponent(profileId)}&src=${source}`;
  return links.map((l) => (l.href ? { ...l, ping: `/go/${encodeURIComponent(l.id)}${query}` } : l));
}

/** A download of the page with its visit's source, so the download counts under it (issue 12). */
export function withSource(path: string, source: VisitSource | undefined): string {
  return source ? `${path}${path.includes('?') ? '&' : '?'}src=${source}` : path;
}
