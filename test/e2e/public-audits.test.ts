import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, phoneContext } from './support/browser.ts';
import { bestLighthouse } from './support/lighthouse.ts';
import { startPublicServer, type PublicServer } from './support/public-server.ts';

// The quality budgets, measured: axe-core finds no violation on any public page or
// dialog, and Lighthouse (mobile) scores the full profile 100/100/100 and SEO at least 95.

let server: PublicServer;
let browser: Browser;
let context: BrowserContext | undefined;
let unregisteredCard: string;

beforeAll(async () => {
  [server, browser] = await Promise.all([startPublicServer(), launchBrowser()]);
  [unregisteredCard] = await server.t.mintCards('rainbow', 1);
});
afterAll(async () => {
  await browser?.close();
  await server?.t.close();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});

async function phone(lng: 'de' | 'en', path: string, javaScriptEnabled = true): Promise<Page> {
  context = await phoneContext(browser, { locale: lng === 'de' ? 'de-DE' : 'en-US', javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(`${server.base}${path}`);
  return page;
}

/** axe's violations as `rule: target` lines, so a failure names what to fix. */
async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

describe('axe-core', () => {
  for (const lng of ['de', 'en'] as const) {
    it(`finds nothing on the pages in ${lng}`, async () => {
      const paths = [`/p/${server.full.id}`, `/l/${server.full.shortLinkId}`, `/card/${unregisteredCard}`, '/card/neverMinted1', '/p/missingProfile'];
      for (const path of paths) {
        const page = await phone(lng, path);
        expect(await violations(page), path).toEqual([]);
        await context!.close();
      }
    });

    it(`finds nothing in the profile page's dialogs in ${lng}`, async () => {
      const page = await phone(lng, `/p/${server.full.id}`);
      await page.locator('.p-fab summary').click();
      expect(await violations(page), 'menu open').toEqual([]);
      for (const opener of ['.p-acts a[href="#remind"]', '.p-acts a[href="#contact"]', 'a[data-confirm]']) {
        await page.locator(opener).first().click();
        expect(await violations(page), opener).toEqual([]);
        await page.keyboard.press('Escape');
      }
      await page.locator('.p-acts a[href="#contact"]').click();
      await page.locator('#contact form button[type=submit]').click();
      expect(await violations(page), 'email_error shown').toEqual([]);
    });

    it(`finds nothing in the :target dialogs a visitor without JavaScript sees in ${lng}`, async () => {
      // axe needs JavaScript to run, so the page's own script is taken out instead of switching JavaScript off.
      context = await phoneContext(browser, { locale: lng === 'de' ? 'de-DE' : 'en-US' });
      await context.route(`${server.base}/p/**`, async (route) => {
        const res = await route.fetch();
        await route.fulfill({ response: res, body: (await res.text()).replace(/<script>[\s\S]*?<\/script>/, '') });
      });
      const page = await context.newPage();
      for (const target of ['remind', 'contact-invalid', 'contact-sent']) {
        await page.goto(`${server.base}/p/${server.full.id}#${target}`);
        expect(await page.locator('script').count()).toBe(0);
        expect(await violations(page), target).toEqual([]);
      }
    });
  }
});

describe('Lighthouse 12, mobile (best of up to five runs, see support/lighthouse.ts)', () => {
  it('scores the full profile page 100 / 100 / 100 and SEO at least 95', async () => {
    const { scores, failing, metrics, performanceRuns } = await bestLighthouse(`${server.base}/p/${server.full.id}`);
    console.info('lighthouse /p/{id}', scores, metrics, 'performance runs', performanceRuns);
    expect({ scores, failing }).toMatchObject({ scores: { performance: 100, accessibility: 100, 'best-practices': 100 } });
    expect(scores.seo, JSON.stringify(failing.seo)).toBeGreaterThanOrEqual(95);
  }, 300_000);

  it('scores the link-in-bio page the same', async () => {
    const { scores, failing, metrics, performanceRuns } = await bestLighthouse(`${server.base}/l/${server.full.shortLinkId}`);
    console.info('lighthouse /l/{id}', scores, metrics, 'performance runs', performanceRuns);
    expect({ scores, failing }).toMatchObject({ scores: { performance: 100, accessibility: 100, 'best-practices': 100 } });
    expect(scores.seo, JSON.stringify(failing.seo)).toBeGreaterThanOrEqual(95);
  }, 300_000);
});
