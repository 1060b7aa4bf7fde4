import sharp, { type SharpOptions } from 'sharp';
import { AppError } from '../http/errors.ts';
import { ErrorCode } from '../../shared/error-codes.ts';

/** Largest upload the server accepts for a profile image or logo (SPEC 5, D13). */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;

/**
 * Largest decoded image we agree to open, in pixels. A 5 MB file can claim billions of
 * pixels (a "decompression bomb"); ~67 megapixels still admits every 48/50 MP phone photo.
 */
export const MAX_INPUT_PIXELS = 64 * 1024 * 1024;

/** Which upload an image is for; decides the size box and the output format. */
export type ImageKind = 'profileImage' | 'profileLogo' | 'backgroundImage';

/** The type of an upload as its bytes say, whatever the file was called. */
export type ImageInputType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic';

/** A re-encoded image ready for storage: no metadata, sRGB, within its size box. */
export interface ProcessedImage {
  data: Buffer;
  /** MIME type of `data`, to store and to serve. */
  contentType: string;
  /** File extension without the dot, matching `contentType`; used in the storage key. */
  extension: string;
  width: number;
  height: number;
}

/** Longest side per kind: the public page shows neither larger than this even on 3x screens. */
const BOX: Record<ImageKind, number> = { profileImage: 800, profileLogo: 600, backgroundImage: 1200 };

/** sharp's name for the format our sniffing found; a disagreement means a forged header. */
const SHARP_FORMAT: Record<ImageInputType, string> = {
  jpeg: 'jpeg',
  png: 'png',
  webp: 'webp',
  avif: 'heif',
  heic: 'heif',
};

const AVIF_BRANDS = new Set(['avif', 'avis']);
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1']);

// 'error' rather than sharp's default 'warning': some cameras write JPEGs with harmless
// warnings, while truncated or corrupt files still fail.
const DECODE_OPTIONS: SharpOptions = {
  limitInputPixels: MAX_INPUT_PIXELS,
  failOn: 'error',
  sequentialRead: true,
  // Only the first frame of an animated WebP is kept: a profile picture does not move.
  pages: 1,
};

/** A crafted file can make a decoder crawl; a request must not hang on it. */
const PROCESS_TIMEOUT_SECONDS = 20;

const ACCEPTED_TYPES_TEXT = 'JPEG, PNG, WebP or AVIF/HEIC';

/**
 * Identifies an image by its leading bytes. Only the formats D13 accepts are recognised:
 * SVG (a document that can carry scripts) and GIF come back as null, as does anything
 * else, so they never reach a decoder.
 */
export function detectImageType(input: Uint8Array): ImageInputType | null {
  const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (bytes.length >= 12 && bytes.toString('latin1', 0, 4) === 'RIFF' && bytes.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return detectHeifType(bytes);
}

/**
 * HEIF files (AVIF, HEIC) open with an ISO-BMFF `ftyp` box listing brands. AVIF files
 * often name `mif1` first and `avif` among the compatible brands, so all brands count.
 */
function detectHeifType(bytes: Buffer): ImageInputType | null {
  if (bytes.length < 16 || bytes.toString('latin1', 4, 8) !== 'ftyp') return null;
  const boxSize = Math.min(bytes.readUInt32BE(0), bytes.length);
  const brands = [bytes.toString('latin1', 8, 12)];
  // Bytes 12..16 are the minor version, not a brand.
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) brands.push(bytes.toString('latin1', offset, offset + 4));
  if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'heic';
  return null;
}

