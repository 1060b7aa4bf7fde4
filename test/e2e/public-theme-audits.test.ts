import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/schemas/profile.schema.ts';
import { createFullProfile, multipartBody, pngImage, upload } from '../support/factories.ts';
import { axeViolations, maybeScreenshot, phoneContext } from './support/browser.ts';
import { bestLighthouse, PAGE_METRICS } from './support/lighthouse.ts';
import { startPublicServer } from './support/public-server.ts';
import { useE2eSession } from './support/session.ts';

// Issue 26: every page theme keeps the public pages' audits: axe-core finds no violation on /p,
// its dialogs and /l in each theme (the system theme in a light and a dark browser), and
// Lighthouse (mobile) scores each theme's page as the default one. Issue 24: so does a company
// profile in its organisation's brand.

const session = useE2eSession(startPublicServer);
type Look = { name: string; profile: Profile; scheme: 'light' | 'dark' };
const looks: Look[] = [];

beforeAll(async () => {
  const { t, owner } = session.server;
  const make = async (look: Record<string, unknown>) => createFullProfile(t, owner, look);
  const light = await make({ theme: 'light', accentColour: '#0f766e', buttonShape: 'pill', backgroundColour: '#fdf6e3' });
  const dark = await make({ theme: 'dark', accentColour: '#8aa6f0', buttonShape: 'square' });
  const system = await make({ theme: 'system', accentColour: '#b42318', buttonShape: 'rounded' });
  for (const p of [light, dark]) {
    const res = await upload(t, owner, 'backgroundImage', p.id, await pngImage(1200, 400, '#33506e'));
    if (res.status !== 200) throw new Error(res.raw);
  }
  // A company profile: the organisation's template made it; its brand colour and logo win.
  const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#6d28d9' }, owner)).body.organisationId as string;
  const logo = await multipartBody(
    { organisationId },
    { field: 'logo', data: await pngImage(300, 100, '#6d28d9'), filename: 'l.png', contentType: 'image/png' },
  );
  await t.call({ method: 'POST', url: '/organisation/logo', payload: logo.payload, headers: { ...logo.headers, ...owner.auth } });
  const template = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, owner);
  const company = (await t.post('/profile/create', { templateId: template.body.templateId, firstName: 'Mia', lastName: 'Muster', theme: 'system' }, owner))
    .body as Profile;
  looks.push(
    { name: 'light', profile: light, scheme: 'light' },
    { name: 'dark', profile: dark, scheme: 'light' },
    { name: 'system-light', profile: system, scheme: 'light' },
    { name: 'system-dark', profile: system, scheme: 'dark' },
    { name: 'brand-light', profile: company, scheme: 'light' },
    { name: 'brand-dark', profile: company, scheme: 'dark' },
  );
});

async function open(lng: 'de' | 'en', path: string, scheme: 'light' | 'dark', desktop = false): Promise<Page> {
  session.context = await phoneContext(session.browser, {
    locale: lng === 'de' ? 'de-DE' : 'en-US',
    colorScheme: scheme,
    ...(desktop ? { viewport: { width: 1280, height: 900 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 } : {}),
  });
  const page = await session.context.newPage();
  await page.goto(`${session.server.base}${path}`);
  return page;
}

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

/** As in public-audits.test.ts: accessibility and best practices 100, SEO at least 95, every page-decided metric 100 at its best. */
async function expectAudited(name: string, url: string) {
  const { scores, failing, metrics, metricScores, performanceRuns } = await bestLighthouse(url);
  console.info(`lighthouse ${name}`, scores, metrics, 'performance runs', performanceRuns);
  expect({ scores, failing }).toMatchObject({ scores: { accessibility: 100, 'best-practices': 100 } });
  expect(scores.seo, JSON.stringify(failing.seo)).toBeGreaterThanOrEqual(95);
  expect(metricScores, JSON.stringify(metrics)).toEqual(Object.fromEntries(PAGE_METRICS.map((id) => [id, 100])));
}

describe('Lighthouse 12, mobile, in every page theme', () => {
  for (const name of ['light', 'dark', 'system-light', 'brand-light']) {
    it(`scores the ${name} theme's profile page as the default one`, async () => {
      const look = looks.find((l) => l.name === name)!;
      await expectAudited(`/p ${name}`, `${session.server.base}/p/${look.profile.id}`);
    }, 300_000);
  }

  it("scores the dark theme's link-in-bio page the same", async () => {
    const look = looks.find((l) => l.name === 'dark')!;
    await expectAudited('/l dark', `${session.server.base}/l/${look.profile.shortLinkId}`);
  }, 300_000);
});
