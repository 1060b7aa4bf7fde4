import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { appContext, browserWithCamera, expectAccessible, mailLink, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { joinOrganisation } from '../support/organisations.ts';

// Cards in the owner app: the card path from the public card page through sign-up and
// verification to the automatic registration (SPEC 4), the scan path with Chromium's fake
// camera showing a minted card's QR code, and the my-card screen.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['de', 'en'])('card path in %s', (lng) => {
  it('registers the card of the public card page right after sign-up and verification', async () => {
    const [cardId] = await session.server.t.mintCards('rainbow', 1);
    const context = await appContext(session.browser, lng);
    const page = await context.newPage();
    const email = `card-${lng}-${Date.now()}@example.com`;
    await withFailureShot(page, `card-path-${lng}`, async () => {
      // The server-rendered card page stores registerCard and sends a visitor to /register.
      await page.goto(`${session.server.base}/card/${cardId}?lng=${lng}`);
      await page.getByRole('link', { name: text(lng, 'public_card_redirect', 'register_card') }).click();
      await page.waitForURL(/\/register$/);
      await page.getByRole('heading', { level: 1, name: text(lng, 'register_page', 'title') }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('registerCard'))).toBe(JSON.stringify({ cardId }));

      await page.getByLabel(text(lng, 'register_page', 'email')).fill(email);
      await page.getByLabel(text(lng, 'register_page', 'password')).fill('a good long password');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: text(lng, 'register_page', 'submit') }).click();
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'verify.title') }).waitFor();

      // Verified: the overview sees the stored card and asks which profile it shows (issue 23):
      // a new one needs a name first; then the card is registered and its new profile opens.
      await page.goto(await mailLink(session.server.base, email, '/verify-email'));
      await page.getByRole('group', { name: text(lng, 'register_card', 'choose.title') }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('registerCard'))).toBeNull();
      await expectAccessible(page, 'choose the profile of a card');
      await page.getByRole('button', { name: text(lng, 'register_card', 'choose.submit') }).click();
      await page.getByText(text(lng, 'register_card', 'choose.name_required')).waitFor();
      await page.getByLabel(text(lng, 'register_card', 'choose.first_name')).fill('Robin');
      await page.getByRole('button', { name: text(lng, 'register_card', 'choose.submit') }).click();
      await page.waitForURL(/\/profile\/[A-Za-z0-9]+$/);
      expect(await page.getByLabel(text(lng, 'edit_profile', 'fields.firstName')).inputValue()).toBe('Robin');
      await page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true }).waitFor();
      await page.getByText(text(lng, 'register_card', 'registered_info')).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('registerCard'))).toBeNull();

      // The overview lists the card and the profile made for it, now in use.
      await page.getByRole('link', { name: text(lng, 'molecules', 'back_to_overview') }).click();
      await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
      await page
        .getByText(text(lng, 'cards', 'editions.rainbow'))
        .first()
        .waitFor();
      await page.getByText(text(lng, 'my_profile', 'in_use'), { exact: true }).waitFor();
      // With a card the overview leads with it and offers it for the wallet (issue 35's other order).
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(text(lng, 'cards', 'my_cards'));
      await page.getByRole('heading', { name: text(lng, 'cards', 'wallet.title') }).waitFor();
      await maybeScreenshot(page, `overview-with-card-${lng}-360`, { fullPage: true });
    });
    await context.close();
  });
});

