import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import { MAX_INPUT_PIXELS, detectImageType, processProfileImage, vcardPhoto } from './image.processor.ts';

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: channels === 4 ? { r: 0, g: 80, b: 160, alpha: 0.5 } : '#3366cc' } });

/**
 * True when the EXIF block as sharp's metadata() returns it (a TIFF structure, behind an
 * "Exif\0\0" header for JPEG) has an IFD0 entry pointing to a GPS IFD (tag 0x8825).
 * Enough to prove a test input really carries GPS data before the processor sees it.
 */
function exifHasGps(exif: Buffer | undefined): boolean {
  if (!exif) return false;
  const tiff = exif.toString('latin1', 0, 4) === 'Exif' ? exif.subarray(6) : exif;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  for (let i = 0; i < entries; i++) {
    if (u16(ifd0 + 2 + i * 12) === 0x8825) return true;
  }
  return false;
}

/** A real JPEG whose frame header claims a different size, as a decompression bomb would. */
function withClaimedJpegSize(jpeg: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(jpeg);
  for (let at = 2; at < copy.length - 9; at++) {
    if (copy[at] === 0xff && (copy[at + 1] === 0xc0 || copy[at + 1] === 0xc2)) {
      copy.writeUInt16BE(height, at + 5);
      copy.writeUInt16BE(width, at + 7);
      return copy;
    }
  }
  throw new Error('no SOF marker in test JPEG');
}

async function expectRefused(promise: Promise<unknown>, status: number, code: string): Promise<void> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(status);
  expect((error as AppError).code).toBe(code);
}

const SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><script>alert(1)</script><rect width="100" height="100"/></svg>',
);

