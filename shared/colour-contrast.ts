/**
 * Colour contrast after WCAG 2.x (issue 26, docs/themes.md): relative luminance, contrast ratio,
 * and the nearest colour of the same hue that reaches a required ratio. Pure, no imports: the
 * server checks saved colours with it and the owner app shows the same result while typing.
 */

/** WCAG AA: normal text 4.5:1, large text and user-interface parts 3:1. */
export const AA_TEXT = 4.5;
export const AA_LARGE = 3;

/** A colour as `#rrggbb` (any case); null for anything else. */
export function parseHex(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

const channelHex = (c: number) =>
  Math.round(Math.min(255, Math.max(0, c)))
    .toString(16)
    .padStart(2, '0');
export const toHex = ([r, g, b]: readonly number[]): string => `#${channelHex(r!)}${channelHex(g!)}${channelHex(b!)}`;

const rgbOf = (hex: string): [number, number, number] => {
  const rgb = parseHex(hex);
  if (!rgb) throw new Error(`not a #rrggbb colour: ${hex}`);
  return rgb;
};

/** WCAG 2.x relative luminance of an sRGB colour, 0 (black) to 1 (white). */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = rgbOf(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const la = relativeLuminance(a);
  const lb = relativeLuminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

/** A ratio as people read it, "2.1:1", rounded down so a colour just short of 4.5 never reads "4.5:1". */
export function formatRatio(ratio: number): string {
  return `${Math.floor(ratio * 10) / 10}:1`;
}

/** `a` mixed with `b`: `weight` of `a` (0..1), in sRGB as CSS's plain mixing does. */
export function mix(a: string, b: string, weight: number): string {
  const ca = rgbOf(a);
  const cb = rgbOf(b);
  return toHex(ca.map((c, i) => c * weight + cb[i]! * (1 - weight)));
}

/** HSL of a colour: hue in degrees, saturation and lightness 0..1. */
export function toHsl(hex: string): [number, number, number] {
  const [r, g, b] = rgbOf(hex).map((c) => c / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const l = (max + min) / 2;
  if (max === min) return [0, 0, l];
  const d = max - min;
  const s = l > 0.5 ? d / (2 - max - min) : d / (max + min);
  const h = max === r ? (g - b) / d + (g < b ? 6 : 0) : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return [h * 60, s, l];
}

export function fromHsl(h: number, s: number, l: number): string {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return toHex([f(0) * 255, f(8) * 255, f(4) * 255]);
}

/**
 * The colour of the same hue and saturation whose lightness is closest to `hex`'s and for which
 * `passes` holds, searched in steps of 0.5 % lightness both ways; `hex` itself when it passes,
 * null when no lightness does. `passes` may check several pairs at once (a button's text and its
 * background): the answer then satisfies all of them.
 */
export function nearestPassing(hex: string, passes: (candidate: string) => boolean): string | null {
  const colour = toHex(rgbOf(hex));
  if (passes(colour)) return colour;
  const [h, s, l] = toHsl(colour);
  for (let step = 0.005; step <= 1; step += 0.005) {
    for (const candidateL of [l - step, l + step]) {
      if (candidateL < 0 || candidateL > 1) continue;
      const candidate = fromHsl(h, s, candidateL);
      if (passes(candidate)) return candidate;
    }
  }
  return null;
}
