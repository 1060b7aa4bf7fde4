import { ErrorCode } from '../../shared/error-codes.ts';
import type { Profile } from '../../shared/schemas/profile.schema.ts';
import { notFound } from '../http/errors.ts';
import { isBot } from '../lib/bots.ts';
import { presentProfile } from '../presenters/profile.presenter.ts';
import type { LinkRepository } from '../repositories/link.repository.ts';
import type { ProfileRepository } from '../repositories/profile.repository.ts';

/** What visitors see of a profile: only ACTIVE profiles exist for them (D8); views counted per D10. */
export function createPublicProfileService(deps: { profiles: ProfileRepository; links: LinkRepository }) {
  const { profiles, links } = deps;

  async function get(profileId: string): Promise<Profile | null> {
    const row = await profiles.findActive(profileId);
    return row ? presentProfile(row, await links.listByProfile(row.id)) : null;
  }

  return {
    get,

    async getByShortLink(shortLinkId: string): Promise<Profile | null> {
      const row = await profiles.findActiveByShortLink(shortLinkId);
      return row ? presentProfile(row, await links.listByProfile(row.id)) : null;
    },

    /** Counts a view unless the client is a bot; answers the `updated` stamp or null when not public. */
    async recordView(profileId: string, client: { userAgent?: string }): Promise<number | null> {
      const stamp = isBot(client.userAgent) ? await profiles.updatedStamp(profileId) : await profiles.countView(profileId);
      return stamp ?? null;
    },

    async updatedStamp(profileId: string): Promise<number | null> {
      return (await profiles.updatedStamp(profileId)) ?? null;
    },

    /** POST /profile/show: counts a view and answers `{ profile }`; 404 cmc/profile-not-found. */
    async show(profileId: string, client: { userAgent?: string }): Promise<{ profile: Profile }> {
      if (!isBot(client.userAgent) && (await profiles.countView(profileId)) === undefined) {
        throw notFound(ErrorCode.profileNotFound, 'Profile not found.');
      }
      const profile = await get(profileId);
      if (!profile) throw notFound(ErrorCode.profileNotFound, 'Profile not found.');
      return { profile };
    },

    /** POST /profile/short-link/social-media-links/show (SPEC 3 short-link response). */
    async showByShortLink(shortLinkId: string) {
      const row = await profiles.findActiveByShortLink(shortLinkId);
      if (!row) throw notFound(ErrorCode.cardNotRegistered, 'Profile not found.');
      const p = presentProfile(row, await links.listByProfile(row.id));
      return {
        id: p.id,
        shortLinkId: p.shortLinkId,
        personalTitle: p.personalTitle,
        firstName: p.firstName,
        lastName: p.lastName,
        jobTitle: p.jobTitle,
        profileImagePath: p.profileImagePath,
        socialMediaLinks: p.socialMediaLinks,
      };
    },
  };
}
export type PublicProfileService = ReturnType<typeof createPublicProfileService>;
