import { describe, expect, it } from 'vitest';
import { BACKGROUND_LAYOUTS, HEAD_AREA, layoutBoxes } from './background.renderer.ts';

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('video-call background layouts (issue 26)', () => {
  it.each(BACKGROUND_LAYOUTS)('keeps the text, QR code and logo of the %s layout clear of where the head sits, inside the frame', (layout) => {
    const { text, qr, logo } = layoutBoxes(layout);
    for (const box of [text, qr, logo]) {
      expect(overlaps(box, HEAD_AREA), JSON.stringify(box)).toBe(false);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(1920);
      expect(box.y + box.height).toBeLessThanOrEqual(1080);
    }
    expect(overlaps(text, qr)).toBe(false);
  });

  it('mirrors the left layout for the right one', () => {
    const left = layoutBoxes('left');
    const right = layoutBoxes('right');
    for (const part of ['text', 'qr', 'logo'] as const) expect(right[part].x + 440).toBe(1920 - left[part].x);
  });
});
