import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createProfile } from '../support/factories.ts';
import { maybeScreenshot } from './support/browser.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 36: the capture screen at /capture, reached from the contacts screen. A photographed
// card of the OCR corpus is read by the server, a field corrected, an event made, note and
// tags added, and the contact saved; it then shows in the contacts with its method, event and
// tags. At 360 px and on a desktop, in German and English.
const session = useE2eSession(startAppServer);

const CORPUS = path.resolve(import.meta.dirname, '../fixtures/capture');
const { cards } = JSON.parse(fs.readFileSync(path.join(CORPUS, 'cards.json'), 'utf8')) as {
  cards: Array<{ file: string; fields: Record<string, string | null> }>;
};

describe('the capture screen', () => {
  for (const [lng, viewport] of [
    ['de', { width: 360, height: 780 }],
    ['en', { width: 1280, height: 900 }],
    ['en', { width: 360, height: 780 }],
    ['de', { width: 1280, height: 900 }],
  ] as Array<[Lng, { width: number; height: number }]>) {
    const size = viewport.width === 360 ? 'phone' : 'desktop';
    it(`photographs a card, corrects a field, adds an event, note and tags and saves it (${lng}, ${size})`, async () => {
      const { t } = session.server;
      const owner = await t.signUp();
      const profile = await createProfile(t, owner, { profileName: 'Messe', firstName: 'Olga', lastName: 'Owner' });
      const context = await appContext(
        session.browser,
        lng,
        owner,
        size === 'phone' ? {} : { viewport, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
      );
      session.context = context;
      const page = await context.newPage();
      await withFailureShot(page, `capture-${lng}-${size}`, async () => {
        await page.goto(`${session.server.base}/leads`);
        await page.getByRole('link', { name: text(lng, 'leads', 'capture') }).click();
        await page.getByRole('heading', { name: text(lng, 'capture', 'title') }).waitFor();
        await maybeScreenshot(page, `capture-choose-${lng}-${size}`);
        await expectAccessible(page, 'capture');

        const card = cards.find((c) => c.file === 'card-02.jpg')!;
        await page.locator('#capture-photo').setInputFiles(path.join(CORPUS, card.file));
        const email = page.getByLabel(text(lng, 'capture', 'field.email'), { exact: true });
        await email.waitFor({ timeout: 30_000 });
        expect(await email.inputValue()).toBe(card.fields.email);
        expect(await page.getByLabel(text(lng, 'capture', 'field.lastName'), { exact: true }).inputValue()).toBe(card.fields.lastName);
        // The owner corrects a field.
        await page.getByLabel(text(lng, 'capture', 'field.jobTitle'), { exact: true }).fill('Chief Buyer');
        await page.getByLabel(text(lng, 'capture', 'note'), { exact: true }).fill('Wants samples');
        await page.getByLabel(text(lng, 'capture', 'tags'), { exact: true }).fill('hot, samples');
        await page.getByRole('button', { name: text(lng, 'capture', 'new_event') }).click();
        await page.getByLabel(text(lng, 'capture', 'event_name'), { exact: true }).fill('Hannover Messe');
        await page.getByRole('button', { name: text(lng, 'capture', 'event_create') }).click();
        await expect.poll(() => page.locator('#capture-event option:checked').textContent()).toBe('Hannover Messe');
        await maybeScreenshot(page, `capture-review-${lng}-${size}`, { fullPage: true });
        await expectAccessible(page, 'capture review');
        await page.getByRole('button', { name: text(lng, 'capture', 'save') }).click();
        await page.getByText(text(lng, 'capture', 'saved')).waitFor();

        const rows = await t.app.db.selectFrom('lead').selectAll().where('capturedBy', '=', owner.userId).execute();
        expect(rows).toHaveLength(1);
        expect(rows[0]).toMatchObject({ method: 'paper', email: card.fields.email, jobTitle: 'Chief Buyer', note: 'Wants samples', tags: '["hot","samples"]' });

        await page.getByRole('link', { name: text(lng, 'capture', 'to_contacts') }).click();
        await page.getByText(`${text(lng, 'leads', 'method.paper')} · Hannover Messe · #hot · #samples`).waitFor();
        await maybeScreenshot(page, `capture-inbox-${lng}-${size}`);

        // The profile's statistics count it for the event.
        await page.goto(`${session.server.base}/profile/${profile.id}/stats`);
        const captures = page.getByRole('region', { name: text(lng, 'stats', 'captures_heading') });
        await captures.getByText('Hannover Messe').waitFor();
        expect(
          await captures
            .getByText(text(lng, 'stats', 'captured_one', { count: 1 }))
            .first()
            .isVisible(),
        ).toBe(true);
        await captures.scrollIntoViewIfNeeded();
        await maybeScreenshot(page, `capture-stats-${lng}-${size}`);
      });
      // The OCR's first read starts an engine; on a loaded machine the whole flow takes about a minute.
    }, 150_000);
  }
});