describe('my card', () => {
  it('shows the QR code and card, checks the profile choice, previews, and resets the card', async () => {
    const lng: Lng = 'en';
    const owner = await session.server.t.signUp();
    const [cardId] = await session.server.t.mintCards('kingOfTheMoment', 1);
    expect((await session.server.t.post('/card/register', { cardId }, owner)).status).toBe(200);
    const context = await appContext(session.browser, lng, owner);
    const page = await context.newPage();
    await withFailureShot(page, 'my-card', async () => {
      await page.goto(`${session.server.base}/`);
      await page
        .locator('.card-tile')
        .filter({ hasText: text(lng, 'cards', 'editions.kingOfTheMoment') })
        .click();
      await page.waitForURL(new RegExp(`/my-card/${cardId}$`));
      await page.getByRole('heading', { level: 1, name: text(lng, 'my_card', 'title') }).waitFor();
      await expectAccessible(page, 'my card');

      // The QR image loads, hides and shows again, and downloads as PNG.
      const qr = page.getByRole('img', { name: /QR/ });
      await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await page.getByRole('button', { name: text(lng, 'my_card', 'hide_qr') }).click();
      expect(await qr.isVisible()).toBe(false);
      await page.getByRole('button', { name: text(lng, 'my_card', 'show_qr') }).click();
      expect(await qr.isVisible()).toBe(true);
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text(lng, 'my_card', 'download_qr') }).click()]);
      expect(download.suggestedFilename()).toBe(`QR-${cardId}.png`);
      expect(
        fs
          .readFileSync(await download.path())
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');

      // SPEC 5: saving without a profile says so.
      await page.getByLabel(text(lng, 'my_card', 'profile_label'), { exact: true }).selectOption('');
      await page.getByRole('button', { name: text(lng, 'my_card', 'save') }).click();
      await page.getByText(text(lng, 'my_card', 'select_profile_first')).waitFor();

      // The card preview shows the card's profile with the way back.
      await page.getByRole('link', { name: text(lng, 'my_card', 'preview') }).click();
      await page.waitForURL(new RegExp(`/card/${cardId}/preview$`));
      await page
        .getByText(text(lng, 'preview_profile', 'preview_notice'))
        .first()
        .waitFor();
      await page.getByRole('link', { name: text(lng, 'preview_profile', 'back_to_overview') }).waitFor();
      await expectAccessible(page, 'card preview');
      await page.goBack();

      // Reset asks first; Cancel keeps the card, confirming frees it.
      await page.getByRole('button', { name: text(lng, 'my_card', 'reset') }).click();
      const dialog = page.getByRole('dialog', { name: text(lng, 'my_card', 'reset_title') });
      await dialog.waitFor();
      await expectAccessible(page, 'reset confirmation');
      await dialog.getByRole('button', { name: text(lng, 'molecules', 'cancel') }).click();
      await dialog.waitFor({ state: 'hidden' });
      await page.getByRole('button', { name: text(lng, 'my_card', 'reset') }).click();
      await dialog.getByRole('button', { name: text(lng, 'my_card', 'reset') }).click();
      await page.getByText(text(lng, 'my_card', 'reset_done')).waitFor();
      await page.getByText(text(lng, 'cards', 'no_cards')).waitFor();
    });
    await context.close();
  });
});

