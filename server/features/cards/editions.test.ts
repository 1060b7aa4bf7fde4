import { readFile, stat } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { EDITIONS } from '../../../shared/schemas/card.schema.ts';
import { EDITION_INFO, editionDisplayName, editionInfo, isEdition, rgbToHex, type RgbColor } from './editions.ts';
import { editionPng } from './edition-image.ts';

/** WCAG relative luminance of an `rgb(r, g, b)` colour. */
function luminance(color: RgbColor): number {
  const [r, g, b] = color.match(/\d+/g)!.map((n) => {
    const c = Number(n) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
const contrast = (a: RgbColor, b: RgbColor) => {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
};

describe('edition data', () => {
  it('covers exactly the six editions of SPEC 3', () => {
    expect(Object.keys(EDITION_INFO)).toEqual([...EDITIONS]);
    for (const edition of EDITIONS) expect(editionInfo(edition).edition).toBe(edition);
  });

  it('names each edition in de and en', () => {
    expect(editionDisplayName('firstEditionCoin', 'en')).toBe('First Edition Coin');
    expect(editionDisplayName('firstEditionCoin', 'de')).toBe('First Edition Münze');
    expect(editionDisplayName('kingOfTheMoment', 'fr')).toBe('King of the Moment');
    for (const edition of EDITIONS) {
      const { de, en } = EDITION_INFO[edition].displayName;
      expect(de.trim()).not.toBe('');
      expect(en.trim()).not.toBe('');
    }
  });

  it.each(EDITIONS)('%s has wallet colours in rgb() form with readable text', (edition) => {
    const { background, foreground, label } = EDITION_INFO[edition].walletColors;
    for (const color of [background, foreground, label]) {
      expect(color).toMatch(/^rgb\((\d{1,3}), (\d{1,3}), (\d{1,3})\)$/);
      for (const n of color.match(/\d+/g)!) expect(Number(n)).toBeLessThanOrEqual(255);
    }
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(4.5);
    expect(contrast(label, background)).toBeGreaterThanOrEqual(3);
  });

  it('turns rgb() into the hex form Google Wallet takes', () => {
    expect(rgbToHex('rgb(28, 28, 34)')).toBe('#1c1c22');
    expect(rgbToHex('rgb(255, 0, 7)')).toBe('#ff0007');
    expect(() => rgbToHex('#fff' as RgbColor)).toThrow(TypeError);
  });

  it('recognises edition names', () => {
    expect(isEdition('rainbow')).toBe(true);
    expect(isEdition('Rainbow')).toBe(false);
    expect(isEdition('toString')).toBe(false);
  });
});

describe('edition art', () => {
  it.each(EDITIONS)('%s is a small self-contained SVG of the right shape', async (edition) => {
    const info = EDITION_INFO[edition];
    expect(info.assetPath).toBe(`assets/editions/${edition}.svg`);
    expect(info.imageFile.endsWith(info.assetPath)).toBe(true);
    expect((await stat(info.imageFile)).size).toBeLessThan(4096);
    const svg = await readFile(info.imageFile, 'utf8');
    // Nothing that loads from elsewhere or needs a font: the art must look the same everywhere.
    expect(svg).not.toMatch(/<image|<text|<script|<foreignObject|font-family|href=|@import|url\((?!#)/i);
    const [, , w, h] = /viewBox="([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+)"/.exec(svg)!.slice(1).map(Number);
    if (info.shape === 'coin') expect(w / h).toBe(1);
    else expect(w / h).toBeCloseTo(85.6 / 54, 3);
    const meta = await sharp(Buffer.from(svg)).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['svg', w, h]);
  });

  it('renders a card as a PNG of the asked height with transparent rounded corners', async () => {
    const png = await editionPng('rainbow', { height: 100 });
    const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(info.height).toBe(100);
    expect(info.width).toBeGreaterThanOrEqual(158);
    expect(info.width).toBeLessThanOrEqual(159);
    const alphaAt = (x: number, y: number) => data[(y * info.width + x) * 4 + 3];
    expect(alphaAt(0, 0)).toBe(0);
    expect(alphaAt(Math.floor(info.width / 2), 50)).toBe(255);
  });

  it('renders the coin round and square, sharp at large sizes', async () => {
    const png = await editionPng('firstEditionCoin', { width: 1080, height: 1080 });
    const meta = await sharp(png).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 1080, 1080]);
    const { data } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    expect(data[3]).toBe(0);
  });

  it('answers the same buffer from memory on the next call', async () => {
    const first = await editionPng('firstEditionDark', { width: 160, height: 50 });
    expect(await editionPng('firstEditionDark', { width: 160, height: 50 })).toBe(first);
  });

  it('refuses a box without sides or with silly sides', () => {
    expect(() => editionPng('rainbow', {})).toThrow(RangeError);
    expect(() => editionPng('rainbow', { width: 0 })).toThrow(RangeError);
    expect(() => editionPng('rainbow', { width: 20000 })).toThrow(RangeError);
  });
});
