import { AA_TEXT, contrastRatio, formatRatio, mix, nearestPassing } from './colour-contrast.ts';

/**
 * Issue 26's page themes (docs/themes.md): the looks an owner picks for the public page and the
 * link-in-bio page, the colours each look puts side by side, and which of them must reach WCAG
 * AA. Shared by the server (the save's check, the page's CSS) and the owner app (the live check).
 */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const BUTTON_SHAPES = ['rounded', 'pill', 'square'] as const;
export type ButtonShape = (typeof BUTTON_SHAPES)[number];
export type Mode = 'light' | 'dark';

/** The fixed colours of each mode; the light ones are the page's look before issue 26. */
export const PALETTE = {
  light: { bg: '#eef1f6', card: '#ffffff', ink: '#15181d', mute: '#566170', accent: '#1c4fd6', tint: '#e9effd' },
  dark: { bg: '#0f131a', card: '#1a202b', ink: '#e8ebf0', mute: '#a9b2bf', accent: '#8aa6f0', tint: '#2c354b' },
} as const;

/** Light text on a filled button, or dark text when that contrasts more (light accents, dark mode). */
const LIGHT_TEXT = '#ffffff';
const DARK_TEXT = '#0f131a';

/** The colours derived from an accent in a mode: the filled button's text and the tinted button's background. */
export function accentRoles(accent: string, mode: Mode): { accent: string; onAccent: string; tint: string } {
  const onAccent = contrastRatio(accent, LIGHT_TEXT) >= contrastRatio(accent, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
  // Light: a 10 % wash of the accent on white; dark: 16 % on the dark card.
  const tint = mode === 'light' ? mix(accent, PALETTE.light.card, 0.1) : mix(accent, PALETTE.dark.card, 0.16);
  return { accent, onAccent, tint };
}

/** One failed pair: what the colour was set against, the ratio reached and the one needed. */
export interface ContrastFailure {
  ratio: number;
  needs: number;
  against: string;
  /** e.g. "white button text". */
  what: string;
}

/**
 * Where an accent is text or carries text: white (or dark) button text on it, and the accent as
 * text and icon colour on its tinted buttons and rows (the tint is darker than the card, so it
 * is the stricter of the two). The worst failing pair, or null when all reach 4.5:1.
 */
export function accentFailure(accent: string, mode: Mode): ContrastFailure | null {
  const roles = accentRoles(accent, mode);
  const pairs: ContrastFailure[] = [
    {
      ratio: contrastRatio(accent, roles.onAccent),
      needs: AA_TEXT,
      against: roles.onAccent,
      what: roles.onAccent === LIGHT_TEXT ? 'white button text' : 'dark button text',
    },
    { ratio: contrastRatio(accent, roles.tint), needs: AA_TEXT, against: roles.tint, what: `the ${mode} page's tinted buttons` },
  ];
  return worst(pairs);
}

/**
 * The page background is behind the name, job title and section headings: the grey secondary
 * text of the mode must reach 4.5:1 on it (the main text, darker or lighter still, then does too).
 */
export function backgroundFailure(background: string, mode: Mode): ContrastFailure | null {
  const { mute, ink } = PALETTE[mode];
  return worst([
    { ratio: contrastRatio(background, mute), needs: AA_TEXT, against: mute, what: `the ${mode} page's secondary text` },
    { ratio: contrastRatio(background, ink), needs: AA_TEXT, against: ink, what: `the ${mode} page's text` },
  ]);
}

function worst(pairs: ContrastFailure[]): ContrastFailure | null {
  const failing = pairs.filter((p) => p.ratio < p.needs).sort((a, b) => a.ratio / a.needs - b.ratio / b.needs);
  return failing[0] ?? null;
}

/** "contrast 2.1:1 against white button text (#ffffff), needs 4.5:1". */
export const failureReason = (f: ContrastFailure) => `contrast ${formatRatio(f.ratio)} against ${f.what} (${f.against}), needs ${f.needs}:1`;

/**
 * The accent of dark mode when only a light one was chosen (theme `system`, or a brand without
 * its dark variant): the nearest colour of the same hue that passes on the dark page. One colour
 * cannot be text on both a white and a dark card at 4.5:1 (docs/themes.md), so it is derived.
 */
export function darkVariant(accent: string): string {
  return nearestPassing(accent, (c) => accentFailure(c, 'dark') === null) ?? PALETTE.dark.accent;
}

/** The modes in which the chosen accent and background are shown as chosen. */
export const checkedModes = (theme: Theme): Mode[] => (theme === 'dark' ? ['dark'] : ['light']);

/** A refused colour: the field, why, and the nearest colour that would pass. */
export interface ThemeProblem {
  field: 'accentColour' | 'backgroundColour' | 'brandColour' | 'brandColourDark';
  reason: string;
  /** The ratio reached and the one needed, for the owner app's own words. */
  ratio: number;
  needs: number;
  suggestion: string | null;
}

/**
 * The contrast check of a save (issue 26): the accent and background as shown in the theme's
 * fixed mode (light for `light` and `system`, dark for `dark`). `system`'s dark mode shows the
 * derived dark accent and the dark page's own background, which pass by construction.
 */
export function themeProblems(input: { theme: Theme; accentColour: string; backgroundColour: string }): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  for (const mode of checkedModes(input.theme)) {
    if (input.accentColour) {
      const f = accentFailure(input.accentColour, mode);
      if (f)
        problems.push({
          field: 'accentColour',
          reason: failureReason(f),
          ratio: f.ratio,
          needs: f.needs,
          suggestion: nearestPassing(input.accentColour, (c) => accentFailure(c, mode) === null),
        });
    }
    if (input.backgroundColour) {
      const f = backgroundFailure(input.backgroundColour, mode);
      if (f)
        problems.push({
          field: 'backgroundColour',
          reason: failureReason(f),
          ratio: f.ratio,
          needs: f.needs,
          suggestion: nearestPassing(input.backgroundColour, (c) => backgroundFailure(c, mode) === null),
        });
    }
  }
  return problems;
}

/** An organisation's brand colours (issue 24): the light one as a light accent, the dark one as a dark accent. */
export function brandProblems(input: { brandColour?: string; brandColourDark?: string }): ThemeProblem[] {
  const problems: ThemeProblem[] = [];
  const check = (field: 'brandColour' | 'brandColourDark', colour: string | undefined, mode: Mode) => {
    if (!colour) return;
    const f = accentFailure(colour, mode);
    if (f)
      problems.push({
        field,
        reason: failureReason(f),
        ratio: f.ratio,
        needs: f.needs,
        suggestion: nearestPassing(colour, (c) => accentFailure(c, mode) === null),
      });
  };
  check('brandColour', input.brandColour, 'light');
  check('brandColourDark', input.brandColourDark, 'dark');
  return problems;
}