describe.each<Lng>(['en', 'de'])("an organisation's card on the my card screen in %s", (lng) => {
  it('offers only the member’s company profiles, switches between them, and has no reset (issue 33)', async () => {
    const { t, base } = session.server;
    const [admin, member] = [await t.signUp(), await t.signUp()];
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    await joinOrganisation(t, organisationId, admin, member);
    const templateId = (
      await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: [] }, admin)
    ).body.templateId as string;
    const sales = (await t.post('/profile/create', { templateId, profileName: 'Acme Sales' }, member)).body.id as string;
    const support = (await t.post('/profile/create', { templateId, profileName: 'Acme Support' }, member)).body.id as string;
    expect((await t.post('/profile/create', { profileName: 'Private Me' }, member)).status).toBe(200);
    const [cardId] = await t.mintCards('rainbow', 1);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
    expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: member.userId, profileId: sales }, admin)).status).toBe(200);

    const context = await appContext(session.browser, lng, member);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `my-card-organisation-${lng}`, async () => {
      await page.goto(`${base}/my-card/${cardId}`);
      await page.getByText(text(lng, 'my_card', 'organisation_card_intro')).waitFor();
      const select = page.getByLabel(text(lng, 'my_card', 'profile_label'), { exact: true });
      await expect
        .poll(async () => (await select.locator('option').allTextContents()).filter(Boolean))
        .toEqual([text(lng, 'my_card', 'choose_profile'), 'Acme Sales', 'Acme Support']);
      expect(await page.getByRole('button', { name: text(lng, 'my_card', 'reset') }).count()).toBe(0);
      await expectAccessible(page, "an organisation's card");
      await page.setViewportSize({ width: 360, height: 800 });
      await maybeScreenshot(page, `my-card-organisation-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `my-card-organisation-${lng}-1280`, { fullPage: true });
      await select.selectOption(support);
      await page.getByRole('button', { name: text(lng, 'my_card', 'save') }).click();
      await page.getByText(text(lng, 'my_card', 'saved')).waitFor();
      expect((await t.post('/find/own/card/by-id', { cardId }, member)).body.cardProfileId).toBe(support);
    });
    await context.close();
  });
});

describe.each<Lng>(['de', 'en'])('a card the operator blocked, in %s', (lng) => {
  it('says so on the overview and on its screen, with whom to write to; its page names the issuer and the contact (issue 35)', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const [cardId] = await t.mintCards('firstEditionDark', 1);
    expect((await t.post('/card/register', { cardId }, owner)).status).toBe(200);
    // The operator's block (the console's action, app-operator.test.ts): here straight through the service it calls.
    await t.app.features.cards.cards.setBlocked(cardId!, true);
    const context = await appContext(session.browser, lng, owner);
    const page = await context.newPage();
    await withFailureShot(page, `card-blocked-owner-${lng}`, async () => {
      await page.goto(`${base}/`);
      const tile = page.locator('.card-tile').filter({ hasText: text(lng, 'cards', 'editions.firstEditionDark') });
      await tile.getByText(text(lng, 'cards', 'blocked_badge'), { exact: true }).waitFor();
      await maybeScreenshot(page, `overview-card-blocked-360-${lng}`);
      await tile.click();
      const notice = page.getByRole('status').filter({ has: page.getByRole('heading', { name: text(lng, 'my_card', 'blocked_title') }) });
      await notice.getByText(text(lng, 'my_card', 'blocked_text', { issuer: 'Contact Cards' })).waitFor();
      const write = notice.getByRole('link', { name: text(lng, 'my_card', 'blocked_contact', { email: 'support@example.com' }) });
      expect(await write.getAttribute('href')).toBe(
        `mailto:support@example.com?subject=${encodeURIComponent(text(lng, 'my_card', 'blocked_subject', { cardId: cardId! }))}`,
      );
      await expectAccessible(page, 'my card, blocked');
      await maybeScreenshot(page, `my-card-blocked-360-${lng}`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `my-card-blocked-desktop-${lng}`);

      // The card's page: who deactivated it, and a mail to them about this card.
      await page.setViewportSize({ width: 360, height: 780 });
      await page.goto(`${base}/card/${cardId}?lng=${lng}`);
      await page.getByText(text(lng, 'public_card_redirect', 'card_blocked_text', { issuer: 'Contact Cards' })).waitFor();
      const mail = page.getByRole('link', { name: text(lng, 'public_card_redirect', 'card_blocked_contact', { issuer: 'Contact Cards' }) });
      expect(await mail.getAttribute('href')).toMatch(/^mailto:support@example\.com\?subject=/);
      await page.getByText('support@example.com', { exact: true }).waitFor();
      await expectAccessible(page, 'blocked card page');
      await maybeScreenshot(page, `card-blocked-page-360-${lng}`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `card-blocked-page-desktop-${lng}`);
    });
    await context.close();
  }, 90_000);
});

describe('scan path', () => {
  it("registers a minted card from its QR code seen by the rear camera, with the reader's wasm from this server", async () => {
    const lng: Lng = 'en';
    const owner = await session.server.t.signUp();
    const [cardId] = await session.server.t.mintCards('firstEditionSilver', 1);
    const qr = Buffer.from(await (await fetch(`${session.server.base}/cards/${cardId}/qr.png`)).arrayBuffer());
    const cameraBrowser = await browserWithCamera(qr);
    const context = await appContext(cameraBrowser, lng, owner);
    const page = await context.newPage();
    const origins = new Set<string>();
    page.on('request', (request) => origins.add(new URL(request.url()).origin));
    const wasm: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.wasm')) wasm.push(`${response.status()} ${response.url()}`);
    });
    try {
      await withFailureShot(page, 'scan', async () => {
        await page.goto(`${session.server.base}/register-card`);
        await page.getByRole('heading', { level: 1, name: text(lng, 'register_card', 'title') }).waitFor();
        await expectAccessible(page, 'register card');
        // The card read, the owner says which profile it shows (issue 23): here a new one, named.
        await page.getByRole('group', { name: text(lng, 'register_card', 'choose.title') }).waitFor({ timeout: 30_000 });
        await page.getByLabel(text(lng, 'register_card', 'choose.first_name')).fill('Sam');
        await page.getByRole('button', { name: text(lng, 'register_card', 'choose.submit') }).click();
        await page.getByText(text(lng, 'register_card', 'registered_info')).waitFor({ timeout: 30_000 });
        await page.waitForURL(/\/profile\/[A-Za-z0-9]+$/);
        await page.getByRole('link', { name: text(lng, 'molecules', 'back_to_overview') }).click();
        await page.waitForURL(new RegExp(`${session.server.base}/$`));
        await page
          .getByText(text(lng, 'cards', 'editions.firstEditionSilver'))
          .first()
          .waitFor();
      });
      expect(wasm).toHaveLength(1);
      expect(wasm[0]).toMatch(new RegExp(`^200 ${session.server.base}/assets/zxing_reader-[\\w-]+\\.wasm$`));
      // Nothing from a CDN: every request of the page went to this server (or stayed in the page).
      expect([...origins].filter((o) => o !== session.server.base && o !== 'null')).toEqual([]);
      const cards = await session.server.t.get('/find/own/cards', owner);
      expect(cards.body.map((c: { cardId: string }) => c.cardId)).toEqual([cardId]);
    } finally {
      await cameraBrowser.close();
    }
  });

  it('says could_not_read_card_info for a QR code that is not a card link, and keeps scanning', async () => {
    const lng: Lng = 'de';
    const owner = await session.server.t.signUp();
    const cameraBrowser = await browserWithCamera(await QRCode.toBuffer('https://example.com/not-a-card', { width: 400, margin: 2 }));
    const context = await appContext(cameraBrowser, lng, owner);
    const page = await context.newPage();
    try {
      await withFailureShot(page, 'scan-unreadable', async () => {
        await page.goto(`${session.server.base}/register-card`);
        await page
          .getByText(text(lng, 'register_card', 'could_not_read_card_info'))
          .first()
          .waitFor({ timeout: 30_000 });
        // Still on the scanner, nothing registered.
        expect(new URL(page.url()).pathname).toBe('/register-card');
        await page.locator('.scanner-frame video').waitFor();
      });
      expect((await session.server.t.get('/find/own/cards', owner)).body).toEqual([]);
    } finally {
      await cameraBrowser.close();
    }
  });

  it('reports an unsupported browser when there are no media devices', async () => {
    for (const lng of ['de', 'en'] as const) {
      const owner = await session.server.t.signUp();
      const context = await appContext(session.browser, lng, owner);
      await context.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'mediaDevices', { get: () => undefined, configurable: true });
      });
      const page = await context.newPage();
      await page.goto(`${session.server.base}/register-card`);
      await page.getByText(text(lng, 'register_card', 'unsupported_browser')).waitFor();
      await context.close();
    }
  });

  it('says at once that a stored card is taken, before any profile is picked, and returns to the overview', async () => {
    const lng: Lng = 'de';
    const holder = await session.server.t.signUp();
    const [cardId] = await session.server.t.mintCards('rainbow', 1);
    expect((await session.server.t.post('/card/register', { cardId }, holder)).status).toBe(200);
    const owner = await session.server.t.signUp();
    const context = await appContext(session.browser, lng, owner);
    await context.addInitScript((id) => {
      if (!sessionStorage.getItem('stored')) {
        sessionStorage.setItem('stored', '1');
        localStorage.setItem('registerCard', JSON.stringify({ cardId: id }));
      }
    }, cardId);
    const page = await context.newPage();
    await page.goto(`${session.server.base}/`);
    await page.getByText(text(lng, 'register_card', 'check.registered', { cardId })).waitFor();
    await page.waitForURL(new RegExp(`${session.server.base}/$`));
    await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
    expect(await page.getByRole('group', { name: text(lng, 'register_card', 'choose.title') }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('registerCard'))).toBeNull();
    await context.close();
  });
});

describe.each<Lng>(['en', 'de'])('a typed card id in %s (issue 35)', (lng) => {
  it('is checked at once: a mistyped or taken id is refused before a profile is picked and stays in the field to correct', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const holder = await t.signUp();
    const [taken, free] = await t.mintCards('rainbow', 2);
    expect((await t.post('/card/register', { cardId: taken }, holder)).status).toBe(200);
    const context = await appContext(session.browser, lng, owner);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `card-typed-check-${lng}`, async () => {
      await page.goto(`${base}/register-card`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'register_card', 'title') }).waitFor();
      const field = page.getByLabel(text(lng, 'register_card', 'typed.label'));
      const submit = page.getByRole('button', { name: text(lng, 'register_card', 'typed.submit') });
      const group = page.getByRole('group', { name: text(lng, 'register_card', 'choose.title') });

      // One letter off: refused at once, under the field, and the typed id is still there.
      const typo = `${free!.slice(0, -1)}${free!.endsWith('x') ? 'y' : 'x'}`;
      await field.fill(typo);
      await submit.click();
      await page.getByText(text(lng, 'register_card', 'check.not-found', { cardId: typo })).waitFor();
      expect(await field.inputValue()).toBe(typo);
      expect(await group.count()).toBe(0);
      await expectAccessible(page, 'typed card id refused');
      await maybeScreenshot(page, `card-typed-refused-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `card-typed-refused-${lng}-desktop`, { fullPage: true });
      await page.setViewportSize({ width: 360, height: 780 });

      // Someone else's card: said as such.
      await field.fill(taken!);
      await submit.click();
      await page.getByText(text(lng, 'register_card', 'check.registered', { cardId: taken! })).waitFor();
      expect(await group.count()).toBe(0);

      // Corrected: the question which profile it shows, and nothing registered before that.
      await field.fill(free!);
      await submit.click();
      await group.waitFor();
      expect((await t.get('/find/own/cards', owner)).body).toEqual([]);
    });
  }, 60_000);
});
