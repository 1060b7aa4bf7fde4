import { mix } from '../colour-contrast.ts';
import { accentRoles, darkVariant, PALETTE, type ButtonShape, type Mode, type Theme } from '../page-theme.ts';

/**
 * Issue 26: a page's look as CSS, added after the public pages' stylesheet (public-page.css.ts)
 * as custom properties and a few overrides. The default look (light, no accent, rounded, no
 * background) adds nothing, so such pages are byte for byte what they were. docs/themes.md.
 */

/** The theme fields of a profile as a page reads them. */
export interface ThemeFields {
  theme: Theme;
  accentColour: string;
  buttonShape: ButtonShape;
  backgroundColour: string;
  backgroundImagePath: string | null;
}

/** Issue 24: an organisation's brand on its company profiles' pages; it wins over the member's own accent and logo. */
export interface PageBrand {
  colour: string;
  colourDark: string;
  logoPath: string | null;
}

/** What a page shows: the theme, the accent of each mode ('' for the default), the shape and the background. */
export interface PageLook {
  theme: Theme;
  accent: string;
  accentDark: string;
  buttonShape: ButtonShape;
  background: string;
  backgroundImage: string | null;
  logoPath: string | null;
}

/**
 * The look of a profile's page. The accent shown in dark mode is the one chosen for `dark`, the
 * brand's dark variant, or else derived from the light accent (page-theme.ts darkVariant).
 */
export function pageLook(fields: ThemeFields & { profileLogoPath: string | null }, brand?: PageBrand | null): PageLook {
  const light = brand?.colour || fields.accentColour;
  // A brand's colour comes with its dark variant or derives one; a profile's own accent is its dark one under `dark`.
  const dark = brand?.colour ? brand.colourDark || darkVariant(brand.colour) : fields.theme === 'dark' || !light ? fields.accentColour : darkVariant(light);
  return {
    theme: fields.theme,
    accent: fields.theme === 'dark' ? '' : light,
    accentDark: fields.theme === 'light' ? '' : dark,
    buttonShape: fields.buttonShape,
    background: fields.backgroundColour,
    backgroundImage: fields.backgroundImagePath,
    logoPath: brand?.logoPath || fields.profileLogoPath,
  };
}

const SHAPES: Record<ButtonShape, string> = { rounded: '', pill: '--ra:30px;--rb:999px;', square: '--ra:4px;--rb:4px;' };

/** The variables of an accent in a mode, and the header's gradient from it. */
function accentCss(accent: string, mode: Mode): string {
  const { onAccent, tint } = accentRoles(accent, mode);
  const top = mode === 'light' ? `${mix(accent, '#000000', 0.55)},${accent}` : `${PALETTE.dark.bg},${mix(accent, PALETTE.dark.card, 0.3)}`;
  return `.pp{--acc:${accent};--acc2:${tint};--on:${onAccent}}.p-top{background:linear-gradient(135deg,${top})}`;
}

/** Dark mode: the dark palette and the few rules that name light colours; `surface` takes the page's background and text colour. */
function darkCss(accent: string, background: string, surface: string): string {
  const d = PALETTE.dark;
  return (
    `${surface}{background:${background || d.bg};color:${d.ink}}` +
    `.pp{color-scheme:dark;--ink:${d.ink};--mute:${d.mute};--line:#2c3443;--card:${d.card};--sh:0 1px 3px rgba(0,0,0,.6)}` +
    accentCss(accent || d.accent, 'dark') +
    `.p-lng{background:rgba(0,0,0,.35)}.p-lng a{color:${d.ink}}.p-lng a[aria-current]{background:var(--acc);color:var(--on)}` +
    `.p-av{border-color:${d.card}}a.p-row:hover{background:#232b38}.p-chev,.p-soc span{color:#7d8796}` +
    `.p-in{background:${d.bg};border-color:#6b7686}.pp .p-err{color:#ff9b8f}.p-in:user-invalid,.p-bad #contact-email{border-color:#ff9b8f}`
  );
}

/**
 * The CSS of a look; '' for the default look. `surface`: the element behind the page, whose
 * background (and, in dark mode, text colour) the look sets: the server's document `body`, or
 * the owner app's preview frame (issue 35: with the app's light body behind a dark page, the
 * name in the page's light ink was nearly invisible in the preview).
 */
export function themeCss(look: PageLook, surface = 'body'): string {
  let css = '';
  if (look.theme !== 'dark') {
    if (look.background) css += `${surface}{background:${look.background}}`;
    if (look.accent) css += accentCss(look.accent, 'light');
  }
  if (look.theme === 'dark') css += darkCss(look.accentDark, look.background, surface);
  if (look.theme === 'system') css += `@media (prefers-color-scheme:dark){${darkCss(look.accentDark, '', surface)}}`;
  if (SHAPES[look.buttonShape]) css += `.pp{${SHAPES[look.buttonShape]}}`;
  // The image fills the band at the top (a cover), never the area behind text: contrast stays checked.
  if (look.backgroundImage)
    css += `.p-top{background:#555 url("${look.backgroundImage}") center/cover}.p-lng{background:rgba(0,0,0,.6)}.p-lt .p-top+main .p-av{margin-top:-60px}`;
  return css;
}
