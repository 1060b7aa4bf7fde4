import { displayName } from '../../../shared/display-name.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { profileNotFound } from '../../http/errors.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ProfileChanges, ProfileBrands } from '../profiles/index.ts';
import { renderBackground, type BackgroundLayout, type BackgroundSize, type BackgroundTheme } from './background.renderer.ts';

/** Drawing a background costs a few hundred ms of CPU: at most this many new ones per owner (cached ones are free). */
export const BACKGROUND_RATE_RULE = { name: 'background-render', max: 60, windowMs: 3_600_000 } as const satisfies RateRule;
/** Backgrounds kept per process, keyed by profile change and look. */
const CACHE_ENTRIES = 32;

export type BackgroundLook = { layout: BackgroundLayout; theme: BackgroundTheme; size: BackgroundSize };

/**
 * Video-call backgrounds of an owner's profile (issue 26): drawn from the profile as it is now,
 * kept per profile change (its `updated` stamp) and look, so a change shows in the next download.
 */
export function createBackgroundService(deps: {
  publicUrl: string;
  profiles: Pick<ProfileChanges, 'findOwn'>;
  storage: Storage;
  rateLimiter: RateLimiter;
  decodeSlots: DecodeSlots;
  /** Issue 24 with 26: a company profile's background shows its organisation's logo. */
  brands?: ProfileBrands;
}) {
  const { profiles, storage, rateLimiter, decodeSlots } = deps;
  const base = deps.publicUrl.replace(/\/+$/, '');
  const cache = new Map<string, Buffer>();

  return {
    async render(owner: Owner, profileId: string, look: BackgroundLook, language: Language): Promise<{ data: Buffer; fileName: string }> {
      const profile = await profiles.findOwn(owner.userId, profileId);
      if (!profile) throw profileNotFound();
      // Issue 39: the page's address (the organisation's own host once verified) changes without the profile's stamp.
      const brand = await deps.brands?.brandOf(profile.id);
      const key = [profile.id, profile.updated, look.layout, look.theme, look.size, language, brand?.pageOrigin ?? ''].join(':');
      const fileName = `Background-${look.layout}-${look.theme}-${look.size}.png`;
      const known = cache.get(key);
      if (known) return { data: known, fileName };
      await rateLimiter.consume([[BACKGROUND_RATE_RULE, owner.userId]], 'Too many backgrounds drawn. Please try again later.');
      // A brand change bumps the profile's stamp (the cache key), so the next download draws the new logo.
      const logoKey = brand?.logoKey || profile.profileLogoKey;
      const logo = logoKey ? await storage.get(logoKey).catch(() => null) : null;
      const data = await decodeSlots.run(() =>
        renderBackground(
          {
            name: displayName(profile, language),
            jobTitle: profile.jobTitle.trim(),
            companyName: profile.companyName.trim(),
            logo: logo?.data ?? null,
            // Issue 39: the organisation's own host once verified.
            link: `${brand?.pageOrigin || base}/p/${encodeURIComponent(profile.id)}?src=background`,
          },
          look,
        ),
      );
      if (cache.size >= CACHE_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, data);
      return { data, fileName };
    },
  };
}
export type BackgroundService = ReturnType<typeof createBackgroundService>;
