import type { LinkType } from '../../../shared/schemas/link.schema.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { ProfileService } from '../profiles/index.ts';
import type { PageTexts } from '../public-pages/index.ts';
import { buildSignature, type Signature, type SignatureOptions } from './signature.builder.ts';
import { createSignatureIcons } from './signature-icons.ts';

/** Bumped when the icons' drawing changes: clients keep an icon a year (signature.routes.ts serves them). */
const ICON_VERSION = '1';

/** E-mail signatures of an owner's profiles (issue 26), built from the profile as it is now. */
export function createSignatureService(deps: { publicUrl: string; profiles: Pick<ProfileService, 'findOwn'>; texts: PageTexts }) {
  const base = deps.publicUrl.replace(/\/+$/, '');
  const icons = createSignatureIcons();
  const iconUrl = (type: LinkType) => `${base}/signature-icons/${type}.png?v=${ICON_VERSION}`;
  return {
    /** The caller's profile's signature; another owner's profile is 404 (`findOwn`). */
    async build(owner: Owner, profileId: string, options: SignatureOptions, language: Language): Promise<Signature & { bytes: number }> {
      const profile = await deps.profiles.findOwn(owner, profileId);
      const signature = buildSignature({ ...options, profile, base, language, t: deps.texts(language, 'profile'), iconUrl });
      return { ...signature, bytes: Buffer.byteLength(signature.html) };
    },
    icon: (type: LinkType) => icons.png(type),
  };
}
export type SignatureService = ReturnType<typeof createSignatureService>;
