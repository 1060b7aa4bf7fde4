import QRCode from 'qrcode';
import sharp from 'sharp';

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
