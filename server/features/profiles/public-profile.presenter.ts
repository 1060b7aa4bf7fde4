import type { Link } from '../../../shared/schemas/link.schema.ts';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import { PUBLIC_TEXT_FIELDS, type PublicLink, type PublicProfile } from '../../../shared/schemas/public-profile.schema.ts';

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
export function presentPublicProfileEnvelope(profile: Profile): { profile: PublicProfile } {
  return { profile: presentPublicProfile(profile) };
}
