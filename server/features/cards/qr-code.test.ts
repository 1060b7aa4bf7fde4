import { describe, expect, it } from 'vitest';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { DEFAULT_QR_PNG_SIZE, qrPng, qrPrintPng, qrSvg } from './qr-code.ts';

const LINK = 'https://cards.example.com/card/Ab3xY9kQ2m';

/** Decodes a raster image the way a phone camera app would, from its RGBA pixels. */
async function decode(image: Buffer): Promise<string | null> {
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height)?.data ?? null;
}

describe('qrSvg', () => {
  it('is an SVG that scales (viewBox, no fixed size) with a four-module quiet zone', async () => {
    const svg = await qrSvg(LINK);
    const modules = QRCode.create(LINK, { errorCorrectionLevel: 'M' }).modules.size;
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`viewBox="0 0 ${modules + 8} ${modules + 8}"`);
    expect(svg).not.toMatch(/<svg[^>]*\swidth=/);
    expect(svg).toContain('fill="#ffffff"');
    expect(svg).toContain('stroke="#000000"');
  });

  it('decodes back to the card link once rendered', async () => {
    const png = await sharp(Buffer.from(await qrSvg(LINK)), { density: 600 })
      .png()
      .toBuffer();
    expect(await decode(png)).toBe(LINK);
  });

  it('uses error correction M', async () => {
    // 45 bytes fit version 3 at level L but need version 4 at M, so the grid size tells the level.
    const text = 'https://cards.example.com/card/Ab3xY9kQ2mZZZZ';
    const svg = await qrSvg(text);
    const sizeAt = (level: 'L' | 'M' | 'Q' | 'H') => QRCode.create(text, { errorCorrectionLevel: level }).modules.size + 8;
    expect(sizeAt('L')).not.toBe(sizeAt('M'));
    expect(svg).toContain(`viewBox="0 0 ${sizeAt('M')} ${sizeAt('M')}"`);
  });
});

describe('qrPng', () => {
  it(`is ${DEFAULT_QR_PNG_SIZE} px square by default and decodes back to the card link`, async () => {
    const png = await qrPng(LINK);
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', DEFAULT_QR_PNG_SIZE, DEFAULT_QR_PNG_SIZE]);
    expect(await decode(png)).toBe(LINK);
  });

  it.each([120, 300, 1000])('is exactly %i px square when asked and still decodes', async (size) => {
    const png = await qrPng(LINK, size);
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([size, size]);
    expect(await decode(png)).toBe(LINK);
  });

  it('is crisp: only pure black and white pixels, white all around the code', async () => {
    const { data, info } = await sharp(await qrPng(LINK, 300))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const grey = new Set<number>();
    for (let i = 0; i < data.length; i += info.channels) {
      if (data[i] !== data[i + 1] || data[i] !== data[i + 2] || (data[i] !== 0 && data[i] !== 255)) grey.add(data[i]);
    }
    expect([...grey]).toEqual([]);
    const modules = QRCode.create(LINK, { errorCorrectionLevel: 'M' }).modules.size + 8;
    const border = 4 * Math.floor(300 / modules);
    for (let x = 0; x < info.width; x++) {
      for (const y of [0, border - 1, info.height - border, info.height - 1]) {
        expect(data[(y * info.width + x) * info.channels]).toBe(255);
      }
    }
  });

  it('refuses a size too small for one pixel per module, and nonsense sizes', async () => {
    await expect(qrPng(LINK, 20)).rejects.toThrow(RangeError);
    await expect(qrPng(LINK, 0)).rejects.toThrow(RangeError);
    await expect(qrPng(LINK, 10.5)).rejects.toThrow(RangeError);
  });
});

describe('qrPrintPng', () => {
  const grey = async (png: Buffer) => (await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true })).data;

  it('has exactly the pixels of qrPng at the same size, as a 1-bit PNG', async () => {
    for (const size of [1200, 333]) {
      const fast = qrPrintPng(LINK, size);
      const meta = await sharp(fast).metadata();
      expect([meta.width, meta.height]).toEqual([size, size]);
      expect((await grey(fast)).equals(await grey(await qrPng(LINK, size)))).toBe(true);
    }
  });

  it('decodes back to the card link and refuses a size too small for the code', async () => {
    expect(await decode(qrPrintPng(LINK, 1200))).toBe(LINK);
    expect(() => qrPrintPng(LINK, 20)).toThrow(RangeError);
  });
});
