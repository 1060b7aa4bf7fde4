import { LINK_TYPES, WEB_LINK_TYPES, type Link, type LinkType } from '../../../shared/schemas/link.schema.ts';
import { PROFILE_TEXT_FIELDS, shortLinkIdSchema, type Profile, type ProfileTextField } from '../../../shared/schemas/profile.schema.ts';

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

/** Calls a save makes for the links, worked out before any is sent. */
export interface LinkSavePlan {
  create: { draft: LinkDraft; sort: number }[];
  update: { draft: LinkDraft; sort: number }[];
}

/**
 * SPEC 5: a new link is saved only when it has a value; an existing one is updated only when
 * its value, description or type changed and the value is not blank. A link whose position
 * moved is updated as well, so the saved sort always equals the order on screen.
 */
export function planLinkSave(ordered: readonly LinkDraft[]): LinkSavePlan {
  const plan: LinkSavePlan = { create: [], update: [] };
  let position = 0;
  for (const draft of ordered) {
    const value = draft.link.trim();
    if (!draft.saved) {
      if (value) plan.create.push({ draft, sort: ++position });
      continue;
    }
    position += 1;
    const changed = value !== draft.saved.link || draft.name !== draft.saved.name || draft.type !== draft.saved.type;
    if ((changed && value) || draft.saved.sort !== position) plan.update.push({ draft, sort: position });
  }
  return plan;
}

/** SPEC 4: after a reorder every saved link gets its new position, 1..n. */
export function renumberSaved(ordered: readonly LinkDraft[]): { id: string; sort: number }[] {
  return ordered.filter((d) => d.id !== null).map((d, index) => ({ id: d.id as string, sort: index + 1 }));
}

/** The short-link errors of SPEC 5 that the app finds before asking the server. */
export type ShortLinkProblem = 'short_link_old_id' | 'short_link_invalid';

/** SPEC 5: the new id must differ from the current one and hold only letters and digits. */
export function checkShortLinkId(current: string, next: string): ShortLinkProblem | null {
  const value = next.trim();
  if (value === current) return 'short_link_old_id';
  return shortLinkIdSchema.safeParse(value).success ? null : 'short_link_invalid';
}

/** The public link-in-bio address of SPEC 9: public host plus /linkinbio/{shortLinkId}. */
export function linkInBioUrl(publicUrl: string, shortLinkId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/linkinbio/${encodeURIComponent(shortLinkId)}`;
}
