import type { PageBrand } from '../../../shared/public-page/theme.css.ts';

/**
 * Issue 24 with 26: the brand an organisation gives its company profiles' pages (logo, colour,
 * dark variant), filled by the organisations feature in server/wiring.ts (profiles import no
 * other feature). Read on a page's render only; a change of the brand bumps the stamps of the
 * organisation's company profiles (`profiles.change`), so their cached pages render again.
 */
export interface ProfileBrands {
  /**
   * The brand of the organisation whose template made the profile; null for any other profile.
   * `logoKey`: the logo's storage key, for surfaces that draw it (the video-call background).
   * `pageOrigin` (issue 39): `https://{host}` once the organisation's page host is verified, the
   * address its pages are shared under; null or absent for the service's own.
   */
  brandOf(profileId: string): Promise<(PageBrand & { logoKey: string | null; pageOrigin?: string | null }) | null>;
}

/** Without the organisations feature no profile has a brand. */
export const noBrands: ProfileBrands = { brandOf: async () => null };
