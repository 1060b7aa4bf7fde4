import { z } from 'zod';
import { linkSchema } from './link.schema.ts';
import { PROFILE_TEXT_FIELDS, profileSchema, type ProfileTextField } from './profile.schema.ts';

/**
 * What the public calls answer (`/profile/show`, `/card/show`, `/social-media-links/show`, the
 * short-link show, `/send/contact`): what a visitor sees on the public page and nothing more
 * (docs/security.md "public answers"). Left out on purpose: the account id (`userProfileId`,
 * it named the account that identity calls act on), the owner's own label (`profileName`),
 * analytics (`profileViews`), state only the owner manages (`status`, `isActive`, `isInUse`,
 * `type`) and timestamps. Owner calls keep SPEC 3's whole shape (profile.schema.ts).
 */
export const PUBLIC_TEXT_FIELDS = PROFILE_TEXT_FIELDS.filter((f): f is Exclude<ProfileTextField, 'profileName'> => f !== 'profileName');

/** A link as a visitor sees it: where it goes, its label and its place. */
export const publicLinkSchema = linkSchema.pick({ id: true, socialMediaLinkId: true, type: true, name: true, link: true, sort: true });
export type PublicLink = z.infer<typeof publicLinkSchema>;

/** A profile as a visitor sees it. */
export const publicProfileSchema = profileSchema
  .pick({
    id: true,
    ...(Object.fromEntries(PUBLIC_TEXT_FIELDS.map((f) => [f, true])) as { [K in (typeof PUBLIC_TEXT_FIELDS)[number]]: true }),
    profileImagePath: true,
    profileLogoPath: true,
    profileVcfPath: true,
    shortLinkId: true,
    layout: true,
  })
  .extend({ socialMediaLinks: z.array(publicLinkSchema) });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/** Public answers that wrap a profile in a `profile` field (SPEC 7). */
export const publicProfileEnvelopeSchema = z.object({ profile: publicProfileSchema });

/** Answer of POST /profile/short-link/social-media-links/show (SPEC 3 "Short-link response"). */
export const shortLinkProfileSchema = publicProfileSchema
  .pick({ id: true, shortLinkId: true, personalTitle: true, firstName: true, lastName: true, jobTitle: true, profileImagePath: true })
  .extend({ socialMediaLinks: z.array(publicLinkSchema) });
