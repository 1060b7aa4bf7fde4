import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { appContext, browserWithCamera, expectAccessible, mailLink, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { readZip } from '../support/zip-archive.ts';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { BROWSER_UA, storePasskey } from '../support/factories.ts';

// Issue 28: an operator with two-factor sign-in mints a batch in the console, downloads its
// print bundle, finds a card, blocks it, and the card's page says it is deactivated. An operator
// opens a card by showing its QR code to the camera (Chromium's fake camera, as the register-card
// suite does) and resends its owner's verification mail.
const session = useE2eSession(startAppServer);

/** Nothing on the page is wider than the window: the console reads at 360 px without scrolling sideways. */
async function expectNoSideways(page: Page, where: string) {
  const { width, widest } = await page.evaluate(() => ({ width: window.innerWidth, widest: document.documentElement.scrollWidth }));
  expect(widest, `${where}: the page is ${widest} px wide in a ${width} px window`).toBeLessThanOrEqual(width);
}

/** An operator with a passkey (a second factor): the console opens with the session as it is. */
async function passkeyOperator() {
  const operator = await session.server.t.signUp();
  await createOperatorRepository(session.server.t.app.db).grant(operator.email, Date.now());
  await storePasskey(session.server.t, operator);
  return operator;
}

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
      await expectNoSideways(page, 'batches at 360 px');
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
      await page.getByLabel(text(lng, 'operator', 'search_label'), { exact: true }).fill(cardId);
      await page.getByRole('button', { name: text(lng, 'operator', 'open_card', { id: cardId }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text(lng, 'operator', 'reason_label')).fill('Lost in transit to the customer');
      await expectAccessible(page, 'console card dialog');
      await maybeScreenshot(page, `console-card-${lng}`);
      await dialog.getByRole('button', { name: text(lng, 'operator', 'block') }).click();
      await dialog.getByText(text(lng, 'operator', 'state.blocked')).waitFor();
      await dialog.getByRole('button', { name: text(lng, 'operator', 'close') }).click();

      // A scanned card of the fleet, so the statistics have a scan to show.
      const owner = await t.signUp();
      const [scanned] = await t.mintCards('rainbow', 1);
      expect((await t.post('/card/register', { cardId: scanned, firebaseUserEmail: owner.email }, owner)).status).toBe(200);
      expect((await fetch(`${base}/card/${scanned}?src=nfc`, { headers: { 'user-agent': BROWSER_UA }, redirect: 'manual' })).status).toBe(302);
      await t.app.features.stats.views.flush();
      // Every tab on a phone (360 px) and on a desktop, without sideways scrolling.
      for (const [width, height, suffix] of [
        [360, 780, ''],
        [1280, 860, '-desktop'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.cards') }).click();
        await page.getByRole('button', { name: text(lng, 'operator', 'open_card', { id: cardId }) }).waitFor();
        await expectNoSideways(page, `cards at ${width} px`);
        await maybeScreenshot(page, `console-cards${suffix}-${lng}`, { fullPage: true });
        await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.stats') }).click();
        await page
          .getByRole('cell', { name: text(lng, 'stats', 'sources.nfc') })
          .first()
          .waitFor();
        await expectNoSideways(page, `statistics at ${width} px`);
        await maybeScreenshot(page, `console-stats${suffix}-${lng}`, { fullPage: true });
        await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.audit') }).click();
        await page.getByText('Lost in transit to the customer').first().waitFor();
        await expectNoSideways(page, `audit log at ${width} px`);
        await maybeScreenshot(page, `console-audit${suffix}-${lng}`, { fullPage: true });
      }
      await page.setViewportSize({ width: 360, height: 780 });

      // The card's public page: deactivated, no profile.
      await page.goto(`${base}/card/${cardId}?lng=${lng}`);
      await page.getByRole('heading', { name: text(lng, 'public_card_redirect', 'card_blocked') }).waitFor();
      await page.getByText(text(lng, 'public_card_redirect', 'card_blocked_text', { issuer: 'Contact Cards' })).waitFor();
      await maybeScreenshot(page, `card-blocked-${lng}`);
    });
  }, 120_000);
});

