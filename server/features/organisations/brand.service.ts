import { ErrorCode } from '../../../shared/error-codes.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError } from '../../http/errors.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import { MAX_UPLOAD_BYTES, processProfileImage } from '../../images/image.processor.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { organisationLogoKeyFor, type Storage } from '../../storage/storage.ts';
import type { OrganisationAuditTable } from '../../db/tables.ts';
import { UPLOAD_RULE, type ProfileChanges, type ProfileBrands } from '../profiles/index.ts';
import type { BrandChanges, BrandRepository } from './brand.repository.ts';
import { brandLogoPath, presentBrand } from './organisation.presenter.ts';
import { auditEntry, type Membership, type OrganisationService } from './organisation.service.ts';

/**
 * Issue 24 with 26: a change of the brand, inside the change of every company profile of the
 * organisation (their `updated` stamps bumped, every instance told), so their pages, cached per
 * stamp, show the new brand at once.
 */
export function createBrandChange(deps: { brands: BrandRepository; profiles: Pick<ProfileChanges, 'change'> }) {
  return async (m: Pick<Membership, 'organisationId'>, changes: BrandChanges, entry: OrganisationAuditTable): Promise<void> => {
    const ids = await deps.brands.companyProfileIds(m.organisationId);
    await deps.profiles.change(ids, (change) => deps.brands.update(m.organisationId, changes, entry, change));
  };
}
export type BrandChange = ReturnType<typeof createBrandChange>;

/** The organisation's logo (upload, delete) and the brand its company profiles' pages read. */
export function createBrandService(deps: {
  brands: BrandRepository;
  change: BrandChange;
  organisationService: Pick<OrganisationService, 'access'>;
  storage: Storage;
  decodeSlots: DecodeSlots;
  rateLimiter: RateLimiter;
  log: { warn(obj: object, msg: string): void };
}) {
  const { brands, change, organisationService, storage, rateLimiter, log } = deps;
  const dropOld = async (key: string | null) => {
    // The new state is saved; an orphaned old file wastes space but loses nothing.
    if (key) await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not delete replaced brand logo'));
  };

  return {
    /** What the profiles feature asks on a page's render: the brand of a company profile, else null. */
    forProfiles: {
      async brandOf(profileId: string) {
        const row = await brands.brandOfProfile(profileId);
        return row ? { ...presentBrand(row), logoKey: row.logoKey } : null;
      },
    } satisfies ProfileBrands,

    /** POST /organisation/logo: re-encoded as PNG (transparency kept, no metadata), for admins. */
    async uploadLogo(actor: Owner, organisationId: string, file: Buffer): Promise<{ organisationId: string; logoPath: string | null }> {
      const m = await organisationService.access(actor, organisationId, 'admin');
      if (file.length > MAX_UPLOAD_BYTES) throw new AppError(413, ErrorCode.fileTooLarge, 'The image is larger than 5 MB.', 'logo');
      if (file.length === 0) throw new AppError(400, ErrorCode.invalidInput, 'logo: the file is empty', 'logo');
      await rateLimiter.consume([[UPLOAD_RULE, actor.userId]], 'Too many uploads in a short time. Please try again later.');
      const image = await deps.decodeSlots.run(() => processProfileImage(file, 'profileLogo'));
      const key = organisationLogoKeyFor(m.organisationId, image.extension);
      await storage.put(key, image.data, image.contentType);
      const old = await brands.logoKey(m.organisationId);
      await change(m, { logoKey: key }, auditEntry(m, 'organisation.logo', m.organisationName));
      await dropOld(old);
      return { organisationId: m.organisationId, logoPath: brandLogoPath(key) };
    },

    /** POST /organisation/logo/delete. */
    async deleteLogo(actor: Owner, organisationId: string): Promise<{ organisationId: string; logoPath: null }> {
      const m = await organisationService.access(actor, organisationId, 'admin');
      const old = await brands.logoKey(m.organisationId);
      await change(m, { logoKey: null }, auditEntry(m, 'organisation.logo_delete', m.organisationName));
      await dropOld(old);
      return { organisationId: m.organisationId, logoPath: null };
    },
  };
}
export type BrandService = ReturnType<typeof createBrandService>;
