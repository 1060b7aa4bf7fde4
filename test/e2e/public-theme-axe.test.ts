import { beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, maybeScreenshot } from './support/browser.ts';
import { startPublicServer } from './support/public-server.ts';
import { useE2eSession } from './support/session.ts';
import { makeLooks, openLook, type Look } from './support/theme-looks.ts';

// Issue 26: axe-core finds no violation on /p, its dialogs and /l in every page theme (the system
// theme in a light and a dark browser), at 360 px and on a desktop; issue 24: nor on a company
// profile in its organisation's brand. Lighthouse's scores of the themes: public-theme-audits.test.ts.

const session = useE2eSession(startPublicServer);
let looks: Look[] = [];
beforeAll(async () => {
  looks = await makeLooks(session.server);
});
const open = (lng: 'de' | 'en', path: string, scheme: 'light' | 'dark', desktop = false) => openLook(session, lng, path, scheme, desktop);

describe('axe-core in every page theme', () => {
  for (const lng of ['de', 'en'] as const) {
    it(`finds nothing on /p, its dialogs and /l in each theme in ${lng}`, async () => {
      for (const look of looks) {
        const page = await open(lng, `/p/${look.profile.id}`, look.scheme);
        expect(await axeViolations(page), `${look.name} /p`).toEqual([]);
        await maybeScreenshot(page, `theme-${look.name}-p-360-${lng}`, { fullPage: true });
        await page.locator('.p-acts a[href="#contact"]').click();
        expect(await axeViolations(page), `${look.name} contact dialog`).toEqual([]);
        await page.keyboard.press('Escape');
        await page.locator('.p-fab summary').click();
        expect(await axeViolations(page), `${look.name} menu`).toEqual([]);
        await page.goto(`${session.server.base}/l/${look.profile.shortLinkId}`);
        expect(await axeViolations(page), `${look.name} /l`).toEqual([]);
        await maybeScreenshot(page, `theme-${look.name}-l-360-${lng}`, { fullPage: true });
        await session.context!.close();
        const desktop = await open(lng, `/p/${look.profile.id}`, look.scheme, true);
        expect(await axeViolations(desktop), `${look.name} /p desktop`).toEqual([]);
        await maybeScreenshot(desktop, `theme-${look.name}-p-desktop-${lng}`);
        await session.context!.close();
      }
    }, 180_000);
  }
});