/**
 * Turns an upload into the stored image (D13): checks the real type by content, turns it
 * upright by its EXIF orientation, shrinks it into its box (800 px for profile images,
 * 600 px for logos, 1200 px for a page's background image of issue 26, JPEG quality 75;
 * never enlarged) and re-encodes it without any metadata, so camera
 * GPS positions never leak.
 *
 * Profile images become JPEG, which every phone, browser, contact app and e-mail client
 * shows; transparency is flattened onto white. Logos become PNG, which keeps transparency
 * and every client shows too (WebP is still missing in some desktop mail clients).
 *
 * Throws AppError 415 for anything that is not a decodable JPEG, PNG, WebP or AVIF/HEIC
 * (HEIC needs an HEVC decoder that sharp's prebuilt binaries lack, so most HEIC photos
 * are refused as undecodable), and 413 for images with more than MAX_INPUT_PIXELS pixels.
 * The byte limit (MAX_UPLOAD_BYTES) is the caller's to enforce while receiving.
 */
export async function processProfileImage(input: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const type = detectImageType(input);
  if (!type) throw unsupported(`The file is not a ${ACCEPTED_TYPES_TEXT} image.`);

  try {
    // Reading the header decodes no pixels, so the pixel limit is lifted here to report
    // an oversized image as such (413) instead of as an unreadable one.
    const meta = await sharp(input, { ...DECODE_OPTIONS, limitInputPixels: false }).metadata();
    if (meta.format !== SHARP_FORMAT[type]) throw unsupported(`The file is not a valid ${type.toUpperCase()} image.`);
    // Checked here from the header, before any pixel is decoded, for a clear answer;
    // limitInputPixels stays on as the decoder's own guard.
    if (meta.width * meta.height > MAX_INPUT_PIXELS) {
      throw new AppError(413, ErrorCode.fileTooLarge, `The image has too many pixels (at most ${MAX_INPUT_PIXELS}).`);
    }

    const box = BOX[kind];
    const pipeline = sharp(input, DECODE_OPTIONS)
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      // Orientation must be applied before resizing, and before metadata is dropped,
      // or a portrait photo ends up lying on its side.
      .autoOrient()
      .resize({ width: box, height: box, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb');
    // sharp writes no EXIF, XMP, IPTC or ICC data unless asked to (keepMetadata and
    // friends), and nothing here asks.
    const encoded =
      kind !== 'profileLogo'
        ? pipeline.flatten({ background: '#ffffff' }).jpeg({ quality: kind === 'backgroundImage' ? 75 : 82, mozjpeg: true })
        : pipeline.png({ compressionLevel: 9, adaptiveFiltering: true });
    const { data, info } = await encoded.toBuffer({ resolveWithObject: true });
    return kind !== 'profileLogo'
      ? { data, contentType: 'image/jpeg', extension: 'jpg', width: info.width, height: info.height }
      : { data, contentType: 'image/png', extension: 'png', width: info.width, height: info.height };
  } catch (error) {
    if (error instanceof AppError) throw error;
    // Any decoder failure means the bytes are not an image we can read: that is the
    // uploader's problem (415), not a server fault.
    const refused = unsupported(`The ${type.toUpperCase()} image could not be decoded.`);
    refused.cause = error;
    throw refused;
  }
}

/**
 * A small JPEG of a stored image for embedding in a vCard: at most 300×300 px, quality 75,
 * no metadata, so the base64 PHOTO line stays around 20–40 KB. Baseline rather than
 * progressive, because some contact importers still reject progressive JPEGs.
 *
 * Meant for images this module stored; a failure is a server fault and is not mapped.
 */
export async function vcardPhoto(stored: Buffer): Promise<Buffer> {
  return (
    sharp(stored, DECODE_OPTIONS)
      .timeout({ seconds: PROCESS_TIMEOUT_SECONDS })
      .autoOrient()
      .resize({ width: 300, height: 300, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .toColourspace('srgb')
      // mozjpeg's size tricks without its progressive scans (see above).
      .jpeg({ quality: 75, progressive: false, trellisQuantisation: true, overshootDeringing: true, quantisationTable: 3 })
      .toBuffer()
  );
}

function unsupported(message: string): AppError {
  return new AppError(415, ErrorCode.unsupportedImage, message);
}
