import { ErrorCode } from '../../../shared/error-codes.ts';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import { notFound, profileNotFound } from '../../http/errors.ts';
import { presentProfile } from './profile.presenter.ts';
import type { LinkRepository } from './link.repository.ts';
import type { ProfileRepository, ProfileWithUse } from './profile.repository.ts';
import { asFormerMember, presentPublicProfile, presentPublicProfileEnvelope, type PublicSourceProfile } from './public-profile.presenter.ts';
import type { ProfileJsonCache } from './profile-json.cache.ts';
import type { VisitClient, VisitService } from '../stats/index.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import { leftCompanySchema, type LeftCompany } from '../../../shared/schemas/organisation-card.schema.ts';
import type { PageBrand } from '../../../shared/public-page/theme.css.ts';
import { noBrands, type ProfileBrands } from './profile-brand.ts';

/** A profile as its page needs it: the company's contact once its owner left (issue 24), the organisation's brand (issue 24 with 26). */
export interface PageProfile {
  profile: Profile;
  leftCompany: LeftCompany | null;
  brand: PageBrand | null;
}

/** The company's contact stored on a former member's profile (issue 24), or null. */
function leftCompanyOf(stored: string | null): LeftCompany | null {
  if (!stored) return null;
  const parsed = leftCompanySchema.safeParse(JSON.parse(stored));
  return parsed.success ? parsed.data : null;
}

/** What visitors see of a profile: only ACTIVE profiles exist for them (D8); views counted per D10. */
export function createPublicProfileService(deps: {
  profiles: ProfileRepository;
  links: LinkRepository;
  /** The one entry of counted visits (issue 34). */
  visits: Pick<VisitService, 'record'>;
  jsonCache: ProfileJsonCache;
  brands?: ProfileBrands;
}) {
  const { profiles, links, visits, jsonCache, brands = noBrands } = deps;
  const forPage = async (row: ProfileWithUse | undefined): Promise<PageProfile | null> =>
    row
      ? {
          profile: presentProfile(row, await links.listByProfile(row.id)),
          leftCompany: leftCompanyOf(row.leftCompany),
          brand: await brands.brandOf(row.id),
        }
      : null;

  /** A row as the public reads it: a former member's company profile gives only their name and the company's contact (issue 24). */
  async function publicOf(row: Parameters<typeof presentProfile>[0]): Promise<PublicSourceProfile> {
    const left = leftCompanyOf(row.leftCompany);
    return left ? asFormerMember(presentProfile(row, []), left) : presentProfile(row, await links.listByProfile(row.id));
  }

  /** The public profile (JSON calls, vCard, contact exchange); `left` set when its owner left the company. */
  async function get(profileId: string): Promise<PublicSourceProfile | null> {
    const row = await profiles.findActive(profileId);
    return row ? publicOf(row) : null;
  }

  async function getOrThrow(profileId: string): Promise<PublicSourceProfile> {
    const profile = await get(profileId);
    if (!profile) throw profileNotFound();
    return profile;
  }

  return {
    get,

    /**
     * The page of /p/{id}: the profile, its organisation's brand, and, when its owner left the
     * organisation whose template made it (issue 24), the company's contact that the page shows
     * instead. Read on a render only.
     */
    async getForPage(profileId: string): Promise<PageProfile | null> {
      return forPage(await profiles.findActive(profileId));
    },

    /** The link-in-bio page's profile, with the company's contact when its owner left the company (issue 24). */
    async getByShortLink(shortLinkId: string): Promise<PageProfile | null> {
      return forPage(await profiles.findActiveByShortLink(shortLinkId));
    },

    /**
     * Counts a view when the client counts as a visitor (server/features/stats/visit-decision.ts); answers the
     * `updated` stamp, or null when not public. The view is also added to the day's aggregates under where it came from (issue 12).
     */
    async recordView(profileId: string, client: VisitClient, visit: { source: VisitSource; cardId?: string } = { source: 'link' }): Promise<number | null> {
      const stamp = await profiles.publicStamp(profileId);
      if (!stamp) return null;
      visits.record({ profileId, metric: 'view', source: visit.source, cardId: visit.cardId }, client);
      return stamp.updated;
    },

    async updatedStamp(profileId: string): Promise<number | null> {
      return (await profiles.publicStamp(profileId))?.updated ?? null;
    },

    /**
     * `updatedStamp` as remembered, without an await (the public pages' answer from memory,
     * public-page.service.ts): null when the profile is not public, undefined when it must be read.
     */
    rememberedStamp(profileId: string): number | null | undefined {
      const stamp = profiles.rememberedPublicStamp(profileId);
      return stamp ? stamp.updated : stamp;
    },

    /**
     * POST /profile/show: counts a view and answers the public `{ profile }` as JSON text; 404
     * cmc/profile-not-found. One read on the hot path: the JSON comes from the cache.
     */
    async showJson(profileId: string, client: VisitClient): Promise<Buffer> {
      const stamp = await profiles.publicStamp(profileId);
      if (!stamp) throw profileNotFound();
      // The JSON of a shared link's page (the owner app's old public route): a `link` view.
      visits.record({ profileId, metric: 'view', source: 'link' }, client);
      return jsonCache.publicJson(profileId, stamp.updated, async () => presentPublicProfileEnvelope(await getOrThrow(profileId)));
    },

    /** POST /profile/short-link/social-media-links/show (SPEC 3 short-link response). */
    async showByShortLink(shortLinkId: string) {
      const row = await profiles.findActiveByShortLink(shortLinkId);
      if (!row) throw notFound(ErrorCode.cardNotRegistered, 'Profile not found.');
      const p = presentPublicProfile(await publicOf(row));
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
