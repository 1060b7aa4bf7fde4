import { describe, expect, it } from 'vitest';
import { gmailSanitize } from '../../../test/support/gmail-sanitizer.ts';
import { makeLink, makeProfile } from '../../documents/documents.test-support.ts';
import { createPageTexts } from '../public-pages/index.ts';
import { SIGNATURE_LAYOUTS } from '../../../shared/schemas/signature.schema.ts';
import { buildSignature, type SignatureInput } from './signature.builder.ts';

const texts = createPageTexts();
const BASE = 'https://cards.example';
const withImages = makeProfile({ profileImagePath: '/media/profiles/photo.jpg', profileLogoPath: '/media/profiles/logo.png' });

function input(overrides: Partial<SignatureInput> = {}): SignatureInput {
  return {
    profile: withImages,
    base: BASE,
    language: 'en',
    t: texts('en', 'profile'),
    iconUrl: (type) => `${BASE}/signature-icons/${type}.png?v=1`,
    layout: 'classic',
    saveLink: true,
    logoSize: { width: 300, height: 100 },
    ...overrides,
  };
}

describe('the e-mail signature (issue 26)', () => {
  for (const layout of SIGNATURE_LAYOUTS) {
    describe(`layout ${layout}`, () => {
      const { html } = buildSignature(input({ layout }));

      it('is kept whole by a sanitizer with Gmail rules', () => {
        expect(gmailSanitize(html)).toBe(html);
      });

      it('stays under 10 KB for the full fixture profile', () => {
        expect(Buffer.byteLength(html)).toBeLessThan(10_000);
      });

      it('uses tables and inline styles only: no SVG, no class, no <style>, no web font', () => {
        expect(html).toMatch(/^<table /);
        expect(html).not.toMatch(/<svg|<style|class=|@font-face|<link/i);
        for (const [, src] of html.matchAll(/<img src="([^"]+)"/g)) expect(src).toMatch(/^https:\/\/cards\.example\//);
      });
    });
  }

  it('links the name to the page and the save link to the vCard, both counted as the signature source', () => {
    const { html } = buildSignature(input());
    expect(html).toContain(`href="${BASE}/p/prof1?src=signature"`);
    expect(html).toContain(`href="${BASE}/download/generate-vcf-with-comment?profileId=prof1&amp;src=signature"`);
    expect(buildSignature(input({ saveLink: false })).html).not.toContain('generate-vcf');
  });

  it('gives the photo its square copy and the logo a width and height in its own proportions (issue 35)', () => {
    const { html } = buildSignature(input());
    // The photo: the server's square crop, so no client squashes a portrait into the 80 px box.
    expect(html).toMatch(/<img src="https:\/\/cards\.example\/signature-photos\/profiles\/photo\.jpg" alt="[^"]*" width="80" height="80"/);
    // The logo under the text: 32 px high, 3:1 as uploaded.
    expect(html).toContain(`<img src="${BASE}/media/profiles/logo.png" alt="" width="96" height="32" style="display:block;width:96px;height:32px;border:0" />`);
    // A very wide logo is held to 160 px and gets lower; without a photo the logo stands beside the text, larger.
    expect(buildSignature(input({ logoSize: { width: 1000, height: 100 } })).html).toContain('width="160" height="16"');
    const logoOnly = buildSignature(input({ profile: { ...withImages, profileImagePath: null } })).html;
    expect(logoOnly).toContain('width="120" height="40"');
    // A logo whose size could not be read is left out rather than stretched.
    expect(buildSignature(input({ logoSize: null })).html).not.toContain('logo.png');
  });

  it('shows the photo in the classic layout and the logo in the stacked one; the compact one has no picture', () => {
    expect(buildSignature(input()).html).toContain(`src="${BASE}/signature-photos/profiles/photo.jpg"`);
    expect(buildSignature(input({ layout: 'stacked' })).html).toMatch(
      /^<table[^>]*><tr><td[^>]*><img src="https:\/\/cards\.example\/media\/profiles\/logo\.png"/,
    );
    expect(buildSignature(input({ layout: 'compact' })).html).not.toContain('/media/');
  });

  it('escapes what the owner typed and leaves out links that are not safe', () => {
    const profile = makeProfile({
      firstName: '<b>Eve</b>',
      lastName: '"Quote"',
      jobTitle: 'A & B',
      socialMediaLinks: [
        makeLink({ type: 'linkedin', link: 'javascript:alert(1)', name: 'Evil', sort: 1 }),
        makeLink({ type: 'github', link: 'https://github.com/eve', name: 'GitHub', sort: 2 }),
      ],
    });
    const { html, text } = buildSignature(input({ profile }));
    expect(html).toContain('&lt;b&gt;Eve&lt;/b&gt; "Quote"</a>');
    expect(html).toContain('A &amp; B');
    expect(html).not.toContain('javascript:');
    expect(html).toContain(`src="${BASE}/signature-icons/github.png?v=1"`);
    expect(html).not.toContain('linkedin.png');
    expect(gmailSanitize(html)).toBe(html);
    expect(text.split('\n').slice(0, 2)).toEqual(['Dr. <b>Eve</b> "Quote"', 'A & B · Müller & Söhne Maschinenbau GmbH']);
  });

  it('labels phones and e-mail in the language asked for', () => {
    expect(buildSignature(input({ language: 'de', t: texts('de', 'profile') })).text).toContain('Mobil: +49 160 9876543');
    expect(buildSignature(input()).text).toContain('Mobile: +49 160 9876543');
  });

  it("uses the page's accent for its links and rule (issue 26), the default blue without one", () => {
    expect(buildSignature(input({ accent: '#0f766e' })).html).toContain('border-left:2px solid #0f766e');
    expect(buildSignature(input({ accent: '#0f766e' })).html).toContain('color:#0f766e;font-weight:bold');
    expect(buildSignature(input()).html).toContain('border-left:2px solid #1c4fd6');
  });
});
