import type { Profile } from '../../../../shared/schemas/profile.schema.ts';

/**
 * The addresses the share panel hands out (issue 23). Each carries its own `src`, so the
 * statistics tell a shared link from the shared QR code (shared/schemas/visit-source.schema.ts).
 */
export interface ShareLinks {
  /** The public page, as the owner opens it and as it is shown: `/p/{id}`. */
  page: string;
  /** The page as copied or sent through the share sheet: `?src=share`. */
  shared: string;
  /** The page as the QR code holds it (screen, PNG, SVG): `?src=shareqr`. */
  qr: string;
  /** The short link-in-bio address `/l/{shortLinkId}` (not `/linkinbio/…`). */
  linkInBio: string | null;
}

/** The share panel's addresses of one profile under `publicUrl`. */
export function shareLinks(publicUrl: string, profile: Pick<Profile, 'id' | 'shortLinkId'>): ShareLinks {
  const base = publicUrl.trim().replace(/\/+$/, '');
  const page = `${base}/p/${encodeURIComponent(profile.id)}`;
  return {
    page,
    shared: `${page}?src=share`,
    qr: `${page}?src=shareqr`,
    linkInBio: profile.shortLinkId ? `${base}/l/${encodeURIComponent(profile.shortLinkId)}` : null,
  };
}
