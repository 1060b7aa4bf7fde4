import { describe, expect, it } from 'vitest';
import { contrastRatio } from './colour-contrast.ts';
import { accentFailure, accentRoles, backgroundFailure, brandProblems, darkVariant, PALETTE, themeProblems } from './page-theme.ts';

describe('the page themes and their contrast rules', () => {
  it('lets the default look of each mode pass its own check', () => {
    expect(accentFailure(PALETTE.light.accent, 'light')).toBeNull();
    expect(accentFailure(PALETTE.dark.accent, 'dark')).toBeNull();
    expect(backgroundFailure(PALETTE.light.bg, 'light')).toBeNull();
    expect(backgroundFailure(PALETTE.dark.bg, 'dark')).toBeNull();
    expect(contrastRatio(PALETTE.dark.mute, PALETTE.dark.card)).toBeGreaterThanOrEqual(4.5);
  });

  it('puts dark text on a light accent and white text on a dark one', () => {
    expect(accentRoles('#1c4fd6', 'light').onAccent).toBe('#ffffff');
    expect(accentRoles('#8aa6f0', 'dark').onAccent).toBe('#0f131a');
  });

  it('refuses a light accent too pale for white button text or its tinted buttons, with the reason and a passing suggestion', () => {
    const [problem, ...rest] = themeProblems({ theme: 'light', accentColour: '#ffcc00', backgroundColour: '' });
    expect(rest).toEqual([]);
    expect(problem!.field).toBe('accentColour');
    expect(problem!.reason).toMatch(/^contrast 1\.\d:1 against .+, needs 4\.5:1$/);
    expect(accentFailure(problem!.suggestion!, 'light')).toBeNull();
  });

  it('checks a dark theme against the dark card, so a dark blue fails there and a lighter blue is suggested', () => {
    const [problem] = themeProblems({ theme: 'dark', accentColour: '#1c4fd6', backgroundColour: '' });
    expect(problem!.field).toBe('accentColour');
    expect(problem!.reason).toContain("dark page's");
    expect(accentFailure(problem!.suggestion!, 'dark')).toBeNull();
    expect(themeProblems({ theme: 'light', accentColour: '#1c4fd6', backgroundColour: '' })).toEqual([]);
  });

  it("checks 'system' on the light page and derives a dark accent that passes the dark one", () => {
    expect(themeProblems({ theme: 'system', accentColour: '#0f766e', backgroundColour: '' })).toEqual([]);
    expect(themeProblems({ theme: 'system', accentColour: '#ffcc00', backgroundColour: '' })[0]!.field).toBe('accentColour');
    for (const accent of ['#0f766e', '#1c4fd6', '#b42318', '#000000']) expect(accentFailure(darkVariant(accent), 'dark')).toBeNull();
  });

  it('refuses a background on which the secondary text would not reach 4.5:1', () => {
    const [problem] = themeProblems({ theme: 'light', accentColour: '', backgroundColour: '#777777' });
    expect(problem!.field).toBe('backgroundColour');
    expect(backgroundFailure(problem!.suggestion!, 'light')).toBeNull();
    expect(themeProblems({ theme: 'light', accentColour: '', backgroundColour: '#fdf6e3' })).toEqual([]);
    expect(themeProblems({ theme: 'dark', accentColour: '', backgroundColour: '#fdf6e3' })[0]!.field).toBe('backgroundColour');
  });

  it("checks a brand's colour on light pages and its dark variant on dark ones", () => {
    expect(brandProblems({ brandColour: '#0f766e', brandColourDark: '#5eead4' })).toEqual([]);
    expect(brandProblems({ brandColour: '#5eead4' }).map((p) => p.field)).toEqual(['brandColour']);
    expect(brandProblems({ brandColourDark: '#0f766e' }).map((p) => p.field)).toEqual(['brandColourDark']);
    expect(brandProblems({ brandColour: '', brandColourDark: '' })).toEqual([]);
  });
});
