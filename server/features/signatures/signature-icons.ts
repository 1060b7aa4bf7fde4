import sharp from 'sharp';
import { iconMarkup } from '../../../shared/public-page/icons.tsx';
import type { LinkType } from '../../../shared/schemas/link.schema.ts';

/** Drawn at twice the size the signature shows them (20 px), so they stay sharp on high-density screens. */
const PIXELS = 40;
/** The page's muted ink: the icons sit beside text without shouting. */
const STROKE = '#566170';

/**
 * The link icons of the public page as PNGs for e-mail signatures (issue 26): mail clients show
 * no SVG. Each type is drawn once per process (a few milliseconds with sharp) and kept, so the
 * public path costs nothing after the first request.
 */
export function createSignatureIcons() {
  const drawn = new Map<LinkType, Promise<Buffer>>();
  const draw = (type: LinkType) =>
    sharp(
      Buffer.from(
        `<svg xmlns="http://www.w3.org/2000/svg" width="${PIXELS}" height="${PIXELS}" viewBox="0 0 24 24" fill="none" stroke="${STROKE}" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round">${iconMarkup(type)}</svg>`,
      ),
    )
      .png({ compressionLevel: 9, palette: true })
      .toBuffer();
  return {
    png(type: LinkType): Promise<Buffer> {
      let icon = drawn.get(type);
      if (!icon) {
        icon = draw(type);
        // A failed drawing is not kept: the next request tries again.
        icon.catch(() => drawn.delete(type));
        drawn.set(type, icon);
      }
      return icon;
    },
  };
}
export type SignatureIcons = ReturnType<typeof createSignatureIcons>;