describe.each<Lng>(['en', 'de'])('the Domains tab of the console in %s', (lng) => {
  it('releases the verified claim that holds an e-mail domain, after asking, with a reason in both audit logs (issue 33)', async () => {
    const { t, base } = session.server;
    const operator = await passkeyOperator();
    const owner = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Squatter Ltd' }, owner)).body.organisationId as string;
    const domain = `acme-${lng}-${Date.now().toString(36)}.example`;
    expect((await t.post('/organisation/domain/claim', { organisationId, domain }, owner)).status).toBe(200);
    expect((await t.post('/operator/organisation/domain/verify', { organisationId, domain, reason: 'set up for the test' }, operator)).status).toBe(200);

    const context = await appContext(session.browser, lng, operator);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `console-domains-${lng}`, async () => {
      await page.goto(`${base}/console`);
      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.domains') }).click();
      await page.getByRole('textbox', { name: text(lng, 'operator', 'domain_label'), exact: true }).fill(domain);
      await page.getByLabel(text(lng, 'operator', 'reason_label')).fill('Ticket 88: Acme shows the DNS zone is theirs');
      for (const [width, height, suffix] of [
        [360, 780, '-360'],
        [1280, 860, '-1280'],
      ] as const) {
        await page.setViewportSize({ width, height });
        await expectNoSideways(page, `domains at ${width} px`);
        await maybeScreenshot(page, `console-domains-${lng}${suffix}`, { fullPage: true });
      }
      await expectAccessible(page, 'console domains');
      await page.getByRole('button', { name: text(lng, 'operator', 'domain_release') }).click();
      const dialog = page.getByRole('dialog', { name: text(lng, 'operator', 'domain_release') });
      await dialog.getByText(text(lng, 'operator', 'confirm_release', { domain })).waitFor();
      await dialog.getByRole('button', { name: text(lng, 'operator', 'domain_release') }).click();
      await page.getByText(text(lng, 'operator', 'domain_released', { domain })).waitFor();
      expect((await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, owner)).body.domains).toEqual([]);
      const audit = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, owner)).body.entries as Array<{ action: string }>;
      expect(audit[0]).toMatchObject({ action: 'domain.release', target: domain, actorEmail: operator.email });
      expect((await t.get('/operator/audit', operator)).body.entries[0]).toMatchObject({
        action: 'release-domain',
        target: `${organisationId} ${domain}`,
        reason: 'Ticket 88: Acme shows the DNS zone is theirs',
      });
    });
  });
});

