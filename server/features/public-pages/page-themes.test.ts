import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import type { PageBrand } from '../../../shared/public-page/theme.css.ts';
import { DOCUMENT_CSS, PUBLIC_PAGE_CSS } from '../../../shared/public-page/public-page.css.ts';
import { makeProfile } from '../../documents/documents.test-support.ts';
import { createPageRenderer } from './page.renderer.tsx';
import { createPageTexts } from './page-texts.ts';

const render = createPageRenderer({
  publicUrl: 'https://cards.example.com',
  texts: createPageTexts(),
  issuer: { name: 'Acme Cards', email: 'help@cards.example.com' },
});
const full = makeProfile({ profileImagePath: '/media/profile/prof1/a1b2c3.webp', profileLogoPath: '/media/logo/prof1/d4e5f6.webp' });
const BUDGET_BYTES = 14 * 1024;
const styleOf = (html: string) => /<style>([\s\S]*?)<\/style>/.exec(html)![1]!;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** Every look of issue 26 at its largest: each theme with an accent, a background colour, a shape and an image. */
const LOOKS: Record<string, Partial<Profile>> = {
  light: {
    theme: 'light',
    accentColour: '#0f766e',
    backgroundColour: '#fdf6e3',
    buttonShape: 'pill',
    backgroundImagePath: '/media/profiles/prof1/background-x.jpg',
  },
  dark: {
    theme: 'dark',
    accentColour: '#8aa6f0',
    backgroundColour: '#10151c',
    buttonShape: 'square',
    backgroundImagePath: '/media/profiles/prof1/background-x.jpg',
  },
  system: {
    theme: 'system',
    accentColour: '#b42318',
    backgroundColour: '#fdf6e3',
    buttonShape: 'pill',
    backgroundImagePath: '/media/profiles/prof1/background-x.jpg',
  },
};
const brand: PageBrand = { colour: '#0f766e', colourDark: '', logoPath: '/media/organisations/org1/logo-b.png' };

describe('page themes on the public pages (issue 26)', () => {
  for (const [name, look] of Object.entries(LOOKS)) {
    for (const lng of ['de', 'en'] as const) {
      it(`fits the full fixture profile in the ${name} theme into 14 KB of gzip in ${lng}, on /p and /l`, () => {
        const profile = makeProfile({ ...full, ...look });
        const page = render.profile(profile, lng, 'link', undefined, brand);
        const gzip = gzipSync(page.html, { level: 9 }).length;
        const tree = gzipSync(render.linkTree(profile, lng, brand).html, { level: 9 }).length;
        console.info(`full profile, ${name} theme (${lng}): ${page.html.length} bytes HTML, ${gzip} gzip; link-in-bio ${tree} gzip`);
        expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
        expect(tree).toBeLessThanOrEqual(BUDGET_BYTES);
      });
    }
  }

  it('adds nothing to the page of the default look, so pages from before issue 26 stay the same', () => {
    const page = render.profile(full, 'de');
    expect(styleOf(page.html)).toBe(DOCUMENT_CSS + PUBLIC_PAGE_CSS);
    expect(page.csp).toContain(`style-src ${sha256(DOCUMENT_CSS + PUBLIC_PAGE_CSS)}`);
  });

  it("allows a themed page's one stylesheet by its own hash (no 'unsafe-inline')", () => {
    for (const look of Object.values(LOOKS)) {
      const page = render.profile(makeProfile({ ...full, ...look }), 'en');
      expect(page.csp).toContain(`style-src ${sha256(styleOf(page.html))}`);
      expect(page.csp).not.toContain('unsafe-inline');
      expect(page.html).not.toMatch(/ style="/);
    }
  });

  it("follows the visitor's system only for the system theme, and paints the dark theme dark always", () => {
    const css = (look: Partial<Profile>) => styleOf(render.profile(makeProfile({ ...full, ...look }), 'en').html);
    expect(css({ theme: 'system' })).toContain('@media (prefers-color-scheme:dark){body{background:#0f131a');
    expect(css({ theme: 'dark' })).toMatch(/body\{background:#0f131a;color:#e8ebf0\}/);
    expect(css({ theme: 'dark' })).not.toContain('prefers-color-scheme:dark');
    expect(css({ theme: 'light', buttonShape: 'pill' })).toContain('--rb:999px');
    expect(css({ theme: 'light', accentColour: '#0f766e' })).toContain('--acc:#0f766e');
  });

  it('shows the background image as the band at the top of /p and /l, never behind text', () => {
    const profile = makeProfile({ ...full, backgroundImagePath: '/media/profiles/prof1/background-x.jpg' });
    expect(styleOf(render.profile(profile, 'en').html)).toContain('.p-top{background:#555 url("/media/profiles/prof1/background-x.jpg") center/cover}');
    expect(render.linkTree(profile, 'en').html).toContain('<div class="p-top"></div><main>');
    expect(render.linkTree(full, 'en').html).not.toContain('class="p-top"');
  });

  it("shows a company profile with its organisation's logo and brand colour, which win over the member's own", () => {
    const profile = makeProfile({ ...full, accentColour: '#6d28d9' });
    const page = render.profile(profile, 'en', 'link', undefined, brand);
    expect(page.html).toContain('src="/media/organisations/org1/logo-b.png"');
    expect(page.html).not.toContain('d4e5f6.webp');
    expect(styleOf(page.html)).toContain('--acc:#0f766e');
    expect(styleOf(page.html)).not.toContain('#6d28d9');
    // Without a logo of its own the brand keeps the member's logo.
    expect(render.profile(profile, 'en', 'link', undefined, { ...brand, logoPath: null }).html).toContain('d4e5f6.webp');
  });

  it("uses the brand's dark variant on a dark company page, or one derived from its colour", () => {
    const dark = makeProfile({ ...full, theme: 'dark' });
    expect(styleOf(render.profile(dark, 'en', 'link', undefined, { ...brand, colourDark: '#5eead4' }).html)).toContain('--acc:#5eead4');
    const derived = styleOf(render.profile(dark, 'en', 'link', undefined, brand).html);
    expect(derived).not.toContain('--acc:#0f766e');
    expect(derived).toMatch(/--acc:#[0-9a-f]{6}/);
  });
});
