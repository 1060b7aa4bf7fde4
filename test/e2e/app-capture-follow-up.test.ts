import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createProfile } from '../support/factories.ts';
import { maybeScreenshot } from './support/browser.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 36, the follow-up: the owner writes the follow-up text in the settings (/capture/settings,
// reached from the capture screen), then sends it from a captured contact in the contacts, in
// the language they choose; the mail arrives with their text and the privacy notice. German and
// English, at 360 px and on a desktop.
const session = useE2eSession(startAppServer);

describe('the follow-up mail', () => {
  for (const [lng, viewport] of [
    ['de', { width: 360, height: 780 }],
    ['en', { width: 1280, height: 900 }],
    ['en', { width: 360, height: 780 }],
    ['de', { width: 1280, height: 900 }],
  ] as Array<[Lng, { width: number; height: number }]>) {
    const size = viewport.width === 360 ? 'phone' : 'desktop';
    it(`is written in the settings and sent from a captured contact (${lng}, ${size})`, async () => {
      const { t, base } = session.server;
      const owner = await t.signUp();
      await createProfile(t, owner, { profileName: 'Messe', firstName: 'Olga', lastName: 'Owner' });
      const email = `anna.${randomUUID().slice(0, 8)}@beispiel.de`;
      const saved = await t.post(
        '/capture/save',
        { clientId: randomUUID(), method: 'paper', capturedAt: Date.now(), firstName: 'Anna', lastName: 'Berg', email, country: 'Deutschland' },
        owner,
      );
      expect(saved.status, saved.raw).toBe(200);
      const context = await appContext(
        session.browser,
        lng,
        owner,
        size === 'phone' ? {} : { viewport, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
      );
      session.context = context;
      const page = await context.newPage();
      await withFailureShot(page, `capture-follow-up-${lng}-${size}`, async () => {
        await page.goto(`${base}/capture`);
        await page.getByRole('link', { name: text(lng, 'capture', 'follow_up.link') }).click();
        await page.getByRole('heading', { name: text(lng, 'capture', 'follow_up.title') }).waitFor();
        await page.getByLabel(text(lng, 'capture', 'follow_up.meeting_link')).fill('https://cal.example.com/olga');
        // The text in the person's language (German here, whatever the app's language).
        await page.locator('#follow-up-subject-de').fill('Schön, Sie auf der Messe getroffen zu haben, {firstName}');
        await page.locator('#follow-up-body-de').fill('Hallo {firstName},\n\ndanke für das Gespräch!\n\n{myName}');
        await page.locator('.follow-up-notice').first().locator('summary').click();
        await maybeScreenshot(page, `capture-follow-up-settings-${lng}-${size}`, { fullPage: true });
        await expectAccessible(page, 'follow-up settings');
        await page.getByRole('button', { name: text(lng, 'capture', 'follow_up.save') }).click();
        await page.getByText(text(lng, 'capture', 'follow_up.saved')).waitFor();

        await page.goto(`${base}/leads`);
        await page.getByRole('button', { name: text(lng, 'leads', 'open_named', { name: 'Anna Berg' }) }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('heading', { name: text(lng, 'leads', 'follow_up_heading') }).waitFor();
        // Guessed from the card: German.
        expect(await dialog.getByLabel(text(lng, 'leads', 'follow_up_language')).inputValue()).toBe('de');
        await maybeScreenshot(page, `capture-follow-up-dialog-${lng}-${size}`);
        await dialog.getByRole('button', { name: text(lng, 'leads', 'follow_up_send') }).click();
        await page.getByText(text(lng, 'leads', 'follow_up_sent', { email })).waitFor();
        await dialog.getByRole('button', { name: text(lng, 'leads', 'follow_up_done') }).waitFor();

        let mail;
        for (let i = 0; i < 100 && !mail; i++) {
          mail = (await t.app.mailer.outbox()).find((m) => m.to === email);
          if (!mail) await page.waitForTimeout(100);
        }
        expect(mail?.subject).toBe('Schön, Sie auf der Messe getroffen zu haben, Anna');
        expect(mail?.text).toContain('Hallo Anna,\n\ndanke für das Gespräch!');
        expect(mail?.text).toContain('https://cal.example.com/olga');
        expect(mail?.text).toContain('Datenschutzhinweis (Art. 14 DSGVO)');
      });
    }, 90_000);
  }
});
