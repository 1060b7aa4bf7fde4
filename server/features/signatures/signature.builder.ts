import { displayName } from '../../../shared/display-name.ts';
import { companyRows, linkViews, privateRows, withSource, type ContactRowLabel } from '../../../shared/public-page/profile-view.ts';
import type { PROFILE_KEYS, Translate } from '../../../shared/public-page/texts.ts';
import { WEB_LINK_TYPES, type LinkType } from '../../../shared/schemas/link.schema.ts';
import type { Language, Profile } from '../../../shared/schemas/profile.schema.ts';
import type { Signature as SignatureAnswer, SignatureLayout } from '../../../shared/schemas/signature.schema.ts';
import { vcardDownloadPath } from '../../../shared/vcard-download.ts';

/*
 * Issue 26: the owner's e-mail signature, as Gmail, Outlook (web and desktop) and Apple Mail
 * render it: tables with inline styles, images hosted on this server (PNG or the uploaded
 * photo and logo), no SVG, no web fonts, no classes, no <style>. A pure function of the profile,
 * so the preview, the copied HTML and the tests are the same string.
 */

/** What the signature shows beside the profile. */
export interface SignatureOptions {
  layout: SignatureLayout;
  /** A "save contact" link to the vCard, counted as `?src=signature`. */
  saveLink: boolean;
}

export interface SignatureInput extends SignatureOptions {
  profile: Profile;
  /** Issue 26 with 24: the accent of links and the rule, `#rrggbb` checked on white (the page's light accent); '' for the default. */
  accent?: string;
  /** PUBLIC_URL without a trailing slash: every link and image is absolute. */
  base: string;
  /** Issue 39: where the page and its vCard are linked (the organisation's own host once verified); `base` without it. Images stay on `base`. */
  pageBase?: string | null;
  language: Language;
  t: Translate<(typeof PROFILE_KEYS)[number]>;
  /** The hosted PNG of a link type's icon. */
  iconUrl: (type: LinkType) => string;
  /**
   * The logo's own size in pixels (issue 35: clients that ignore `width:auto` stretched a logo
   * without a `width`); without it the logo is left out, as when its file cannot be read.
   */
  logoSize?: { width: number; height: number } | null;
}

