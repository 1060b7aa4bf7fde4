/**
 * What other features may use of profiles (issue 21: only through this file). Their services
 * and public presenter; of the stored profiles and links only the few reads and the one way to
 * change profiles that other features' rules need (the wiring file passes the repositories).
 */
import type { LinkRepository } from './link.repository.ts';
import type { ProfileRepository } from './profile.repository.ts';

export type { ProfileService } from './profile.service.ts';
export type { PublicProfileService } from './public-profile.service.ts';
export type { ProfileChange } from './profile.repository.ts';
export type { ProfileTemplates, CompanyLink } from './profile-templates.ts';
export type { ProfileBrands } from './profile-brand.ts';
export { presentPublicProfileEnvelope, type PublicSourceProfile } from './public-profile.presenter.ts';
/** The uploads an account may make per hour; the organisation's logo counts against it too. */
export { UPLOAD_RULE } from './media.service.ts';

/**
 * Profiles as other features may reach them: the owner's profile, the public stamp, the owner
 * of a profile, and `change` (the one way to change profiles: a card's assignment, an account's
 * deletion); `onChangeInside` marks another feature's rows inside each change (issue 34: wallet).
 */
export type ProfileAccess = Pick<ProfileRepository, 'findOwn' | 'publicStamp' | 'ownerOf' | 'change' | 'onChangeInside'>;
/** A profile's links as other features may read them (the statistics name clicked links). */
export type LinkAccess = Pick<LinkRepository, 'listByProfile'>;
/** Issue 24: what organisation templates need, to push a template's change into its profiles (stamps bumped, every instance told). */
export type TemplatedProfileAccess = Pick<ProfileRepository, 'change' | 'setFields'>;
/** Issue 24: a template's company links, written into its members' profiles within their change. */
export type CompanyLinkAccess = Pick<LinkRepository, 'setCompanyLinks'>;
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createProfilesFeature, type ProfilesServices } from './profiles.feature.ts';
