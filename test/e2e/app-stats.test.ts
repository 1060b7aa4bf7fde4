import { describe, expect, it } from 'vitest';
import { BROWSER_UA, createLink, createProfile } from '../support/factories.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot, phoneContext } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { VISIT_SOURCES } from '../../shared/schemas/visit-source.schema.ts';

// Issue 12 end to end: a visitor opens a profile and clicks one of its links; the owner opens
// the profile's statistics from the overview and finds the view and the click there.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['de', 'en'])('statistics in %s', (lng) => {
  it('shows the view and the link click a visitor just made, in the chart and its table', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const profile = await createProfile(t, owner, { profileName: `Stats ${lng}` });
    // A link to this server, so following it needs no network.
    await createLink(t, owner, profile.id, { type: 'website', name: 'Unsere AGB', link: `${base}/terms` });
    const empty = await createProfile(t, owner, { profileName: `Empty ${lng}` });

    // The visitor: a phone browser (Chromium's own headless agent counts as a bot, D10).
    const visitor = await phoneContext(session.browser, { userAgent: BROWSER_UA, locale: lng === 'de' ? 'de-DE' : 'en-GB' });
    session.context = visitor;
    const page = await visitor.newPage();
    await withFailureShot(page, `stats-visit-${lng}`, async () => {
      await page.goto(`${base}/p/${profile.id}?lng=${lng}`);
      await page.getByRole('link', { name: 'Unsere AGB' }).click();
      const [popup] = await Promise.all([visitor.waitForEvent('page'), page.locator('#open-link [data-go]').click()]);
      await popup.waitForURL(`${base}/terms`);
      // The click travels as a beacon (issue 22), after the page opened the link: the visitor
      // stays until it is counted.
      await expect
        .poll(
          async () => {
            await t.app.features.stats.views.flush();
            return (await t.get(`/find/own/stats?profileId=${profile.id}&days=7`, owner)).body.links[0]?.clicks ?? 0;
          },
          { timeout: 10_000 },
        )
        .toBe(1);
    });
    await visitor.close();
    session.context = undefined;
    await t.app.features.stats.views.flush();

    // Issue 23: the owner's browser is in a zone whose date is not UTC's at this hour (UTC+14 from
    // 10:00 UTC, UTC-11 before), so the days on the screen can only be the owner's.
    const timeZone = new Date().getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    const context = await appContext(session.browser, lng, owner, { timezoneId: timeZone });
    session.context = context;
    const app = await context.newPage();
    await withFailureShot(app, `stats-owner-${lng}`, async () => {
      await app.goto(`${base}/`);
      await app.getByRole('link', { name: text(lng, 'my_profile', 'stats_named', { name: `Stats ${lng}` }) }).click();
      await app.waitForURL(new RegExp(`/profile/${profile.id}/stats$`));
      await app.getByRole('heading', { level: 1, name: text(lng, 'stats', 'title_named', { name: `Stats ${lng}` }) }).waitFor();

      // The app stored the browser's zone with the account; the screen counts in it and says so.
      await app.getByText(text(lng, 'stats', 'intro', { zone: timeZone })).waitFor();

      // The chart is one image with a title and a description saying what it shows.
      const chart = app.getByRole('img', { name: text(lng, 'stats', 'chart_title') });
      await chart.waitFor();
      expect(await chart.locator('desc').textContent()).toMatch(/\b1\b.*\b1\b/);
      expect(await chart.locator('rect').count()).toBe(2);
      // Its table (for screen readers) has the owner's today with one view and one click.
      const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
      const row = app.locator(`table tr:has(time[datetime="${today}"])`);
      const cells = await row.locator('td').allTextContents();
      expect(cells).toEqual(['1', '0', '0', '0', '0', '1']);
      expect(await app.locator('table tbody tr').count()).toBe(30);
      // Sources and top links.
      await app.getByText(text(lng, 'stats', 'sources.link'), { exact: true }).waitFor();
      const links = app.locator('ol.stats-list li');
      expect(await links.allInnerTexts()).toEqual([expect.stringContaining('Unsere AGB')]);
      await expectAccessible(app, 'statistics with data');
      await maybeScreenshot(app, `stats-${lng}-360`, { fullPage: true });
      await app.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(app, `stats-${lng}-1280`, { fullPage: true });
      await app.setViewportSize({ width: 360, height: 780 });

      // Issue 35: every source has a name of its own and a line saying what it counts. A link shared
      // from the app, the plain page link and a card's link opened without a QR or NFC mark (as a
      // demo card's link copied from the app is) are three rows nobody can mix up.
      const [cardId] = await t.mintCards('rainbow', 1);
      const registered = await t.post('/card/register', { cardId, profileId: profile.id }, owner);
      expect(registered.status, registered.raw).toBe(200);
      for (const url of [`/p/${profile.id}?src=share`, `/card/${cardId}`])
        expect((await fetch(`${base}${url}`, { headers: { 'user-agent': BROWSER_UA } })).status, url).toBe(200);
      await t.app.features.stats.views.flush();
      await app.reload();
      const labels = app.locator('.stats-bars .stats-bar-label > span:first-child');
      await expect.poll(() => labels.count()).toBe(VISIT_SOURCES.length);
      const names = await labels.allTextContents();
      expect(new Set(names).size).toBe(VISIT_SOURCES.length);
      for (const source of ['share', 'link', 'card'] as const) {
        const row = app.locator('.stats-bars li').filter({ has: app.getByText(text(lng, 'stats', `sources.${source}`), { exact: true }) });
        await row.getByText(text(lng, 'stats', `source_hints.${source}`)).waitFor();
        expect(await row.locator('.stats-bar-value').textContent()).toBe(text(lng, 'stats', 'views_share_one', { count: 1, percent: 33 }));
      }
      expect(names.join(' ')).not.toMatch(/older print|ältere Druck/);
      await expectAccessible(app, 'statistics with three sources');
      await maybeScreenshot(app, `stats-sources-${lng}-360`, { fullPage: true });
      await app.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(app, `stats-sources-${lng}-1280`, { fullPage: true });
      await app.setViewportSize({ width: 360, height: 780 });

      // The range switch: 7 days, kept in the URL.
      await app.getByRole('button', { name: text(lng, 'stats', 'range_days_other', { count: 7 }) }).click();
      await app.waitForURL(/\?days=7$/);
      await expect.poll(() => app.locator('table tbody tr').count()).toBe(7);
      expect(await app.getByRole('button', { name: text(lng, 'stats', 'range_days_other', { count: 7 }) }).getAttribute('aria-pressed')).toBe('true');

      // A profile nobody visited yet explains what will appear.
      await app.goto(`${base}/profile/${empty.id}/stats`);
      await app.getByText(text(lng, 'stats', 'empty_days')).waitFor();
      await app.getByText(text(lng, 'stats', 'empty_sources')).waitFor();
      await app.getByText(text(lng, 'stats', 'empty_links')).waitFor();
      await app.getByText(text(lng, 'stats', 'empty_cards')).waitFor();
      expect(await app.getByRole('img', { name: text(lng, 'stats', 'chart_title') }).count()).toBe(0);
      await expectAccessible(app, 'statistics, empty');
    });
  }, 120_000);
});
