import { LINK_TYPES, WEB_LINK_TYPES, type Link, type LinkType } from '../../../../shared/schemas/link.schema.ts';
import { PROFILE_TEXT_FIELDS, shortLinkIdSchema, type Profile, type ProfileTextField } from '../../../../shared/schemas/profile.schema.ts';

/** SPEC 5 / 9: largest profile image or logo the app sends (the server checks again, D13). */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** The editable text fields of a profile, as the form holds them. */
export type ProfileFields = Record<ProfileTextField, string>;

/** A blank form for /profile/new. */
export function emptyFields(): ProfileFields {
  return Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, ''])) as ProfileFields;
}

/** The form's values for a loaded profile. */
export function fieldsFromProfile(profile: Profile): ProfileFields {
  return Object.fromEntries(PROFILE_TEXT_FIELDS.map((f) => [f, profile[f] ?? ''])) as ProfileFields;
}

/** Issue 26: the page's look as the editor holds it (saved with the profile, contrast-checked by the server). */
export type LookFields = Pick<Profile, 'theme' | 'accentColour' | 'buttonShape' | 'backgroundColour'>;

/** The look of before issue 26: light, the page's own blue, rounded buttons, its own background. */
export const DEFAULT_LOOK: LookFields = { theme: 'light', accentColour: '', buttonShape: 'rounded', backgroundColour: '' };

/** The look of a loaded profile, or the default for a new one. */
export function lookFromProfile(profile: Profile | null): LookFields {
  return profile
    ? { theme: profile.theme, accentColour: profile.accentColour, buttonShape: profile.buttonShape, backgroundColour: profile.backgroundColour }
    : DEFAULT_LOOK;
}

/** Whether the look differs from what was loaded (unsaved, like a text field). */
export const lookChanged = (a: LookFields, b: LookFields) => (Object.keys(a) as Array<keyof LookFields>).some((k) => a[k] !== b[k]);

/** A link row in the form; `id` is null until the link was created on the server. */
export interface LinkDraft {
  /** Stable key for React and drag and drop, also for rows not yet saved. */
  key: string;
  id: string | null;
  type: LinkType;
  link: string;
  name: string;
  /** What the server holds, to send an update only when something changed (SPEC 5). */
  saved: { type: LinkType; link: string; name: string; sort: number } | null;
}

/** Social link types in the order the type picker lists them (web types are their own group). */
export const SOCIAL_LINK_TYPES: readonly LinkType[] = LINK_TYPES.filter((t) => !WEB_LINK_TYPES.includes(t));

/** Whether a link type belongs to the weblinks group (else the social media group). */
export const isWebLinkType = (type: LinkType) => WEB_LINK_TYPES.includes(type);

let draftCounter = 0;

/** A fresh empty row of the given type. */
export function newLinkDraft(type: LinkType): LinkDraft {
  draftCounter += 1;
  return { key: `new-${draftCounter}`, id: null, type, link: '', name: '', saved: null };
}

/** Rows for the server's links, in their saved order. */
export function draftsFromLinks(links: readonly Link[]): LinkDraft[] {
  return [...links]
    .sort((a, b) => a.sort - b.sort)
    .map((l) => ({
      key: l.socialMediaLinkId || l.id,
      id: l.socialMediaLinkId || l.id,
      type: l.type,
      link: l.link,
      name: l.name,
      saved: { type: l.type, link: l.link, name: l.name, sort: l.sort },
    }));
}

/**
 * The one order of all links: weblinks first, then social links, each group as the owner
 * arranged it. Sort numbers are positions in this order, 1..n (SPEC 4, SPEC 9).
 */
export function orderedLinks(web: readonly LinkDraft[], social: readonly LinkDraft[]): LinkDraft[] {
  return [...web, ...social];
}

/** A link as POST /profile/save takes it: a saved one by its id, a new one without. */
export interface LinkToSave {
  socialMediaLinkId?: string;
  type: LinkType;
  link: string;
  name: string;
}

/**
 * The whole ordered link list of a save (its position is its sort, 1..n). SPEC 5: a new link
 * counts only when it has a value; a saved link whose value was emptied keeps what is stored
 * (its value is never blanked), every other saved link is sent as it is on screen.
 */
export function linksToSave(ordered: readonly LinkDraft[]): LinkToSave[] {
  const out: LinkToSave[] = [];
  for (const draft of ordered) {
    const value = draft.link.trim();
    if (!draft.saved || !draft.id) {
      if (value) out.push({ type: draft.type, link: value, name: draft.name });
    } else if (!value) {
      out.push({ socialMediaLinkId: draft.id, type: draft.saved.type, link: draft.saved.link, name: draft.saved.name });
    } else {
      out.push({ socialMediaLinkId: draft.id, type: draft.type, link: value, name: draft.name });
    }
  }
  return out;
}

/**
 * SPEC 4: the saved links in their new order, as stored (edits on screen wait for Save), so a
 * reorder saves only the order, in one call. Rows not saved yet are left out.
 */
export function savedLinksInOrder(ordered: readonly LinkDraft[]): LinkToSave[] {
  return ordered.flatMap((d) => (d.id && d.saved ? [{ socialMediaLinkId: d.id, type: d.saved.type, link: d.saved.link, name: d.saved.name }] : []));
}

/** The short-link errors of SPEC 5 that the app finds before asking the server. */
export type ShortLinkProblem = 'short_link_old_id' | 'short_link_invalid';

/** SPEC 5: the new id must differ from the current one and hold only letters and digits. */
export function checkShortLinkId(current: string, next: string): ShortLinkProblem | null {
  const value = next.trim();
  if (value === current) return 'short_link_old_id';
  return shortLinkIdSchema.safeParse(value).success ? null : 'short_link_invalid';
}

/**
 * The public link-in-bio address: public host plus the short `/l/{shortLinkId}` (issue 23; SPEC
 * 9's `/linkinbio/{shortLinkId}` serves the same page and still works).
 */
export function linkInBioUrl(publicUrl: string, shortLinkId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/l/${encodeURIComponent(shortLinkId)}`;
}

/**
 * Issue 23: whether leaving the editor would lose something that only Save stores: a text field
 * changed, a saved link's value, name or type changed, or a new link with a value. Image, logo,
 * link order, deleted links and the short link are stored at once and never count.
 */
export function hasUnsavedChanges(initial: ProfileFields, fields: ProfileFields, links: readonly LinkDraft[]): boolean {
  if (PROFILE_TEXT_FIELDS.some((f) => (initial[f] ?? '') !== (fields[f] ?? ''))) return true;
  return links.some((d) => {
    const value = d.link.trim();
    if (!d.saved) return value !== '';
    return (value !== '' && value !== d.saved.link) || d.name !== d.saved.name || d.type !== d.saved.type;
  });
}
