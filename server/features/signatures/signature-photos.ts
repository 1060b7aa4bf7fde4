import sharp from 'sharp';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import type { Storage } from '../../storage/storage.ts';

/** Twice the largest size a signature shows the photo (80 px), for high-density screens. */
export const SQUARE_PHOTO_PIXELS = 160;
/** Most square photos kept per process (a few KB each); past it the oldest goes. */
const MAX_KEPT = 300;
/** An uploaded profile image's storage key (server/storage/storage.ts storageKeyFor): nothing else is cropped. */
const PROFILE_IMAGE_KEY = /^profiles\/[A-Za-z0-9]+\/image-[A-Za-z0-9_-]+\.(jpg|png)$/;

/**
 * Issue 35: the profile photo of e-mail signatures, cropped square on the server. Mail clients
 * (Outlook for Windows above all) ignore `object-fit`, so a photo that is not square was
 * squashed into the 80 px box. Keys are new on every upload, so a cropped photo never changes:
 * each is drawn once per process (in a decode slot) and kept, and clients keep it a year.
 */
export function createSignaturePhotos(deps: { storage: Storage; decodeSlots: DecodeSlots }) {
  const kept = new Map<string, Promise<Buffer | null>>();
  async function draw(key: string): Promise<Buffer | null> {
    const stored = await deps.storage.get(key);
    if (!stored) return null;
    // The centre, as the public page's round avatar shows it (object-fit: cover).
    return deps.decodeSlots.run(() =>
      sharp(stored.data).resize(SQUARE_PHOTO_PIXELS, SQUARE_PHOTO_PIXELS, { fit: 'cover', position: 'centre' }).jpeg({ quality: 85, mozjpeg: true }).toBuffer(),
    );
  }
  return {
    /** The square JPEG of a stored profile image, or null when `key` is no profile image or is not stored. */
    jpeg(key: string): Promise<Buffer | null> {
      if (!PROFILE_IMAGE_KEY.test(key)) return Promise.resolve(null);
      let photo = kept.get(key);
      if (!photo) {
        photo = draw(key);
        // A failure or a missing file is not kept: the next request asks the storage again.
        photo.then(
          (data) => data === null && kept.delete(key),
          () => kept.delete(key),
        );
        if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
        kept.set(key, photo);
      }
      return photo;
    },
  };
}
export type SignaturePhotos = ReturnType<typeof createSignaturePhotos>;
