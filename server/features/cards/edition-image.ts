import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import type { Edition } from '../../../shared/schemas/card.schema.ts';
import { EDITION_INFO } from './editions.ts';

/** A box the PNG must fit into, in pixels; the art keeps its aspect ratio. */
export interface PngBox {
  width?: number;
  height?: number;
}

// The SVGs are the only source of the art: PNGs (wallet logo, icon, anything else raster)
// are rendered from them on first use and kept in memory, so a redesign is one file change
// and no stale PNG can ship. A handful of small buffers per edition is all this ever holds.
const cache = new Map<string, Promise<Buffer>>();

/**
 * The edition's card art as a PNG that fits into `box` (transparent around a coin's rim and a
 * card's rounded corners). Rendered once per edition and size, then answered from memory.
 */
export function editionPng(edition: Edition, box: PngBox): Promise<Buffer> {
  const { width, height } = box;
  if (width === undefined && height === undefined) throw new RangeError('editionPng needs a width or a height');
  for (const side of [width, height]) {
    if (side !== undefined && (!Number.isInteger(side) || side < 1 || side > 4096)) {
      throw new RangeError(`PNG side must be an integer from 1 to 4096, got ${side}`);
    }
  }
  const key = `${edition}:${width ?? ''}x${height ?? ''}`;
  let png = cache.get(key);
  if (!png) {
    png = render(edition, box);
    // A failed render must not stay cached: the next call should try again (and report again).
    png.catch(() => cache.delete(key));
    cache.set(key, png);
  }
  return png;
}

async function render(edition: Edition, { width, height }: PngBox): Promise<Buffer> {
  const svg = await readFile(EDITION_INFO[edition].imageFile);
  const meta = await sharp(svg).metadata();
  const scale = Math.max((width ?? 0) / (meta.width ?? 1), (height ?? 0) / (meta.height ?? 1));
  // Rasterise at the target resolution (SVG density) instead of scaling a 72 dpi bitmap,
  // which would blur large renders; the final resize then only ever shrinks.
  const density = Math.max(1, Math.ceil(72 * scale));
  return sharp(svg, { density }).resize({ width, height, fit: 'inside' }).png({ compressionLevel: 9 }).toBuffer();
}
