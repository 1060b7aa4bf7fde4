import type { LinkType } from '../../../shared/schemas/link.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { ProfileBrands, ProfileService } from '../profiles/index.ts';
import type { PageTexts } from '../public-pages/index.ts';
import { buildSignature, type Signature, type SignatureOptions } from './signature.builder.ts';
import { createSignatureIcons } from './signature-icons.ts';
import { createSignaturePhotos } from './signature-photos.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import type { Storage } from '../../storage/storage.ts';
import sharp from 'sharp';

/** Bumped when the icons' drawing changes: clients keep an icon a year (signature.routes.ts serves them). */
const ICON_VERSION = '1';

/** E-mail signatures of an owner's profiles (issue 26), built from the profile as it is now. */
export function createSignatureService(deps: {
  publicUrl: string;
  profiles: Pick<ProfileService, 'findOwn'>;
  texts: PageTexts;
  brands?: ProfileBrands;
  storage: Storage;
  decodeSlots: DecodeSlots;
}) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const icons = createSignatureIcons();
  const photos = createSignaturePhotos(deps);

  /** The stored logo's size from its header (issue 35: the signature gives it width and height); null when it cannot be read. */
  async function logoSize(path: string | null): Promise<{ width: number; height: number } | null> {
    if (!path?.startsWith('/media/')) return null;
    try {
      const stored = await deps.storage.get(path.slice('/media/'.length));
      const meta = stored && (await sharp(stored.data).metadata());
      return meta?.width && meta.height ? { width: meta.width, height: meta.height } : null;
    } catch {
      return null;
    }
  }

  const iconUrl = (type: LinkType) => `${base}/signature-icons/${type}.png?v=${ICON_VERSION}`;
  return {
    /** The caller's profile's signature; another owner's profile is 404 (`findOwn`). */
    async build(owner: Owner, profileId: string, options: SignatureOptions, language: Language): Promise<Signature & { bytes: number }> {
      const own = await deps.profiles.findOwn(owner, profileId);
      // Issue 26 with 24: the page's light accent; a company profile's brand logo and colour win, as on its page.
      const brand = await deps.brands?.brandOf(own.id);
      const profile = brand?.logoPath ? { ...own, profileLogoPath: brand.logoPath } : own;
      const accent = brand?.colour || own.accentColour;
      const signature = buildSignature({
        ...options,
        profile,
        accent,
        base,
        pageBase: brand?.pageOrigin,
        language,
        t: deps.texts(language, 'profile'),
        iconUrl,
        logoSize: await logoSize(profile.profileLogoPath),
      });
      return { ...signature, bytes: Buffer.byteLength(signature.html) };
    },
    icon: (type: LinkType) => icons.png(type),
    /** Issue 35: an uploaded profile photo cropped square for signatures, or null. */
    squarePhoto: (key: string) => photos.jpeg(key),
  };
}
export type SignatureService = ReturnType<typeof createSignatureService>;
