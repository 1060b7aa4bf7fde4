import { z } from 'zod';
import { handleLinkProblem, linkFromHandle, type LinkHolder } from '../social-handle.ts';
import { idSchema, textField, timestampsSchema } from './common.schema.ts';

/** Link types of SPEC 3. `hard-link` is accepted on input and stored as `hardLink` (D12). */
export const LINK_TYPES = [
  'instagram',
  'facebook',
  'twitter',
  'linkedin',
  'codepen',
  'couchsurfing',
  'discord',
  'dribbble',
  'flickr',
  'github',
  'pinterest',
  'reddit',
  'skype',
  'snapchat',
  'soundcloud',
  'spotify',
  'squarespace',
  'tiktok',
  'tumblr',
  'twitch',
  'vimeo',
  'xing',
  'youtube',
  'website',
  'other',
  'hardLink',
] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** Types shown as web links (list rows) on the public profile page; all others are social icons. */
export const WEB_LINK_TYPES: readonly LinkType[] = ['website', 'hardLink', 'other'];
/**
 * The link-in-bio page's rows. SPEC 2 lists `other` among its social links, but `other` has no
 * brand icon: as a round icon it said nothing (issue 23), so it is a labelled row here as on the
 * profile page (docs/decisions.md "Public pages").
 */
export const LINK_IN_BIO_WEB_TYPES: readonly LinkType[] = WEB_LINK_TYPES;

export const linkTypeSchema = z
  .string()
  .transform((t) => (t === 'hard-link' ? 'hardLink' : t))
  .pipe(z.enum(LINK_TYPES));

export const linkValueSchema = textField(2048);
export const linkNameSchema = textField(200);
/** 1-based position (SPEC 9). */
export const sortSchema = z.number().int().min(1).max(10_000);

/**
 * Issue 23: a user name or `@handle` of a network that has them becomes its full address
 * (shared/social-handle.ts), so the API stores what the editor shows. Issue 35: a link of such a
 * network that cannot become a web address with a real host (`https://company/acme`) is refused,
 * naming `link`. A zod transform: `.transform(withHandleLink)` for a person's links,
 * `.transform(withHandleLinkOf('company'))` for a company's.
 */
export function withHandleLinkOf(holder: LinkHolder) {
  return <T extends { type?: LinkType; link?: string }>(body: T, ctx: z.RefinementCtx): T => {
    if (!body.type || body.link === undefined) return body;
    const link = linkFromHandle(body.type, body.link, holder);
    const problem = handleLinkProblem(body.type, link);
    if (problem) ctx.addIssue({ code: 'custom', path: ['link'], message: problem });
    return { ...body, link };
  };
}
export const withHandleLink = withHandleLinkOf('person');

export const linkCreateSchema = z
  .object({
    profileId: idSchema,
    type: linkTypeSchema,
    link: linkValueSchema.trim().min(1, 'must not be empty'),
    name: linkNameSchema.default(''),
    sort: sortSchema.optional(),
  })
  .transform(withHandleLink);
export type LinkCreateInput = z.input<typeof linkCreateSchema>;

export const linkUpdateSchema = z
  .object({
    socialMediaLinkId: idSchema,
    type: linkTypeSchema.optional(),
    link: linkValueSchema.trim().min(1, 'must not be empty').optional(),
    name: linkNameSchema.optional(),
    sort: sortSchema.optional(),
  })
  .transform(withHandleLink);
export type LinkUpdateInput = z.input<typeof linkUpdateSchema>;

export const linkIdBodySchema = z.object({ socialMediaLinkId: idSchema });
export const profileIdBodySchema = z.object({ profileId: idSchema });

/** A link as every call answers it (SPEC 3). */
export const linkSchema = z
  .object({
    id: z.string(),
    socialMediaLinkId: z.string(),
    link: z.string(),
    name: z.string(),
    type: z.enum(LINK_TYPES),
    sort: z.number(),
    cardProfileId: z.string(),
    profileId: z.string(),
    userProfileId: z.string(),
  })
  .extend(timestampsSchema.shape);
export type Link = z.infer<typeof linkSchema>;

/** Answer of POST /social-media-link/create. */
export const linkCreatedSchema = linkSchema.extend({ socialMediaLinkId: z.string() });
