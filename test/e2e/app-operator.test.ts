import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { readZip } from '../support/zip-archive.ts';
import { createOperatorRepository } from '../../server/features/operator/index.ts';

// Issue 28: an operator with two-factor sign-in mints a batch in the console, downloads its
// print bundle, finds a card, blocks it, and the card's page says it is deactivated.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['en', 'de'])('the operator console in %s', (lng) => {
  it('an operator with two-factor sign-in mints a batch, downloads the bundle, finds a card and blocks it; its page shows it deactivated', async () => {
    const { t, base } = session.server;
    const user = await t.signUp();
    await createOperatorRepository(t.app.db).grant(user.email, Date.now());
    // Two-factor sign-in on, as the Security screen turns it on (its own suite covers those steps).
    const call = (url: string, body: unknown, token: string) =>
      fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });
    const enabled = (await (await call('/api/auth/two-factor/enable', { password: user.password }, user.token)).json()) as { totpURI: string };
    const totp = OTPAuth.URI.parse(enabled.totpURI) as OTPAuth.TOTP;
    expect((await call('/api/auth/two-factor/verify-totp', { code: totp.generate() }, user.token)).status).toBe(200);

    const context = await appContext(session.browser, lng);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `operator-${lng}`, async () => {
      await page.goto(`${base}/login`);
      await page.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await page.getByLabel(text(lng, 'login', 'password')).fill(user.password);
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await page.getByLabel(text(lng, 'login', 'two_factor.code')).fill(totp.generate());
      await page.getByRole('button', { name: text(lng, 'login', 'two_factor.submit') }).click();
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).click();
      await page.getByRole('link', { name: text(lng, 'molecules', 'nav.console') }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'operator', 'title') }).waitFor();

      // Mint a batch and follow its bundle until it can be downloaded.
      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.batches') }).click();
      await page.getByLabel(text(lng, 'operator', 'batch_count')).fill('3');
      await page.getByLabel(text(lng, 'operator', 'batch_label_field')).fill(`PO-${lng}-1`);
      await page.getByRole('button', { name: text(lng, 'operator', 'mint') }).click();
      // (The suite's other language minted a batch too: this one is found by its label.)
      const batch = page.getByRole('listitem').filter({ hasText: `PO-${lng}-1` });
      await batch.getByText(text(lng, 'operator', 'bundle_state.ready')).waitFor({ timeout: 30_000 });
      await expectAccessible(page, 'console batches');
      await maybeScreenshot(page, `console-batches-${lng}`, { fullPage: true });
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        batch.getByRole('button', { name: text(lng, 'operator', 'download_bundle') }).click(),
      ]);
      const files = readZip(fs.readFileSync((await download.path())!));
      const rows = files.get('cards.csv')!.toString('utf8').trim().split('\r\n');
      expect(rows[0]).toBe('id,link,edition,nfcLink');
      expect(rows).toHaveLength(4);
      const cardId = rows[1].split(',')[0];
      expect(files.get(`${cardId}.png`)).toBeDefined();
      expect(files.get(`${cardId}.svg`)).toBeDefined();

      // Find the card by its id and block it with a reason.
      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.cards') }).click();
      await page.getByLabel(text(lng, 'operator', 'search_label')).fill(cardId);
      await page.getByRole('button', { name: text(lng, 'operator', 'open_card', { id: cardId }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text(lng, 'operator', 'reason_label')).fill('Lost in transit to the customer');
      await expectAccessible(page, 'console card dialog');
      await maybeScreenshot(page, `console-card-${lng}`);
      await dialog.getByRole('button', { name: text(lng, 'operator', 'block') }).click();
      await dialog.getByText(text(lng, 'operator', 'state.blocked')).waitFor();
      await dialog.getByRole('button', { name: text(lng, 'operator', 'close') }).click();
      await maybeScreenshot(page, `console-cards-${lng}`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 860 });
      await maybeScreenshot(page, `console-cards-desktop-${lng}`, { fullPage: true });
      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.stats') }).click();
      await page.getByText(text(lng, 'operator', 'stats_by_batch')).waitFor();
      await maybeScreenshot(page, `console-stats-desktop-${lng}`, { fullPage: true });
      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.audit') }).click();
      await page.getByText('Lost in transit to the customer').first().waitFor();
      await maybeScreenshot(page, `console-audit-desktop-${lng}`, { fullPage: true });
      await page.setViewportSize({ width: 360, height: 780 });

      // The card's public page: deactivated, no profile.
      await page.goto(`${base}/card/${cardId}?lng=${lng}`);
      await page.getByRole('heading', { name: text(lng, 'public_card_redirect', 'card_blocked') }).waitFor();
      await page.getByText(text(lng, 'public_card_redirect', 'card_blocked_text')).waitFor();
      await maybeScreenshot(page, `card-blocked-${lng}`);
    });
  }, 120_000);
});
