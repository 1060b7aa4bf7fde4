import QRCode from 'qrcode';
import sharp from 'sharp';
import { deflateSync } from 'node:zlib';

// M recovers ~15 % damage: enough for a printed card that gets scratched, while keeping the
// modules of a ~40-character card link large enough for cheap phone cameras.
const ERROR_CORRECTION = 'M' as const;
// The standard's quiet zone is four modules; scanners fail more often without it.
const QUIET_ZONE = 4;
const COLORS = { dark: '#000000ff', light: '#ffffffff' };

/** Default PNG side in pixels: sharp on a phone screen and fine for print at ~3 cm. */
export const DEFAULT_QR_PNG_SIZE = 512;

/**
 * The QR code of `text` as an SVG document: black modules on white with the quiet zone,
 * a `viewBox` and no fixed size, so it scales to any print or screen size without blur.
 */
export async function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE, color: COLORS });
}

/**
 * The QR code of `text` as a `size` × `size` PNG, black on white with the quiet zone.
 * Modules are whole pixels of equal size (no anti-aliasing, no uneven rows); whatever the
 * module grid does not fill is added as extra white border. Throws a RangeError when `size`
 * is too small to give every module at least one pixel.
 */
export async function qrPng(text: string, size = DEFAULT_QR_PNG_SIZE): Promise<Buffer> {
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new RangeError(`QR size must be an integer from 1 to 4096, got ${size}`);
  const modules = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION }).modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor(size / modules);
  if (scale < 1) throw new RangeError(`QR code needs at least ${modules} px for this text, got ${size}`);
  // qrcode's own `width` option allows fractional module sizes, which makes some rows a pixel
  // wider than others; an integer scale plus white padding keeps every module square.
  const grid = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: ERROR_CORRECTION, margin: QUIET_ZONE, scale, color: COLORS });
  const rest = size - scale * modules;
  const before = Math.floor(rest / 2);
  return sharp(grid)
    .extend({ top: before, left: before, bottom: rest - before, right: rest - before, background: '#ffffff' })
    .flatten({ background: '#ffffff' })
    .png({ compressionLevel: 9, palette: true, colours: 2 })
    .toBuffer();
}

/** CRC-32 (ISO-HDLC, as PNG chunks use), table built once. */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * The same pixels as `qrPng(text, size)` (whole-pixel modules, the quiet zone, white padding),
 * written directly as a 1-bit greyscale PNG: the print bundle's 1200 px codes take about a
 * millisecond each this way instead of sharp's palette quantisation (issue 28: 10,000 cards).
 */
export function qrPrintPng(text: string, size: number): Buffer {
  if (!Number.isInteger(size) || size < 1 || size > 4096) throw new RangeError(`QR size must be an integer from 1 to 4096, got ${size}`);
  const { modules } = QRCode.create(text, { errorCorrectionLevel: ERROR_CORRECTION });
  const grid = modules.size + 2 * QUIET_ZONE;
  const scale = Math.floor(size / grid);
  if (scale < 1) throw new RangeError(`QR code needs at least ${grid} px for this text, got ${size}`);
  const offset = Math.floor((size - scale * grid) / 2) + QUIET_ZONE * scale;
  const rowBytes = Math.ceil(size / 8);
  const raw = Buffer.alloc((rowBytes + 1) * size, 0);
  for (let y = 0; y < size; y++) {
    const row = y * (rowBytes + 1);
    // Filter byte 0, then white (1 bits) everywhere a dark module does not cover.
    raw.fill(0xff, row + 1, row + 1 + rowBytes);
    const my = Math.floor((y - offset) / scale);
    if (y < offset || my >= modules.size) continue;
    for (let mx = 0; mx < modules.size; mx++) {
      if (!modules.get(my, mx)) continue;
      for (let x = offset + mx * scale; x < offset + (mx + 1) * scale; x++) raw[row + 1 + (x >> 3)] &= ~(0x80 >> (x & 7));
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([1, 0, 0, 0, 0], 8); // bit depth 1, greyscale, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}