// Issue 35: the search takes a card link as pasted from a mail or a photo's QR reader, and an
// organisation's cards are shown as that organisation's, not as unregistered.
describe.each<Lng>(['en', 'de'])('the console search and organisation cards in %s', (lng) => {
  it("finds a card by a pasted link in each form a card holds, refuses another site's link, and names an organisation's card", async () => {
    const { t, base } = session.server;
    const operator = await passkeyOperator();
    const [cardId] = await t.mintCards('rainbow', 1);
    const admin = await t.signUp();
    const created = await t.post('/organisation/create', { name: `Fleet ${lng} GmbH` }, admin);
    expect(created.status, created.raw).toBe(200);
    const [teamCard] = await t.mintCards('rainbow', 1);
    const registered = await t.post('/organisation/cards/register', { organisationId: created.body.organisationId, cardIds: [teamCard] }, admin);
    expect(registered.status, registered.raw).toBe(200);

    const context = await appContext(session.browser, lng, operator);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `operator-search-${lng}`, async () => {
      await page.goto(`${base}/console`);
      const search = page.getByLabel(text(lng, 'operator', 'search_label'), { exact: true });
      const cards = page.getByRole('list', { name: text(lng, 'operator', 'tabs.cards') });
      for (const link of [`${base}/card/${cardId}?src=nfc`, `${base}/public-profile/${cardId}`, `${base}/?id=${cardId}`]) {
        await search.fill(link);
        await expect.poll(() => cards.getByRole('listitem').allTextContents(), { message: link }).toEqual([expect.stringContaining(cardId)]);
      }
      await search.fill(`https://elsewhere.example/card/${cardId}`);
      await page.getByText(text(lng, 'operator', 'scan_not_card')).waitFor();
      expect(await cards.count()).toBe(0);
      await expectAccessible(page, 'console search with a foreign link');

      await search.fill(`${base}/card/${teamCard}`);
      const row = cards.getByRole('listitem').filter({ hasText: teamCard });
      await row.getByText(text(lng, 'operator', 'state.organisation'), { exact: true }).waitFor();
      await row.getByText(text(lng, 'operator', 'organisation_unassigned', { name: `Fleet ${lng} GmbH` })).waitFor();
      expect(await row.getByText(text(lng, 'operator', 'state.minted'), { exact: true }).count()).toBe(0);
      await expectAccessible(page, 'console with an organisation card');
      await expectNoSideways(page, 'an organisation card at 360 px');
      await maybeScreenshot(page, `console-organisation-card-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 860 });
      await maybeScreenshot(page, `console-organisation-card-${lng}-1280`, { fullPage: true });
      await row.getByRole('button', { name: text(lng, 'operator', 'open_card', { id: teamCard }) }).click();
      await page
        .getByRole('dialog')
        .getByText(text(lng, 'operator', 'organisation_unassigned', { name: `Fleet ${lng} GmbH` }))
        .waitFor();
      await maybeScreenshot(page, `console-organisation-dialog-${lng}-1280`);
    });
  });
});

describe('a big batch in the console', () => {
  it('shows the print bundle being built with its progress, then offers the download', async () => {
    const lng: Lng = 'de';
    const { base } = session.server;
    const operator = await passkeyOperator();
    const page = await (await appContext(session.browser, lng, operator)).newPage();
    await withFailureShot(page, 'operator-progress', async () => {
      await page.goto(`${base}/console`);
      await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.batches') }).click();
      await page.getByLabel(text(lng, 'operator', 'batch_count')).fill('300');
      await page.getByLabel(text(lng, 'operator', 'batch_label_field')).fill('PO-big');
      await page.getByRole('button', { name: text(lng, 'operator', 'mint') }).click();
      const batch = page.getByRole('listitem').filter({ hasText: 'PO-big' });
      // The bar and its words follow the build (the batch row is asked every second).
      const bar = batch.getByRole('progressbar');
      await bar.waitFor({ timeout: 30_000 });
      expect(await bar.getAttribute('max')).toBe('300');
      // Part-way: some cards done, not all (written every 25 cards).
      await batch
        .getByText(new RegExp(text(lng, 'operator', 'bundle_state.building', { done: 'DONE', total: 300 }).replace('DONE', '([1-9]\\d?|[12]\\d\\d)')))
        .waitFor();
      expect(await batch.getByRole('button', { name: text(lng, 'operator', 'download_bundle') }).isDisabled()).toBe(true);
      await expectNoSideways(page, 'a batch being built at 360 px');
      await maybeScreenshot(page, 'console-batch-progress-de', { fullPage: true });
      await batch.getByText(text(lng, 'operator', 'bundle_state.ready')).waitFor({ timeout: 90_000 });
      expect(await bar.count()).toBe(0);
      expect(await batch.getByRole('button', { name: text(lng, 'operator', 'download_bundle') }).isEnabled()).toBe(true);
    });
  }, 120_000);
});

describe.each<Lng>(['de', 'en'])('opening a card by its QR code in %s', (lng) => {
  it("opens the card's dialog from the camera and resends the unconfirmed owner's verification mail, whose link confirms the address", async () => {
    const { t, base } = session.server;
    const operator = await passkeyOperator();
    // An owner who never confirmed the address, with a registered card.
    const owner = await t.signUp({ verified: false });
    const [cardId] = await t.mintCards('rainbow', 1);
    expect((await t.post('/card/register', { cardId, firebaseUserEmail: owner.email }, owner)).status).toBe(200);
    const signUpLink = await mailLink(base, owner.email, '/api/auth/verify-email');

    const qr = Buffer.from(await (await fetch(`${base}/cards/${cardId}/qr.png`)).arrayBuffer());
    const cameraBrowser = await browserWithCamera(qr);
    try {
      const page = await (await appContext(cameraBrowser, lng, operator)).newPage();
      await withFailureShot(page, `operator-scan-${lng}`, async () => {
        await page.goto(`${base}/console`);
        await page.getByRole('heading', { level: 1, name: text(lng, 'operator', 'title') }).waitFor();
        await page.getByRole('button', { name: text(lng, 'operator', 'scan') }).click();
        const dialog = page.getByRole('dialog', { name: text(lng, 'operator', 'card_title', { id: cardId }) });
        await dialog.waitFor({ timeout: 30_000 });
        // The reader stopped: the camera is free again.
        expect(await page.locator('.scanner-frame video').count()).toBe(0);
        await dialog.getByLabel(text(lng, 'operator', 'reason_label')).fill('Ticket 88: the confirmation mail never came');
        await expectAccessible(page, 'console card dialog after a scan');
        await maybeScreenshot(page, `console-card-scanned-${lng}`);
        await page.setViewportSize({ width: 1280, height: 860 });
        await maybeScreenshot(page, `console-card-scanned-desktop-${lng}`);
        await page.setViewportSize({ width: 360, height: 780 });
        await dialog.getByRole('button', { name: text(lng, 'operator', 'resend_verification') }).click();
        await page
          .getByText(text(lng, 'operator', 'done.resend-verification'))
          .first()
          .waitFor();
        await dialog.getByRole('button', { name: text(lng, 'operator', 'close') }).click();
        await page.getByRole('tab', { name: text(lng, 'operator', 'tabs.audit') }).click();
        await page.getByText('Ticket 88: the confirmation mail never came').first().waitFor();
        await page
          .getByText(text(lng, 'operator', 'audit_action.resend-verification'))
          .first()
          .waitFor();
      });
      // A second verification mail with a link of its own, which confirms the address.
      const links = (await t.app.mailer.outbox())
        .filter((m) => m.to === owner.email)
        .flatMap((m) => m.links.filter((l) => l.includes('/api/auth/verify-email')));
      expect(links).toHaveLength(2);
      const resent = links.find((l) => l !== signUpLink)!;
      expect((await fetch(resent, { redirect: 'manual' })).status).toBeLessThan(400);
      const row = await t.app.db.selectFrom('user').select('emailVerified').where('id', '=', owner.userId).executeTakeFirstOrThrow();
      expect(Boolean(row.emailVerified)).toBe(true);
    } finally {
      await cameraBrowser.close();
    }
  }, 120_000);
});

describe('scanning in the console', () => {
  it('says so when the camera shows a code that is no card link, and keeps scanning until stopped', async () => {
    const lng: Lng = 'de';
    const { base } = session.server;
    const operator = await passkeyOperator();
    const cameraBrowser = await browserWithCamera(await QRCode.toBuffer('https://example.com/not-a-card', { width: 400, margin: 2 }));
    try {
      const page = await (await appContext(cameraBrowser, lng, operator)).newPage();
      await withFailureShot(page, 'operator-scan-unreadable', async () => {
        await page.goto(`${base}/console`);
        await page.getByRole('button', { name: text(lng, 'operator', 'scan') }).click();
        await page.getByText(text(lng, 'operator', 'scan_not_card')).waitFor({ timeout: 30_000 });
        await page.locator('.scanner-frame video').waitFor();
        await expectAccessible(page, 'console while scanning');
        await maybeScreenshot(page, 'console-scanning-de', { fullPage: true });
        await page.setViewportSize({ width: 1280, height: 860 });
        await maybeScreenshot(page, 'console-scanning-desktop-de', { fullPage: true });
        expect(await page.getByRole('dialog').isVisible()).toBe(false);
        await page.getByRole('button', { name: text(lng, 'operator', 'scan_stop') }).click();
        expect(await page.locator('.scanner-frame video').count()).toBe(0);
      });
    } finally {
      await cameraBrowser.close();
    }
  }, 60_000);

  it('says there is no such card when a card link of this service names an id the fleet does not have', async () => {
    const lng: Lng = 'en';
    const { base } = session.server;
    const operator = await passkeyOperator();
    const cameraBrowser = await browserWithCamera(await QRCode.toBuffer(`${base}/card/NoSuchCard99?src=qr`, { width: 400, margin: 2 }));
    try {
      const page = await (await appContext(cameraBrowser, lng, operator)).newPage();
      await withFailureShot(page, 'operator-scan-unknown', async () => {
        await page.goto(`${base}/console`);
        await page.getByRole('button', { name: text(lng, 'operator', 'scan') }).click();
        await page.getByText(text(lng, 'operator', 'scan_unknown', { id: 'NoSuchCard99' })).waitFor({ timeout: 30_000 });
        expect(await page.locator('.scanner-frame video').count()).toBe(0);
        expect(await page.getByRole('dialog').isVisible()).toBe(false);
      });
    } finally {
      await cameraBrowser.close();
    }
  }, 60_000);
});
