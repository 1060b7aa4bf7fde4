import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { encodeTap } from '../../server/features/taps/sun.ts';
import { BROWSER_UA, quickOwners, storePasskey } from '../support/factories.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot, phoneContext } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';

// Issue 38, "met in person": a chip's verified tap opens the card's profile page with ?card=, the
// page's script hands the card to the contact form, and the owner's contacts screen marks the lead
// (and says why in its details), in German and English, at 360 px and on a desktop.
const session = useE2eSession(startAppServer);

describe('a lead met in person', () => {
  it('is marked in the contacts list and its details after a verified tap of the card', async () => {
    const { t, base } = session.server;
    const [operator, owner] = await quickOwners(t, 2);
    await createOperatorRepository(t.app.db).grant(operator!.email, Date.now());
    await storePasskey(t, operator!);
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const batch = await t.post(
      '/operator/batch/create',
      { edition: 'rainbow', count: 1, label: 'Fair', sun: { metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') } },
      operator,
    );
    expect(batch.status, batch.raw).toBe(200);
    const cardId = batch.body.sun.cards[0].cardId as string;
    const registered = await t.post('/card/register', { cardId, firebaseUserEmail: owner!.email }, owner);
    expect(registered.status, registered.raw).toBe(200);
    await t.post('/profile/update', { id: registered.body.cardProfileId, firstName: 'Jürgen', lastName: 'Größe' }, owner);

    // The visitor's phone taps the card: the chip's address, judged, then the profile page.
    const tap = encodeTap(keys, randomBytes(7), 1);
    const visitor = await phoneContext(session.browser, { locale: 'en-GB', userAgent: BROWSER_UA });
    session.context = visitor;
    const phone = await visitor.newPage();
    await withFailureShot(phone, 'leads-met-visitor', async () => {
      await phone.goto(`${base}/card/${cardId}?picc_data=${tap.piccData}&cmac=${tap.cmac}&lng=en`);
      expect(phone.url()).toContain(`card=${cardId}`);
      expect(phone.url()).not.toContain('picc_data');
      await phone.locator('.p-acts a[href="#contact"]').click();
      await phone.getByLabel(text('en', 'profile', 'contact_email_label'), { exact: true }).fill('met@example.net');
      await phone.getByLabel(text('en', 'profile', 'contact_name_label'), { exact: true }).fill('Mia Fair');
      await phone.getByRole('button', { name: text('en', 'profile', 'exchange') }).click();
      await phone.locator('#contact-sent').waitFor({ state: 'visible' });
    });
    await visitor.close();
    session.context = undefined;
    // Someone who found the page another way.
    expect(
      (await t.post('/send/contact', { profileId: registered.body.cardProfileId, senderEmail: 'other@example.net', name: 'Otto Link', language: 'de' })).status,
    ).toBe(200);

    for (const lng of ['de', 'en'] as Lng[]) {
      const context = await appContext(session.browser, lng, owner);
      session.context = context;
      const page = await context.newPage();
      await withFailureShot(page, `leads-met-${lng}`, async () => {
        await page.goto(`${base}/leads`);
        const met = page.getByRole('listitem').filter({ hasText: 'Mia Fair' });
        await met.getByText(text(lng, 'leads', 'met_in_person'), { exact: true }).waitFor();
        expect(
          await page
            .getByRole('listitem')
            .filter({ hasText: 'Otto Link' })
            .getByText(text(lng, 'leads', 'met_in_person'), { exact: true })
            .count(),
        ).toBe(0);
        await expectAccessible(page, 'contacts with a lead met in person');
        await maybeScreenshot(page, `leads-met-${lng}`, { fullPage: true });
        await page.setViewportSize({ width: 1280, height: 860 });
        await maybeScreenshot(page, `leads-met-desktop-${lng}`);
        await page.setViewportSize({ width: 360, height: 780 });
        await page.getByRole('button', { name: text(lng, 'leads', 'open_named', { name: 'Mia Fair' }) }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByText(text(lng, 'leads', 'met_in_person_hint')).waitFor();
        await maybeScreenshot(page, `leads-met-details-${lng}`);
      });
      await context.close();
      session.context = undefined;
    }
  }, 120_000);
});
