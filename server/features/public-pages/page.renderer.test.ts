import { gzipSync, brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeLink, makeProfile } from '../../documents/documents.test-support.ts';
import { createPageRenderer } from './page.renderer.tsx';
import { createPageTexts } from './page-texts.ts';

const render = createPageRenderer({
  publicUrl: 'https://cards.example.com',
  texts: createPageTexts(),
  issuer: { name: 'Acme Cards', email: 'help@cards.example.com' },
});
/** The full fixture profile: every field, 20 links, umlauts, with a profile image and a logo. */
const full = makeProfile({ profileImagePath: '/media/profile/prof1/a1b2c3.webp', profileLogoPath: '/media/logo/prof1/d4e5f6.webp' });

/** The budget: the whole page in the first round trip of a new connection. */
const BUDGET_BYTES = 14 * 1024;

describe('the size budget of the public profile page', () => {
  for (const lng of ['de', 'en'] as const) {
    it(`fits the full fixture profile into 14 KB of gzip in ${lng}, CSS, icons and script included`, () => {
      const { html } = render.profile(full, lng);
      const gzip = gzipSync(html, { level: 9 }).length;
      const brotli = brotliCompressSync(html).length;
      console.info(`full profile (${lng}): ${html.length} bytes HTML, ${gzip} gzip, ${brotli} brotli`);
      expect(full.socialMediaLinks).toHaveLength(20);
      expect(html).toContain('<style>');
      expect(html).toContain('<script>');
      expect(gzip).toBeLessThanOrEqual(BUDGET_BYTES);
    });
  }
});

describe('the rendered profile page', () => {
  const { html } = render.profile(full, 'de');

  it("shows SPEC 2's sections in SPEC 2's order", () => {
    const order = [
      'class="p-logo"',
      'class="p-av"',
      'Dr. Jürgen Größe-Übermühl',
      'Leiter Vertrieb',
      // Issue 23: the company under the name, as on a paper card.
      '<p class="p-job p-co">Müller &amp; Söhne Maschinenbau GmbH</p>',
      'href="#remind"',
      'Unsere Produkte',
      'Wir entwickeln seit 1923',
      'aria-label="LinkedIn"',
      'id="h-company"',
      'juergen.privat@example.org',
    ];
    const body = html.slice(html.indexOf('<body>'));
    const positions = order.map((s) => body.indexOf(s));
    expect(
      positions.every((p) => p >= 0),
      JSON.stringify(positions),
    ).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
  });

  it('links only to http(s), mailto, tel, its own paths and fragments (D12)', () => {
    const hrefs = [...html.matchAll(/ href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs.length).toBeGreaterThan(30);
    for (const href of hrefs) expect(href, href).toMatch(/^(https?:\/\/|mailto:|tel:|#|\/|\?lng=|data:image\/svg\+xml,)/);
  });

  it('sizes every image and uses no style attribute (the CSP allows only the hashed stylesheet)', () => {
    for (const img of html.match(/<img [^>]*>/g) ?? []) expect(img).toMatch(/ width="\d+" height="\d+"/);
    expect(html).not.toMatch(/ style="/);
  });

  it('keeps element ids unique', () => {
    const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('carries a symbol for every icon it uses, and none it does not', () => {
    const symbols = new Set([...html.matchAll(/<symbol id="([^"]+)"/g)].map((m) => m[1]));
    const used = new Set([...html.matchAll(/<use href="#([^"]+)"/g)].map((m) => m[1]));
    for (const id of used) expect(symbols, id).toContain(id);
    expect([...symbols].filter((s) => !used.has(s))).toEqual([]);
  });

  it('makes the fax plain text and the address a maps search', () => {
    expect(html).not.toContain('tel:+4989987659');
    expect(html).toContain('+49 89 98765-99');
    expect(html).toContain('https://www.google.com/maps/search/?api=1&amp;query=K%C3%B6nigstra%C3%9Fe%2012a%2C%2080331%20M%C3%BCnchen%2C%20Deutschland');
  });
});

describe('edge cases of the profile page', () => {
  it('hides the name line without first and last name, but keeps a heading for the page', () => {
    const { html } = render.profile(makeProfile({ firstName: '', lastName: '', personalTitle: 'Dr.', socialMediaLinks: [] }), 'en');
    expect(html).toContain('<h1 class="p-sr">Müller &amp; Söhne Maschinenbau GmbH</h1>');
    expect(html).not.toContain('class="p-name"');
    expect(html).not.toContain('id="open-link"');
  });

  it('shows initials without a profile image, and no empty blocks', () => {
    const p = makeProfile({ socialMediaLinks: [], businessNote: '', phoneNumber: '', mobileNumber: '', emailAddress: '' });
    const { html } = render.profile(p, 'de');
    expect(html).toContain('<div class="p-av" aria-hidden="true">JG</div>');
    for (const id of ['h-links', 'h-note', 'h-social', 'h-private']) expect(html).not.toContain(`id="${id}"`);
    expect(html).toContain('id="h-company"');
  });

  it('shows a refused link as text, never as a link', () => {
    const p = makeProfile({ socialMediaLinks: [makeLink({ type: 'website', name: 'Klick', link: 'javascript:alert(1)', sort: 1 })] });
    const { html } = render.profile(p, 'de');
    expect(html).toContain('Klick');
    expect(html).not.toContain('javascript:');
  });

  it('offers contact_not_saved instead of a download for a profile without id', () => {
    const { html } = render.profile(makeProfile({ id: '' }), 'en');
    expect(html).toContain('href="#not-saved"');
    expect(html).toContain('The contact cannot be saved yet.');
  });
});
