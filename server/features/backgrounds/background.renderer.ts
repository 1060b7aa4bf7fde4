import sharp, { type OverlayOptions } from 'sharp';
import { qrPng } from '../cards/index.ts';

/** The looks of a video-call background (issue 26). */
export const BACKGROUND_LAYOUTS = ['left', 'right', 'minimal'] as const;
export const BACKGROUND_THEMES = ['light', 'dark'] as const;
export const BACKGROUND_SIZES = ['1920x1080', '1280x720'] as const;
export type BackgroundLayout = (typeof BACKGROUND_LAYOUTS)[number];
export type BackgroundTheme = (typeof BACKGROUND_THEMES)[number];
export type BackgroundSize = (typeof BACKGROUND_SIZES)[number];

/** What a background shows: the texts of the profile, its logo and the link its QR code holds. */
export interface BackgroundContent {
  name: string;
  jobTitle: string;
  companyName: string;
  /** The profile's logo as stored (PNG or JPEG), or null. */
  logo: Buffer | null;
  /** `{PUBLIC_URL}/p/{id}?src=background`. */
  link: string;
}

const THEMES = {
  light: { from: '#f5f7fa', to: '#dfe6ee', text: '#17202a', muted: '#4a5663', panel: '#ffffff', panelOpacity: 0.72 },
  dark: { from: '#10151b', to: '#27303b', text: '#f3f5f8', muted: '#b9c3cf', panel: '#0b0f14', panelOpacity: 0.55 },
} as const;

/** Base canvas; a 1280×720 background is the same drawing scaled. */
const W = 1920;
const H = 1080;
/**
 * Where a person's head and shoulders sit in a call: the middle third, from the top to about
 * two thirds down. Nothing is drawn there (the unit test checks every layout's boxes).
 */
export const HEAD_AREA = { x: 600, y: 0, width: 720, height: 760 } as const;

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Where each layout puts the text block, the QR code and the logo, on the 1920×1080 canvas. */
export function layoutBoxes(layout: BackgroundLayout): { text: Box; qr: Box; logo: Box; panel: Box | null } {
  if (layout === 'minimal')
    return {
      panel: null,
      text: { x: 80, y: 900, width: 480, height: 120 },
      qr: { x: 1600, y: 760, width: 240, height: 240 },
      logo: { x: 80, y: 80, width: 200, height: 80 },
    };
  const left = layout === 'left';
  const x = left ? 80 : W - 80 - 440;
  return {
    panel: { x: left ? 0 : W - 560, y: 0, width: 560, height: H },
    logo: { x, y: 96, width: 240, height: 96 },
    text: { x, y: 300, width: 440, height: 300 },
    qr: { x, y: 700, width: 280, height: 280 },
  };
}

const EM = 0.56;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A font size that fits `text` into `width` (DejaVu Sans averages about 0.56 em per character), within bounds. */
const fitting = (text: string, width: number, max: number, min: number) => Math.max(min, Math.min(max, Math.floor(width / (Math.max(text.length, 1) * EM))));

/** Cuts text that would still not fit at the smallest size, with an ellipsis. */
const clip = (text: string, width: number, size: number) => {
  const chars = Math.floor(width / (size * EM));
  return text.length > chars ? `${text.slice(0, Math.max(chars - 1, 1))}…` : text;
};

/**
 * The background as a PNG: an SVG (gradient, optional side panel, texts in a system font; no web
 * fonts) drawn by sharp, with the logo and the QR code composited as pixels so the code stays
 * crisp and decodable. The head area stays empty.
 */
export async function renderBackground(
  content: BackgroundContent,
  look: { layout: BackgroundLayout; theme: BackgroundTheme; size: BackgroundSize },
): Promise<Buffer> {
  const colors = THEMES[look.theme];
  const boxes = layoutBoxes(look.layout);
  const [width, height] = look.size.split('x').map(Number);
  const scale = width / W;
  const minimal = look.layout === 'minimal';

  const lines: Array<{ text: string; size: number; color: string; weight: number }> = [];
  const nameSize = fitting(content.name, boxes.text.width, minimal ? 40 : 64, 26);
  lines.push({ text: clip(content.name, boxes.text.width, nameSize), size: nameSize, color: colors.text, weight: 700 });
  for (const [text, max] of [
    [content.jobTitle, minimal ? 26 : 36],
    [content.companyName, minimal ? 26 : 32],
  ] as const) {
    if (!text) continue;
    const size = fitting(text, boxes.text.width, max, 20);
    lines.push({ text: clip(text, boxes.text.width, size), size, color: colors.muted, weight: 400 });
  }
  let y = boxes.text.y;
  const texts = lines
    .map((line) => {
      y += line.size * 1.25;
      return `<text x="${boxes.text.x}" y="${Math.round(y)}" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${line.size}" font-weight="${line.weight}" fill="${line.color}">${escapeXml(line.text)}</text>`;
    })
    .join('');
  const panel = boxes.panel
    ? `<rect x="${boxes.panel.x}" y="0" width="${boxes.panel.width}" height="${H}" fill="${colors.panel}" fill-opacity="${colors.panelOpacity}"/>`
    : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${W} ${H}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors.from}"/><stop offset="1" stop-color="${colors.to}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#g)"/>${panel}${texts}</svg>`;

  const at = (box: Box) => ({ left: Math.round(box.x * scale), top: Math.round(box.y * scale) });
  const side = Math.round(boxes.qr.width * scale);
  const layers: OverlayOptions[] = [{ input: await qrPng(content.link, side), ...at(boxes.qr) }];
  if (content.logo) {
    const logo = await sharp(content.logo)
      .rotate()
      .resize(Math.round(boxes.logo.width * scale), Math.round(boxes.logo.height * scale), { fit: 'inside', withoutEnlargement: false })
      .png()
      .toBuffer()
      .catch(() => null);
    if (logo) layers.push({ input: logo, ...at(boxes.logo) });
  }
  return sharp(Buffer.from(svg)).composite(layers).png({ compressionLevel: 9 }).toBuffer();
}
