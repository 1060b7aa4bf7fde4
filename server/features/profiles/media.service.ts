import { ErrorCode } from '../../../shared/error-codes.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError, profileNotFound } from '../../http/errors.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import { MAX_UPLOAD_BYTES, processProfileImage, type ImageKind } from '../../images/image.processor.ts';
import { mediaPath } from './profile.presenter.ts';
import type { ProfileRepository } from './profile.repository.ts';
import type { Storage } from '../../storage/storage.ts';
import { isPublicMediaKey, storageKeyFor } from '../../storage/storage.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';

/**
 * Uploads per account: every one is a decode that costs CPU and memory (the decode slots bound
 * how many run at once in a process; this bounds how many one account may ask for). Counted
 * where every instance sees it (the database, or Redis when configured).
 */
export const UPLOAD_RULE: RateRule = { name: 'upload', max: 60, windowMs: 60 * 60 * 1000 };

/** The profile's column of each kind of upload. */
const COLUMN = { profileImage: 'profileImageKey', profileLogo: 'profileLogoKey', backgroundImage: 'backgroundImageKey' } as const;

/** Profile image, logo and (issue 26) background image uploads (D13) and serving stored media. */
export function createMediaService(deps: {
  profiles: ProfileRepository;
  storage: Storage;
  decodeSlots: DecodeSlots;
  rateLimiter: RateLimiter;
  log: { warn(obj: object, msg: string): void };
}) {
  const { profiles, storage, rateLimiter, log } = deps;

  async function dropOld(key: string | null) {
    if (!key) return;
    // The new image is already saved; an orphaned old file wastes space but loses nothing.
    await storage.delete(key).catch((err) => log.warn({ err, key }, 'could not delete replaced upload'));
  }

  return {
    /** Re-encodes and stores an upload, then points the profile at it. The size is checked before reading (413). */
    async upload(owner: Owner, profileId: string, kind: ImageKind, file: Buffer) {
      const profile = await profiles.findOwn(owner.userId, profileId);
      if (!profile) throw profileNotFound();
      if (file.length > MAX_UPLOAD_BYTES) throw new AppError(413, ErrorCode.fileTooLarge, 'The image is larger than 5 MB.', kind);
      if (file.length === 0) throw new AppError(400, ErrorCode.invalidInput, `${kind}: the file is empty`, kind);
      await rateLimiter.consume([[UPLOAD_RULE, owner.userId]], 'Too many uploads in a short time. Please try again later.');
      const image = await deps.decodeSlots.run(() => processProfileImage(file, kind));
      const key = storageKeyFor(profileId, kind, image.extension);
      await storage.put(key, image.data, image.contentType);
      const column = COLUMN[kind];
      await profiles.change([profileId], (change) => profiles.updateOwn(owner.userId, profileId, { [column]: key }, change));
      await dropOld(profile[column]);
      return { id: profileId, [`${kind}Path`]: mediaPath(key) };
    },

    /** POST /delete/profileLogo and, issue 26, /delete/backgroundImage. */
    async deleteImage(owner: Owner, profileId: string, kind: 'profileLogo' | 'backgroundImage') {
      const profile = await profiles.findOwn(owner.userId, profileId);
      if (!profile) throw profileNotFound();
      const column = COLUMN[kind];
      await profiles.change([profileId], (change) => profiles.updateOwn(owner.userId, profileId, { [column]: null }, change));
      await dropOld(profile[column]);
      return { id: profileId, [`${kind}Path`]: null };
    },

    /** A stored file for GET /media/*, or null. */
    async read(key: string) {
      if (!isPublicMediaKey(key)) return null;
      try {
        return await storage.get(key);
      } catch {
        return null; // an invalid key is simply not there
      }
    },
  };
}
export type MediaService = ReturnType<typeof createMediaService>;
