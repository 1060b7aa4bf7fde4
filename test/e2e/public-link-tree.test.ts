import { describe, expect, it } from 'vitest';
import { maybeScreenshot, phoneContext } from './support/browser.ts';
import { startPublicServer } from './support/public-server.ts';
import { useE2eSession } from './support/session.ts';

// SPEC 2's link-in-bio page on a phone: avatar, full name, social icons, web links.

const session = useE2eSession(startPublicServer);

for (const lng of ['de', 'en'] as const) {
  describe(`link-in-bio page in ${lng}`, () => {
    for (const path of ['l', 'linkinbio']) {
      it(`/${path}/{shortLinkId} shows avatar, name, social links and web links`, async () => {
        session.context = await phoneContext(session.browser, { locale: lng === 'de' ? 'de-DE' : 'en-US' });
        const page = await session.context.newPage();
        const res = await page.goto(`${session.server.base}/${path}/${session.server.full.shortLinkId}`);
        expect(res?.status()).toBe(200);
        expect(await page.getAttribute('html', 'lang')).toBe(lng);
        expect(await page.locator('img.p-av').evaluate((i: HTMLImageElement) => i.naturalWidth > 0)).toBe(true);
        expect(await page.locator('h1').innerText()).toBe('Dr. Jürgen Größe-Übermühl');
        // website, hardLink and (issue 23) `other` are labelled rows here; the rest are social icons.
        const web = await page.locator('.p-list a').evaluateAll((as) => as.map((a) => a.textContent));
        expect(web).toHaveLength(4);
        expect(web).toEqual(expect.arrayContaining(['Termin buchen', 'Unsere Produkte', 'Katalog 2026 (PDF)', 'https://blog.mueller-soehne.example.com']));
        expect(await page.locator('.p-soc a').count()).toBe(16);
        // Issue 22: the real address with rel=me (profile verification); the click is counted by a ping to /go.
        const first = page.locator('.p-soc a').first();
        expect(await first.getAttribute('href')).toMatch(/^https:\/\//);
        expect(await first.getAttribute('rel')).toBe('me noopener');
        expect(await page.locator('script').count()).toBe(1);
        await maybeScreenshot(page, `link-tree-${lng}-360`, { fullPage: true });
      });
    }

    it('says profile not found for an unknown short link (404)', async () => {
      session.context = await phoneContext(session.browser, { locale: lng === 'de' ? 'de-DE' : 'en-US' });
      const page = await session.context.newPage();
      const res = await page.goto(`${session.server.base}/l/unknownLink`);
      expect(res?.status()).toBe(404);
      expect(await page.locator('h1').innerText()).toBe(lng === 'de' ? 'Profil nicht gefunden' : 'Profile not found');
      await maybeScreenshot(page, `profile-missing-${lng}-360`);
    });
  });
}