/** Where the signature's photo is served square (signature.routes.ts): the upload's path under `/signature-photos/`. */
export const SQUARE_PHOTO_PREFIX = '/signature-photos/';
/** The square photo of an uploaded profile image (`/media/{key}`); mail clients ignore `object-fit`, so it is cropped on the server. */
export const squarePhotoPath = (mediaPath: string): string => mediaPath.replace(/^\/media\//, SQUARE_PHOTO_PREFIX);

/** The logo's box: `height` high, at most `maxWidth` wide (a very wide logo gets lower), its own proportions kept. */
export function logoBox(size: { width: number; height: number }, height: number, maxWidth: number): { width: number; height: number } {
  const atHeight = Math.round((height * size.width) / size.height);
  return atHeight <= maxWidth
    ? { width: Math.max(1, atHeight), height }
    : { width: maxWidth, height: Math.max(1, Math.round((maxWidth * size.height) / size.width)) };
}

/** The HTML and the same as plain text, for clients that take no HTML. */
export type Signature = Omit<SignatureAnswer, 'bytes'>;

/** At most this many icons and web links: a signature is a line or two, not the page. */
const MAX_ICONS = 8;
const MAX_WEB_LINKS = 3;
const INK = '#15181d';
const MUTE = '#566170';
const ACCENT = '#1c4fd6';
const FONT = 'font-family:Arial,Helvetica,sans-serif;font-size:13px;line-height:18px;color:' + INK;
const LINK = `color:${INK};text-decoration:none`;
/** A no-break space as a character: sanitizers write `&nbsp;` back as one. */
const NBSP = '\u00a0';

/** Text escaped as sanitizers write it back: `&`, `<` and `>` in text, `"` too in attribute values. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeHtml = (value: string): string => value.replace(/[&<>]/g, (c) => ENTITIES[c]!);
const escapeAttr = (value: string): string => value.replace(/[&<>"]/g, (c) => ENTITIES[c]!);

const anchor = (href: string, text: string, style = LINK): string => `<a href="${escapeAttr(href)}" style="${style}">${escapeHtml(text)}</a>`;
/*
 * Written exactly as an HTML sanitizer writes it back (declarations joined by `;` without a
 * last one, `<img … />`), so what Gmail keeps is this very string (signature.builder.test.ts).
 */
const styles = (...declarations: string[]): string => declarations.filter(Boolean).join(';');
const line = (content: string, style = ''): string => `<tr><td style="${styles('padding:0', style)}">${content}</td></tr>`;
const table = (rows: string, style = ''): string =>
  `<table cellpadding="0" cellspacing="0" border="0" role="presentation" style="${styles('border-collapse:collapse', style)}">${rows}</table>`;
const image = (src: string, alt: string, size: number, rounded: boolean): string =>
  `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}" width="${size}" height="${size}" style="${styles(`display:block;width:${size}px;height:${size}px;border:0`, rounded ? `border-radius:${size / 2}px` : '')}" />`;

/** Phones and e-mail in the order the page shows them, business first; the fax stays out (no one faxes from a signature). */
const CONTACT_LABELS: readonly ContactRowLabel[] = ['business_mobile', 'business_phone', 'business_email', 'private_mobile', 'private_phone', 'private_email'];

/** The signature's parts, decided once for every layout. */
function partsOf(input: SignatureInput) {
  const { profile, base, t, language } = input;
  const name = displayName(profile, language);
  const pageBase = input.pageBase || base;
  const page = `${pageBase}/p/${encodeURIComponent(profile.id)}?src=signature`;
  const rows = [...companyRows(profile), ...privateRows(profile)];
  const contacts = CONTACT_LABELS.flatMap((label) => rows.filter((r) => r.label === label)).map((r) => ({
    label: t(r.label),
    html: r.href ? anchor(r.href, r.value) : escapeHtml(r.value),
    text: r.value,
  }));
  const website = rows.find((r) => r.label === 'company_website' && r.href);
  const links = linkViews(profile.socialMediaLinks).filter((l) => l.href);
  const web = links.filter((l) => WEB_LINK_TYPES.includes(l.type)).slice(0, MAX_WEB_LINKS);
  const social = links.filter((l) => !WEB_LINK_TYPES.includes(l.type)).slice(0, MAX_ICONS);
  // The vCard without the note as its comment: the link stays short enough to read in plain text.
  const vcard = profile.id ? vcardDownloadPath(profile.id) : null;
  return {
    name,
    page,
    role: [profile.jobTitle.trim(), profile.companyName.trim()].filter(Boolean).join(' · '),
    contacts,
    web: [...(website?.href ? [{ href: website.href, label: website.value }] : []), ...web.map((l) => ({ href: l.href!, label: l.label }))],
    social: social.map((l) => ({ href: l.href!, label: l.label, icon: input.iconUrl(l.type) })),
    photo: profile.profileImagePath ? base + squarePhotoPath(profile.profileImagePath) : null,
    logo: profile.profileLogoPath && input.logoSize ? { src: base + profile.profileLogoPath, size: input.logoSize } : null,
    save: input.saveLink && vcard ? { href: pageBase + withSource(vcard, 'signature'), label: t('save_contact') } : null,
    accent: input.accent || ACCENT,
  };
}
type Parts = ReturnType<typeof partsOf>;

/** The lines of text under the name: role, contacts, web links, icons and the save link. */
function detailRows(parts: Parts, compact: boolean): string {
  const rows: string[] = [];
  if (parts.role) rows.push(line(escapeHtml(parts.role), `color:${MUTE}`));
  const contacts = parts.contacts.map((c) => `<span style="color:${MUTE}">${escapeHtml(c.label)}</span>${NBSP}${c.html}`);
  if (compact) {
    if (contacts.length > 0) rows.push(line(contacts.join(`${NBSP}${NBSP}·${NBSP}${NBSP}`), 'padding-top:4px'));
  } else {
    contacts.forEach((c, i) => rows.push(line(c, i === 0 ? 'padding-top:6px' : '')));
  }
  parts.web.forEach((w, i) => rows.push(line(anchor(w.href, w.label, `color:${parts.accent};text-decoration:none`), i === 0 ? 'padding-top:4px' : '')));
  if (parts.social.length > 0) {
    const cells = parts.social
      .map(
        (s) => `<td style="padding:0 6px 0 0">${`<a href="${escapeAttr(s.href)}" style="text-decoration:none">${image(s.icon, s.label, 20, false)}</a>`}</td>`,
      )
      .join('');
    rows.push(line(table(`<tr>${cells}</tr>`), 'padding-top:8px'));
  }
  if (parts.save) rows.push(line(anchor(parts.save.href, parts.save.label, `color:${parts.accent};font-weight:bold;text-decoration:none`), 'padding-top:8px'));
  return rows.join('');
}

const nameRow = (parts: Parts): string => line(anchor(parts.page, parts.name, `${LINK};font-weight:bold`), 'font-size:16px;line-height:22px');

function classic(parts: Parts): string {
  const text = table(nameRow(parts) + detailRows(parts, false) + (parts.photo && parts.logo ? line(logoImage(parts.logo), 'padding-top:10px') : ''));
  // Without a photo the logo takes its place beside the text, up to the photo's 80 px.
  const picture = parts.photo ? image(parts.photo, parts.name, 80, true) : parts.logo ? logoImage(parts.logo, 80, 120) : '';
  const left = picture ? `<td style="padding:0 14px 0 0;vertical-align:top">${picture}</td>` : '';
  return table(`<tr>${left}<td style="padding:0 0 0 14px;vertical-align:top;border-left:2px solid ${parts.accent}">${text}</td></tr>`, FONT);
}

/** The logo in its own proportions, both sides given (Outlook for Windows stretches an image without them); 32 px high by default. */
function logoImage(logo: { src: string; size: { width: number; height: number } }, height = 32, maxWidth = 160): string {
  const box = logoBox(logo.size, height, maxWidth);
  return `<img src="${escapeAttr(logo.src)}" alt="" width="${box.width}" height="${box.height}" style="display:block;width:${box.width}px;height:${box.height}px;border:0" />`;
}

function stacked(parts: Parts): string {
  const top = parts.logo
    ? line(logoImage(parts.logo), 'padding-bottom:10px')
    : parts.photo
      ? line(image(parts.photo, parts.name, 64, true), 'padding-bottom:10px')
      : '';
  return table(top + nameRow(parts) + detailRows(parts, false), FONT);
}

const compact = (parts: Parts): string => table(nameRow(parts) + detailRows(parts, true), FONT);

const LAYOUTS: Record<SignatureLayout, (parts: Parts) => string> = { classic, stacked, compact };

function plainText(parts: Parts): string {
  return [
    parts.name,
    parts.role,
    ...parts.contacts.map((c) => `${c.label}: ${c.text}`),
    ...parts.web.map((w) => w.href),
    ...parts.social.map((s) => `${s.label}: ${s.href}`),
    ...(parts.save ? [`${parts.save.label}: ${parts.save.href}`] : []),
  ]
    .filter(Boolean)
    .join('\n');
}

/** The signature of a profile in one layout, as HTML for the clipboard and as plain text. */
export function buildSignature(input: SignatureInput): Signature {
  const parts = partsOf(input);
  return { html: LAYOUTS[input.layout](parts), text: plainText(parts) };
}
