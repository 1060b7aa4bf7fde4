import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.ts';
import { MAX_CARD_IMAGE_BYTES, OCR_LONG_SIDE, prepareCardImage } from './card-image.ts';

async function refusal(input: Buffer): Promise<AppError> {
  try {
    await prepareCardImage(input);
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('accepted');
}

const photo = (format: 'jpeg' | 'png' | 'webp', width = 640, height = 400) =>
  sharp({ create: { width, height, channels: 3, background: '#e8e4dc' } })
    .toFormat(format)
    .toBuffer();

describe('prepareCardImage (issue 36)', () => {
  it.each(['jpeg', 'png', 'webp'] as const)('takes a %s photo and answers a grey PNG whose longer side is the OCR size', async (format) => {
    const prepared = await prepareCardImage(await photo(format));
    const meta = await sharp(prepared).metadata();
    expect(meta.format).toBe('png');
    expect(meta.channels).toBe(1);
    expect(Math.max(meta.width, meta.height)).toBe(OCR_LONG_SIDE);
  });

  it('turns a photo upright by its EXIF orientation', async () => {
    // Stored lying on its side (640 × 400), with orientation 6: a viewer turns it to 400 × 640.
    const turned = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#ffffff' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const meta = await sharp(await prepareCardImage(turned)).metadata();
    expect(meta.height).toBeGreaterThan(meta.width);
  });

  it('judges the type by the content, not the name: GIF, SVG and text are refused with 415 naming the field', async () => {
    const gif = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    for (const input of [gif, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('BEGIN:VCARD')]) {
      const error = await refusal(input);
      expect([error.status, error.code, error.field]).toEqual([415, 'cmc/unsupported-image', 'image']);
    }
  });

  it('refuses a cut-off JPEG with 415', async () => {
    const whole = await photo('jpeg');
    const error = await refusal(whole.subarray(0, whole.length / 2));
    expect([error.status, error.field]).toEqual([415, 'image']);
  });

  it('refuses an empty file with 400 and more than 10 MB with 413', async () => {
    expect((await refusal(Buffer.alloc(0))).status).toBe(400);
    const error = await refusal(Buffer.alloc(MAX_CARD_IMAGE_BYTES + 1));
    expect([error.status, error.code, error.field]).toEqual([413, 'cmc/file-too-large', 'image']);
  });
});
