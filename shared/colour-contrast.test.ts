import { describe, expect, it } from 'vitest';
import { contrastRatio, formatRatio, fromHsl, mix, nearestPassing, parseHex, relativeLuminance, toHsl } from './colour-contrast.ts';

describe('WCAG 2.x contrast maths', () => {
  it('gives black 0 and white 1 relative luminance, and the known values between', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    // #777777 is the classic "just fails on white" grey; #767676 the first that passes.
    expect(relativeLuminance('#808080')).toBeCloseTo(0.2159, 3);
  });

  it('measures 21:1 for black on white, 1:1 for a colour on itself, whichever comes first', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    expect(contrastRatio('#1c4fd6', '#1c4fd6')).toBe(1);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio('#777777', '#ffffff')).toBeLessThan(4.5);
  });

  it('never writes a failing ratio as the one it needs', () => {
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.4:1');
    expect(formatRatio(4.4999)).toBe('4.4:1');
    expect(formatRatio(2.16)).toBe('2.1:1');
    expect(formatRatio(4.56)).toBe('4.5:1');
  });

  it('reads only #rrggbb and round-trips through HSL', () => {
    expect(parseHex('#1C4FD6')).toEqual([28, 79, 214]);
    expect(parseHex('blue')).toBeNull();
    expect(parseHex('#fff')).toBeNull();
    for (const hex of ['#1c4fd6', '#0f766e', '#ffcc00', '#808080', '#000000']) {
      const [h, s, l] = toHsl(hex);
      expect(fromHsl(h, s, l)).toBe(hex);
    }
    expect(mix('#000000', '#ffffff', 0.5)).toBe('#808080');
  });
});

describe('the nearest passing colour', () => {
  const onWhite = (c: string) => contrastRatio(c, '#ffffff') >= 4.5;

  it('answers the colour itself when it passes', () => {
    expect(nearestPassing('#1c4fd6', onWhite)).toBe('#1c4fd6');
  });

  it('keeps the hue and changes only the lightness, as little as needed', () => {
    const yellow = '#ffcc00';
    const suggestion = nearestPassing(yellow, onWhite)!;
    expect(onWhite(suggestion)).toBe(true);
    expect(toHsl(suggestion)[0]).toBeCloseTo(toHsl(yellow)[0], 0);
    // One step lighter would fail again: it is the nearest.
    const [h, s, l] = toHsl(suggestion);
    expect(onWhite(fromHsl(h, s, l + 0.01))).toBe(false);
  });

  it('goes lighter when darker cannot pass (text on a dark card)', () => {
    const onDark = (c: string) => contrastRatio(c, '#1a202b') >= 4.5;
    const suggestion = nearestPassing('#1c4fd6', onDark)!;
    expect(onDark(suggestion)).toBe(true);
    expect(relativeLuminance(suggestion)).toBeGreaterThan(relativeLuminance('#1c4fd6'));
  });

  it('answers null when no lightness passes', () => {
    expect(nearestPassing('#808080', () => false)).toBeNull();
  });
});
