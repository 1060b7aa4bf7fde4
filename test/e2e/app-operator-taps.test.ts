import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { encodeTap } from '../../server/features/taps/sun.ts';
import { BROWSER_UA, storePasskey } from '../support/factories.ts';

// Issue 38 in the operator's console: a batch minted with the chip vendor's keys (and, issue 39,
// an organisation's page host) saves its encoding bundle at once; taps of its cards (verified, a copied link, a forged address) show in
// the Taps tab's clone alerts and in the card's list of taps, told apart in words, at 360 px and
// on a desktop, in German and English.
const session = useE2eSession(startAppServer);

async function expectNoSideways(page: Page, where: string) {
  const { width, widest } = await page.evaluate(() => ({ width: window.innerWidth, widest: document.documentElement.scrollWidth }));
  expect(widest, `${where}: the page is ${widest} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}

const SIZES = [
  [360, 780, ''],
  [1280, 860, '-desktop'],
] as const;

describe.each<Lng>(['en', 'de'])('verified taps in the console in %s', (lng) => {
  it('mints a batch with chip keys (the encoding bundle is saved), and shows its clone alerts and each tap', async () => {
    const { t, base } = session.server;
    const operator = await t.signUp();
    await createOperatorRepository(t.app.db).grant(operator.email, Date.now());
    await storePasskey(t, operator);
    // Issue 39: an organisation whose page host the operator verified by hand; the batch is minted with it.
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#0f766e' }, admin)).body.organisationId as string;
    const host = `cards-${lng}-${Date.now().toString(36)}.acme-corp.com`;
    const verified = await t.post(
      '/operator/organisation/page-domain/verify',
      { organisationId, host, reason: 'Their DNS provider has no TXT records' },
      operator,
    );
    expect(verified.status, verified.raw).toBe(200);
    const context = await appContext(session.browser, lng, operator);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `operator-taps-${lng}`, async () => {
      await page.goto(`${base}/console`);
      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.batches') }).click();
      await page.getByLabel(text(lng, 'operator', 'batch_count')).fill('2');
      await page.getByLabel(text(lng, 'operator', 'batch_label_field')).fill(`SUN-${lng}`);
      await page.getByLabel(text(lng, 'operator', 'batch_host')).fill(host);
      await page.getByLabel(text(lng, 'operator', 'sun_label')).selectOption('given');
      const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
      const mint = page.getByRole('button', { name: text(lng, 'operator', 'mint') });
      // A key that is not 32 hex characters cannot be sent.
      await page.getByLabel(text(lng, 'operator', 'sun_metaReadKey')).fill('not hex');
      await page.getByLabel(text(lng, 'operator', 'sun_fileReadKey')).fill(keys.fileReadKey.toString('hex'));
      expect(await mint.isDisabled()).toBe(true);
      await page.getByLabel(text(lng, 'operator', 'sun_metaReadKey')).fill(keys.metaReadKey.toString('hex'));
      await expectAccessible(page, 'console batches with chip keys');
      for (const [width, height, suffix] of SIZES) {
        await page.setViewportSize({ width, height });
        await expectNoSideways(page, `batch keys at ${width} px`);
        await maybeScreenshot(page, `console-batch-keys${suffix}-${lng}`, { fullPage: true });
      }
      await page.setViewportSize({ width: 360, height: 780 });
      const [download] = await Promise.all([page.waitForEvent('download'), mint.click()]);
      expect(download.suggestedFilename()).toMatch(/^sun-encoding-[A-Za-z0-9_-]+\.json$/);
      const bundle = JSON.parse(fs.readFileSync((await download.path())!, 'utf8')) as {
        keys: { metaReadKey: string; fileReadKey: string };
        cards: { cardId: string; url: string }[];
      };
      expect(bundle.keys.metaReadKey.toLowerCase()).toBe(keys.metaReadKey.toString('hex'));
      expect(bundle.cards).toHaveLength(2);
      // The chips open the organisation's own address.
      expect(bundle.cards[0]!.url).toBe(`https://${host}/card/${bundle.cards[0]!.cardId}?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`);
      await page.getByText(text(lng, 'operator', 'sun_saved')).waitFor();
      await page
        .getByRole('listitem')
        .filter({ hasText: `SUN-${lng}` })
        .getByText(text(lng, 'operator', 'batch_host_meta', { host }))
        .waitFor();
      await maybeScreenshot(page, `console-batch-minted-${lng}`, { fullPage: true });
      await page.getByLabel(text(lng, 'operator', 'sun_metaReadKey')).waitFor();
      expect(await page.getByLabel(text(lng, 'operator', 'sun_metaReadKey')).inputValue()).toBe('');

      // Taps as the chips make them: verified, the same address again (a copied link), a forged MAC.
      const cardId = bundle.cards[0]!.cardId;
      const uid = randomBytes(7);
      const tap = (query: { piccData: string; cmac: string }) =>
        fetch(`${base}/card/${cardId}?picc_data=${query.piccData}&cmac=${query.cmac}`, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' });
      const first = encodeTap(keys, uid, 7);
      expect((await tap(first)).status).toBe(302);
      expect((await tap(first)).status).toBe(302);
      expect((await tap({ piccData: first.piccData, cmac: '0123456789ABCDEF' })).status).toBe(302);
      await t.app.features.taps.taps.settled();

      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.taps') }).click();
      const alerts = page.getByRole('list', { name: text(lng, 'operator', 'taps_alerts') });
      const alert = alerts.getByRole('listitem').filter({ hasText: cardId });
      await alert.waitFor();
      await alert.getByRole('button', { name: text(lng, 'operator', 'taps_show') }).click();
      const list = page.getByRole('list', { name: text(lng, 'operator', 'taps_title') });
      await list.getByRole('listitem').first().waitFor();
      // Newest first: the forged address, the copied link, the real tap (with its counter and the chip's UID).
      const rows = await list.getByRole('listitem').allInnerTexts();
      expect(rows).toHaveLength(3);
      expect(rows.map((row) => ['verified', 'replayed', 'invalid'].find((r) => row.includes(text(lng, 'operator', `tap_result.${r}`))))).toEqual([
        'invalid',
        'replayed',
        'verified',
      ]);
      expect(rows[2]).toContain(uid.toString('hex').toUpperCase());
      expect(rows[2]).toContain(`${text(lng, 'operator', 'taps_counter')}: 7`);
      expect(rows[0]).toContain(text(lng, 'operator', 'taps_unreadable'));
      await expect.poll(() => page.getByLabel(text(lng, 'operator', 'taps_card')).inputValue()).toBe(cardId);
      await expectAccessible(page, 'console taps');
      for (const [width, height, suffix] of SIZES) {
        await page.setViewportSize({ width, height });
        await expectNoSideways(page, `taps at ${width} px`);
        await maybeScreenshot(page, `console-taps${suffix}-${lng}`, { fullPage: true });
      }
    });
  }, 120_000);
});
