/**
 * What other features may use of profiles (issue 21: only through this file). Their services
 * and public presenter; of the stored profiles and links only the few reads and the one way to
 * change profiles that other features' rules need, as services the profiles feature builds (issue 34).
 */
import type { ProfilesServices } from './profiles.feature.ts';

export type { ProfileService } from './profile.service.ts';
export type { PublicProfileService } from './public-profile.service.ts';
export type { ProfileChange } from './profile.repository.ts';
export type { ProfileTemplates, CompanyLink } from './profile-templates.ts';
export type { ProfileBrands } from './profile-brand.ts';
export { presentPublicProfileEnvelope, type PublicSourceProfile } from './public-profile.presenter.ts';
/** The uploads an account may make per hour; the organisation's logo counts against it too. */
export { UPLOAD_RULE } from './media.service.ts';

/** What cards, wallet passes, leads, backgrounds and the account need: an owner's profile, its owner, `change`, `onChangeInside` (the wallet). */
export type ProfileChanges = ProfilesServices['profileChanges'];
/** What the statistics need: an owner's profile, the public stamp, the view totals the view counter writes. */
export type ProfileStats = ProfilesServices['profileStats'];
/** What the statistics need of links: a profile's links, to name the clicked ones. */
export type ProfileLinks = ProfilesServices['profileLinks'];
/** Issue 24, what organisation templates need: a template's change pushed into its profiles (stamps bumped, every instance told). */
export type TemplatedProfileChanges = ProfilesServices['templatedProfiles'];
/** Issue 24, what organisation templates need: their company links, written into members' profiles within their change. */
export type CompanyLinkChanges = ProfilesServices['companyLinks'];
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createProfilesFeature, type ProfilesServices } from './profiles.feature.ts';
