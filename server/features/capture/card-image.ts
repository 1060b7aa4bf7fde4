import sharp, { type Metadata } from 'sharp';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { AppError } from '../../http/errors.ts';
import { MAX_INPUT_PIXELS } from '../../images/image.processor.ts';

/** Largest photo of a card `POST /capture/read` takes (issue 36): a phone's full-size JPEG fits. */
export const MAX_CARD_IMAGE_BYTES = 10 * 1024 * 1024;

/** The formats a card's photo may have, as sharp names them after reading its header. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * The longer side of the image Tesseract reads. A card filling most of a phone's photo then has
 * its small print about 25–30 px high, where Tesseract's LSTM reads best; larger only costs time
 * (docs/capture.md has the measurements).
 */
export const OCR_LONG_SIDE = 1400;

/** A crafted file can make a decoder crawl; a capture must not hang on it. */
const DECODE_TIMEOUT_SECONDS = 10;

/** The field a refusal names (the multipart field of `POST /capture/read`). */
const FIELD = 'image';

/**
 * Checks a card's photo by its content (not its name or declared type) and prepares it for OCR so
 * that a phone's photo reads like a scan: upright by its EXIF orientation, grey, contrast
 * stretched (the darkest and lightest percent clipped), at OCR_LONG_SIDE. The slant of the text is
 * measured and undone by Tesseract itself (`rotateAuto`, the angle of its text lines), which sees
 * the lines this step cannot; light falling off across the card is Tesseract's thresholding's to
 * handle. Local contrast (CLAHE) and sharpening were measured and left out: slower (CLAHE took
 * seconds) and worse on the corpus (docs/capture.md). Answers a one-channel PNG (fast to encode
 * and to decode in the worker); nothing of the photo is kept.
 */
export async function prepareCardImage(input: Buffer): Promise<Buffer> {
  if (input.length === 0) throw new AppError(400, ErrorCode.invalidInput, 'image: the file is empty.', FIELD);
  if (input.length > MAX_CARD_IMAGE_BYTES) {
    throw new AppError(413, ErrorCode.fileTooLarge, `image: the photo is larger than ${MAX_CARD_IMAGE_BYTES / 1024 / 1024} MB.`, FIELD);
  }
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw unsupported('the file is not a JPEG, PNG or WebP image.');
  }
  if (!meta.format || !ACCEPTED_FORMATS.has(meta.format))
    throw unsupported(`the file is ${meta.format ?? 'of an unknown type'}, not a JPEG, PNG or WebP image.`);
  if ((meta.width ?? 0) * (meta.height ?? 0) > MAX_INPUT_PIXELS) {
    throw new AppError(413, ErrorCode.fileTooLarge, `image: the photo has more than ${MAX_INPUT_PIXELS} pixels.`, FIELD);
  }
  try {
    return await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .autoOrient()
      .resize({ width: OCR_LONG_SIDE, height: OCR_LONG_SIDE, fit: 'inside' })
      .greyscale()
      .normalise({ lower: 1, upper: 99 })
      // One grey channel: a third of the pixels to encode, copy to the worker and decode there.
      .toColourspace('b-w')
      .png({ compressionLevel: 1, adaptiveFiltering: false })
      .toBuffer();
  } catch (error) {
    const refused = unsupported(`the ${meta.format.toUpperCase()} image could not be decoded.`);
    refused.cause = error;
    throw refused;
  }
}

function unsupported(reason: string): AppError {
  return new AppError(415, ErrorCode.unsupportedImage, `image: ${reason}`, FIELD);
}
