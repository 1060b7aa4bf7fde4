import type { Link } from '../../../shared/schemas/link.schema.ts';
import type { LeftCompany } from '../../../shared/schemas/organisation-card.schema.ts';
import { PROFILE_TEXT_FIELDS, type Profile } from '../../../shared/schemas/profile.schema.ts';
import { PUBLIC_TEXT_FIELDS, type PublicLink, type PublicProfile } from '../../../shared/schemas/public-profile.schema.ts';

/** A profile as the public reads it, with the company's contact when its owner left the organisation that made it (issue 24). */
export type PublicSourceProfile = Profile & { left?: LeftCompany | null };

/** The fields of a former member's company profile that stay public: who they are. */
const KEPT_WHEN_LEFT = new Set(['profileName', 'personalTitle', 'firstName', 'lastName']);

/**
 * Issue 24: a former member's company profile as every public answer gives it (JSON, vCard,
 * contact mail): their name and the company's contact instead of theirs — no job title, phone,
 * address, e-mail, picture or links of the person (the page says the same,
 * shared/public-page/left-company.page.tsx).
 */
export function asFormerMember(profile: Profile, left: LeftCompany): PublicSourceProfile {
  const blank = Object.fromEntries(PROFILE_TEXT_FIELDS.filter((f) => !KEPT_WHEN_LEFT.has(f)).map((f) => [f, '']));
  return {
    ...profile,
    ...blank,
    companyName: left.name,
    companyWebsiteUrl: left.websiteUrl,
    businessPhoneNumber: left.phone,
    profileImagePath: null,
    profileLogoPath: null,
    socialMediaLinks: [],
    left,
  };
}

/** A link as public calls answer it: an explicit field list (shared/schemas/public-profile.schema.ts). */
export function presentPublicLink(link: Link): PublicLink {
  return { id: link.id, socialMediaLinkId: link.socialMediaLinkId, type: link.type, name: link.name, link: link.link, sort: link.sort };
}

/** A profile as public calls answer it: what the public page shows, nothing more. */
export function presentPublicProfile(profile: Profile): PublicProfile {
  const text = Object.fromEntries(PUBLIC_TEXT_FIELDS.map((f) => [f, profile[f]])) as Pick<Profile, (typeof PUBLIC_TEXT_FIELDS)[number]>;
  return {
    id: profile.id,
    ...text,
    profileImagePath: profile.profileImagePath,
    profileLogoPath: profile.profileLogoPath,
    profileVcfPath: profile.profileVcfPath,
    shortLinkId: profile.shortLinkId,
    theme: profile.theme,
    accentColour: profile.accentColour,
    buttonShape: profile.buttonShape,
    backgroundColour: profile.backgroundColour,
    backgroundImagePath: profile.backgroundImagePath,
    socialMediaLinks: profile.socialMediaLinks.map(presentPublicLink),
  };
}

/**
 * The answer of the public profile calls (`/profile/show`, `/card/show`, `/send/contact`):
 * SPEC 7 wraps the profile as `{ profile }`. The owner's `/find/own/profile/by-id` answers the
 * bare profile of `presentProfile` (profile.presenter.ts) instead.
 */
export function presentPublicProfileEnvelope(profile: PublicSourceProfile): { profile: PublicProfile; left?: LeftCompany } {
  // Issue 24: `left` says the owner no longer works at the company; the profile then holds only their name and its contact.
  return profile.left ? { profile: presentPublicProfile(profile), left: profile.left } : { profile: presentPublicProfile(profile) };
}