describe('detectImageType', () => {
  it('names the type from the bytes', async () => {
    expect(detectImageType(await solid(8, 8).png().toBuffer())).toBe('png');
    expect(detectImageType(await solid(8, 8).jpeg().toBuffer())).toBe('jpeg');
    expect(detectImageType(await solid(8, 8).webp().toBuffer())).toBe('webp');
    expect(detectImageType(await solid(8, 8).avif().toBuffer())).toBe('avif');
  });

  it('does not recognise SVG, GIF, text or fragments', async () => {
    expect(detectImageType(SVG)).toBeNull();
    expect(detectImageType(Buffer.from('  <svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(detectImageType(await solid(8, 8).gif().toBuffer())).toBeNull();
    expect(detectImageType(Buffer.from('just some text, named photo.jpg'))).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('processProfileImage', () => {
  it('takes PNG bytes for what they are, whatever the upload was called', async () => {
    // The caller only hands over bytes; a "photo.jpg" holding a PNG must work as a PNG.
    const png = await solid(120, 90, 4).png().toBuffer();
    expect(detectImageType(png)).toBe('png');

    const logo = await processProfileImage(png, 'profileLogo');
    expect(logo).toMatchObject({ contentType: 'image/png', extension: 'png', width: 120, height: 90 });
    const logoMeta = await sharp(logo.data).metadata();
    expect(logoMeta.format).toBe('png');
    expect(logoMeta.hasAlpha).toBe(true);

    const photo = await processProfileImage(png, 'profileImage');
    expect(photo).toMatchObject({ contentType: 'image/jpeg', extension: 'jpg', width: 120, height: 90 });
    expect((await sharp(photo.data).metadata()).format).toBe('jpeg');
  });

  it('turns a photo upright by its EXIF orientation and drops all metadata, GPS included', async () => {
    const input = await solid(64, 48)
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneCo', Model: 'Camera 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 3000/100', GPSLongitudeRef: 'E', GPSLongitude: '11/1 34/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const inputMeta = await sharp(input).metadata();
    expect(exifHasGps(inputMeta.exif)).toBe(true);
    expect(inputMeta.orientation).toBe(6);

    const result = await processProfileImage(input, 'profileImage');
    const meta = await sharp(result.data).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    // Orientation 6 is a 90° turn: the stored pixels are now portrait.
    expect([result.width, result.height]).toEqual([48, 64]);
    expect([meta.width, meta.height]).toEqual([48, 64]);
    expect(result.data.includes(Buffer.from('PhoneCo'))).toBe(false);
  });

  it('keeps no metadata in logos either', async () => {
    const input = await solid(50, 50, 4)
      .png()
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 8/1 0/1' } })
      .toBuffer();
    expect(exifHasGps((await sharp(input).metadata()).exif)).toBe(true);
    const result = await processProfileImage(input, 'profileLogo');
    expect((await sharp(result.data).metadata()).exif).toBeUndefined();
  });

  it('refuses SVG with 415, even though sharp could render it', async () => {
    await expectRefused(processProfileImage(SVG, 'profileImage'), 415, ErrorCode.unsupportedImage);
    await expectRefused(processProfileImage(SVG, 'profileLogo'), 415, ErrorCode.unsupportedImage);
  });

  it('refuses a text file, a GIF and a broken image with 415', async () => {
    await expectRefused(processProfileImage(Buffer.from('hello, I am not an image'), 'profileImage'), 415, ErrorCode.unsupportedImage);
    await expectRefused(processProfileImage(await solid(8, 8).gif().toBuffer(), 'profileLogo'), 415, ErrorCode.unsupportedImage);
    const png = await solid(200, 200).png().toBuffer();
    const truncated = png.subarray(0, 60);
    await expectRefused(processProfileImage(truncated, 'profileImage'), 415, ErrorCode.unsupportedImage);
    const pngMagicThenJunk = Buffer.concat([png.subarray(0, 8), Buffer.from('not really a png at all, sorry')]);
    await expectRefused(processProfileImage(pngMagicThenJunk, 'profileImage'), 415, ErrorCode.unsupportedImage);
  });

  it('shrinks a 4000×3000 photo into 800×800 and a logo into 600×600, keeping the aspect ratio', async () => {
    const big = await solid(4000, 3000).jpeg().toBuffer();
    const photo = await processProfileImage(big, 'profileImage');
    expect([photo.width, photo.height]).toEqual([800, 600]);
    const logo = await processProfileImage(big, 'profileLogo');
    expect([logo.width, logo.height]).toEqual([600, 450]);
    const tall = await processProfileImage(await solid(1000, 3000).png().toBuffer(), 'profileImage');
    expect([tall.width, tall.height]).toEqual([267, 800]);
  });

  it('never enlarges a small image', async () => {
    const small = await processProfileImage(await solid(100, 40).webp().toBuffer(), 'profileImage');
    expect([small.width, small.height]).toEqual([100, 40]);
  });

  it('accepts WebP and AVIF', async () => {
    const webpLogo = await processProfileImage(await solid(300, 100, 4).webp().toBuffer(), 'profileLogo');
    expect(webpLogo.contentType).toBe('image/png');
    expect((await sharp(webpLogo.data).metadata()).hasAlpha).toBe(true);
    const avif = await processProfileImage(await solid(320, 240).avif().toBuffer(), 'profileImage');
    expect([avif.contentType, avif.width, avif.height]).toEqual(['image/jpeg', 320, 240]);
  });

  it('refuses a decompression bomb with 413 before decoding it', async () => {
    const bomb = withClaimedJpegSize(await solid(16, 16).jpeg().toBuffer(), 30_000, 30_000);
    expect(30_000 * 30_000).toBeGreaterThan(MAX_INPUT_PIXELS);
    const claimed = await sharp(bomb, { limitInputPixels: false }).metadata();
    expect([claimed.width, claimed.height]).toEqual([30_000, 30_000]);
    await expectRefused(processProfileImage(bomb, 'profileImage'), 413, ErrorCode.fileTooLarge);
  });
});

describe('vcardPhoto', () => {
  it('makes a baseline JPEG of at most 300 px without metadata', async () => {
    const stored = (await processProfileImage(await solid(4000, 3000).jpeg().toBuffer(), 'profileImage')).data;
    const photo = await vcardPhoto(stored);
    const meta = await sharp(photo).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([300, 225]);
    expect(meta.exif).toBeUndefined();
    expect(meta.isProgressive).toBe(false);
    expect(photo.length).toBeLessThan(40_000);
  });

  it('flattens a transparent logo onto white', async () => {
    const stored = (await processProfileImage(await solid(600, 600, 4).png().toBuffer(), 'profileLogo')).data;
    const meta = await sharp(await vcardPhoto(stored)).metadata();
    expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(['jpeg', 300, 300, false]);
  });
});
