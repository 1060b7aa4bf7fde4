import { describe, expect, it } from 'vitest';
import { registerCard } from '../support/factories.ts';
import { maybeScreenshot, phoneContext } from './support/browser.ts';
import { startPublicServer } from './support/public-server.ts';
import { useE2eSession } from './support/session.ts';

// SPEC 2's card redirect page in its three cases, as a phone meets it after scanning a card.

const session = useE2eSession(startPublicServer);

const TEXT = {
  de: {
    heading: 'Personalisieren Sie Ihre Karte',
    button: 'Karte registrieren',
    missing: 'Karte nicht gefunden',
    exchange: 'Kontakt austauschen',
    send: 'Austauschen',
  },
  en: { heading: 'Make this card yours', button: 'Register card', missing: 'Card not found', exchange: 'Exchange details', send: 'Exchange' },
} as const;

async function phone(lng: 'de' | 'en', javaScriptEnabled = true) {
  session.context = await phoneContext(session.browser, { locale: lng === 'de' ? 'de-DE' : 'en-US', javaScriptEnabled });
  return session.context.newPage();
}

for (const lng of ['de', 'en'] as const) {
  describe(`card page in ${lng}`, () => {
    it('sends a registered card on to its profile (both card paths)', async () => {
      const card = await registerCard(session.server.t, session.server.owner);
      for (const path of ['card', 'public-profile']) {
        const page = await phone(lng);
        const res = await page.goto(`${session.server.base}/${path}/${card.cardId}`);
        expect(res?.status()).toBe(200);
        // The scan's source and card travel along (issue 12): a card link without ?src= is `card`.
        expect(page.url()).toBe(`${session.server.base}/p/${card.cardProfileId}?src=card&card=${card.cardId}`);
        expect(await page.getAttribute('html', 'lang')).toBe(lng);
        await session.context!.close();
      }
    });

    it('names the scanned card in the lead a visitor leaves after the scan (issue 25)', async () => {
      const { t, owner, base } = session.server;
      const card = await registerCard(t, owner);
      const page = await phone(lng);
      await page.goto(`${base}/card/${card.cardId}?src=nfc`);
      await page.locator('.p-acts').getByRole('link', { name: TEXT[lng].exchange }).click();
      const visitor = `scan-${lng}-${Date.now()}@example.org`;
      await page.fill('#contact-email', visitor);
      await page.getByRole('button', { name: TEXT[lng].send }).click();
      await page.locator('#contact-sent').waitFor({ state: 'visible' });
      const lead = await t.app.db.selectFrom('lead').select(['cardId', 'source']).where('email', '=', visitor).executeTakeFirstOrThrow();
      expect(lead).toEqual({ cardId: card.cardId, source: 'nfc' });
    });

    it('invites registration for a card without owner: stores registerCard and goes to /register', async () => {
      const [cardId] = await session.server.t.mintCards('rainbow', 1);
      const page = await phone(lng);
      const res = await page.goto(`${session.server.base}/card/${cardId}`);
      expect(res?.status()).toBe(200);
      expect(await page.locator('h1').innerText()).toBe(TEXT[lng].heading);
      expect(await page.locator('main svg').first().isVisible()).toBe(true);
      expect(await page.locator('meta[name=robots]').getAttribute('content')).toBe('noindex');
      await maybeScreenshot(page, `card-invite-${lng}-360`);
      await Promise.all([page.waitForURL(`${session.server.base}/register`), page.getByRole('link', { name: TEXT[lng].button }).click()]);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('registerCard')))!)).toEqual({ cardId });
    });

    it('sends a signed-in owner to /register-card instead', async () => {
      const [cardId] = await session.server.t.mintCards('firstEditionDark', 1);
      const page = await phone(lng);
      await page.goto(`${session.server.base}/card/${cardId}`);
      await page.evaluate(() => localStorage.setItem('cmc.authToken', 'a-token'));
      await Promise.all([page.waitForURL(`${session.server.base}/register-card`), page.getByRole('link', { name: TEXT[lng].button }).click()]);
      expect(JSON.parse((await page.evaluate(() => localStorage.getItem('registerCard')))!)).toEqual({ cardId });
    });

    it('without JavaScript the button is a plain link to /register', async () => {
      const [cardId] = await session.server.t.mintCards('rainbow', 1);
      const page = await phone(lng, false);
      await page.goto(`${session.server.base}/card/${cardId}`);
      await Promise.all([page.waitForURL(`${session.server.base}/register`), page.getByRole('link', { name: TEXT[lng].button }).click()]);
    });

    it('says the card does not exist for an id never minted (404)', async () => {
      const page = await phone(lng);
      const res = await page.goto(`${session.server.base}/card/neverMinted42`);
      expect(res?.status()).toBe(404);
      expect(await page.locator('h1').innerText()).toBe(TEXT[lng].missing);
      await maybeScreenshot(page, `card-missing-${lng}-360`);
    });
  });
}
