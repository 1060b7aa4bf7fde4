import { z } from 'zod';
import { linkSchema } from './link.schema.ts';
import { leftCompanySchema } from './organisation-card.schema.ts';
import { PROFILE_TEXT_FIELDS, profileSchema, type ProfileTextField } from './profile.schema.ts';

/**
 * What the public calls answer (`/profile/show`, `/card/show`, `/social-media-links/show`, the
 * short-link show, `/send/contact`): what a visitor sees on the public page and nothing more
 * (docs/security.md "public answers"). Left out on purpose: the account id (`userProfileId`,
 * it named the account that identity calls act on), the owner's own label (`profileName`),
 * analytics (`profileViews`), state only the owner manages (`status`, `isActive`, `isInUse`,
 * `type`; `layout` too, which no public page reads) and timestamps. Owner calls keep SPEC 3's
 * whole shape (profile.schema.ts).
 *
 * What stays, each because the public page shows or needs it (shared/public-page):
 * - `id`: the page's own address (/p/{id}) and its vCard, reminder and contact-form URLs;
 * - `personalTitle`, `firstName`, `lastName`, `jobTitle`: the header;
 * - `companyName`, `streetAndNumber`, `zip`, `city`, `country`, `businessUnit`,
 *   `companyWebsiteUrl`, `businessPhoneNumber`, `businessMobileNumber`, `businessFax`,
 *   `businessEmailAddress`: the company block (profile-view.ts companyRows);
 * - `phoneNumber`, `mobileNumber`, `emailAddress`: the private block the owner chose to publish
 *   (privateRows); `businessNote`: the note on the page and the vCard's comment;
 * - `profileImagePath`, `profileLogoPath`, `profileVcfPath`: the picture, logo and vCard download;
 * - `shortLinkId`: the public link-in-bio address (/l/{shortLinkId}), shared on purpose;
 * - `theme`, `accentColour`, `buttonShape`, `backgroundColour`, `backgroundImagePath`: the
 *   page's look (issue 26), which every visitor sees anyway;
 * - links: `id` (and its SPEC alias `socialMediaLinkId`), `type` (icon or row), `name` (label),
 *   `link` (target), `sort` (order). Not the owner (`userProfileId`), the profile they belong to
 *   (`cardProfileId`/`profileId`, already the page's `id`) or timestamps.
 * The card's owner and view count never reach `/card/show`: it answers only the public profile
 * the card points to.
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
    theme: true,
    accentColour: true,
    buttonShape: true,
    backgroundColour: true,
    backgroundImagePath: true,
  })
  .extend({ socialMediaLinks: z.array(publicLinkSchema) });
export type PublicProfile = z.infer<typeof publicProfileSchema>;

/**
 * Public answers that wrap a profile in a `profile` field (SPEC 7). Issue 24: `left` (the
 * company's name, website and phone) when the profile's owner no longer works at the company
 * that made it; the profile then holds only their name and that contact.
 */
export const publicProfileEnvelopeSchema = z.object({ profile: publicProfileSchema, left: leftCompanySchema.optional() });

/** Answer of POST /profile/short-link/social-media-links/show (SPEC 3 "Short-link response"). */
export const shortLinkProfileSchema = publicProfileSchema
  .pick({ id: true, shortLinkId: true, personalTitle: true, firstName: true, lastName: true, jobTitle: true, profileImagePath: true })
  .extend({ socialMediaLinks: z.array(publicLinkSchema) });
