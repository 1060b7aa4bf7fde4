import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProfile } from '../support/factories.ts';
import { maybeScreenshot } from './support/browser.ts';
import { appContext, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 36, offline first: with the service worker on (other suites block it), the capture
// screen is loaded, the network cut (Playwright's setOffline), a card photographed or typed in,
// a field fixed and the capture saved: it waits on the phone ("1 waiting"), survives a reload
// from the kept app shell, and once the network is back it is sent, in order, and lands in the
// contacts exactly once. German and English, at 360 px and on a desktop.
const session = useE2eSession(startAppServer);

const CORPUS = path.resolve(import.meta.dirname, '../fixtures/capture');
const { cards } = JSON.parse(fs.readFileSync(path.join(CORPUS, 'cards.json'), 'utf8')) as {
  cards: Array<{ file: string; fields: Record<string, string | null> }>;
};

const field = (page: Page, lng: Lng, name: string) => page.getByLabel(text(lng, 'capture', `field.${name}`), { exact: true });

/** The worker controls the page once it has kept the shell (install, activate, clients.claim). */
async function workerInControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, { timeout: 30_000 });
}

describe('capturing offline', () => {
  for (const [lng, viewport, how] of [
    ['de', { width: 360, height: 780 }, 'photo'],
    ['en', { width: 360, height: 780 }, 'typed'],
    ['en', { width: 1280, height: 900 }, 'photo'],
    ['de', { width: 1280, height: 900 }, 'typed'],
  ] as Array<[Lng, { width: number; height: number }, 'photo' | 'typed']>) {
    const size = viewport.width === 360 ? 'phone' : 'desktop';
    it(`keeps a ${how === 'photo' ? 'photographed' : 'typed'} card while offline and sends it once when back online (${lng}, ${size})`, async () => {
      const { t, base } = session.server;
      const owner = await t.signUp();
      await createProfile(t, owner, { profileName: 'Messe', firstName: 'Olga', lastName: 'Owner' });
      // With two profiles the owner picks the one that keeps a typed contact (it stays chosen for the next).
      const second = how === 'typed' ? await createProfile(t, owner, { profileName: 'Privat', firstName: 'Olga', lastName: 'Privat' }) : null;
      const context = await appContext(session.browser, lng, owner, {
        serviceWorkers: 'allow',
        ...(size === 'phone' ? {} : { viewport, isMobile: false, hasTouch: false, deviceScaleFactor: 1 }),
      });
      session.context = context;
      const page = await context.newPage();
      await withFailureShot(page, `capture-offline-${lng}-${size}`, async () => {
        await page.goto(`${base}/capture`);
        await page.getByRole('heading', { name: text(lng, 'capture', 'title') }).waitFor();
        await workerInControl(page);

        await context.setOffline(true);
        const card = cards.find((c) => c.file === 'card-02.jpg')!;
        if (how === 'photo') {
          await page.locator('#capture-photo').setInputFiles(path.join(CORPUS, card.file));
          // Offline, the photo waits to be read; the owner types what matters now.
          await page.getByText(text(lng, 'capture', 'photo_later')).waitFor();
          await field(page, lng, 'jobTitle').fill('Chief Buyer');
          await maybeScreenshot(page, `capture-offline-photo-${lng}-${size}`);
        } else {
          await page.getByRole('button', { name: text(lng, 'capture', 'manual') }).click();
          await field(page, lng, 'firstName').fill('Ada');
          await field(page, lng, 'lastName').fill('Lovelace');
          await field(page, lng, 'email').fill('ada@exampel.com');
          // A typo fixed before saving.
          await field(page, lng, 'email').fill('ada@example.com');
          await page.getByLabel(text(lng, 'capture', 'profile'), { exact: true }).selectOption(second!.id);
        }
        await page.getByRole('button', { name: text(lng, 'capture', 'save') }).click();
        await page.getByText(text(lng, 'capture', 'queued_offline')).waitFor();
        const waiting = page.getByRole('status').filter({ hasText: text(lng, 'capture', 'waiting_one', { count: 1 }) });
        await waiting.waitFor();

        if (how === 'typed') {
          // A second one, typed after the first: they are sent in the order they were saved.
          await page.getByRole('button', { name: text(lng, 'capture', 'manual') }).click();
          await field(page, lng, 'firstName').fill('Grace');
          await field(page, lng, 'lastName').fill('Hopper');
          await page.getByRole('button', { name: text(lng, 'capture', 'save') }).click();
          await page
            .getByRole('status')
            .filter({ hasText: text(lng, 'capture', 'waiting_other', { count: 2 }) })
            .waitFor();
        }
        await maybeScreenshot(page, `capture-offline-${lng}-${size}`);

        // The app comes back from the kept shell while offline, and what waits is still there.
        await page.reload();
        await page.getByRole('heading', { name: text(lng, 'capture', 'title') }).waitFor({ timeout: 20_000 });
        await page
          .getByRole('status')
          .filter({ hasText: text(lng, 'capture', 'offline') })
          .waitFor();
        expect(await t.app.db.selectFrom('lead').select('id').where('capturedBy', '=', owner.userId).execute()).toHaveLength(0);

        await context.setOffline(false);
        // Sent: the count goes (the photo is read by the server first: an OCR engine starts).
        await page.locator('.capture-waiting').waitFor({ state: 'detached', timeout: 60_000 });
        const rows = await t.app.db
          .selectFrom('lead')
          .select(['id', 'firstName', 'lastName', 'email', 'jobTitle', 'method', 'clientId', 'created', 'profileId'])
          .where('capturedBy', '=', owner.userId)
          .orderBy('created')
          .execute();
        if (how === 'photo') {
          expect(rows).toHaveLength(1);
          // The card was read when sent; the field the owner typed won.
          expect(rows[0]).toMatchObject({ method: 'paper', email: card.fields.email, lastName: card.fields.lastName, jobTitle: 'Chief Buyer' });
        } else {
          expect(rows.map((r) => [r.firstName, r.email, r.profileId])).toEqual([
            ['Ada', 'ada@example.com', second!.id],
            ['Grace', '', second!.id],
          ]);
        }

        // In the contacts, once.
        await page.getByRole('link', { name: text(lng, 'capture', 'to_contacts') }).click();
        const name = how === 'photo' ? `${card.fields.firstName} ${card.fields.lastName}` : 'Ada Lovelace';
        await page.getByText(name, { exact: true }).first().waitFor();
        expect(await page.getByText(name, { exact: true }).count()).toBe(1);
        await maybeScreenshot(page, `capture-offline-sent-${lng}-${size}`);

        // Nothing is sent twice: a later round (the screen opened again) finds nothing waiting.
        await page.goto(`${base}/capture`);
        await page.getByRole('heading', { name: text(lng, 'capture', 'title') }).waitFor();
        await page.waitForTimeout(500);
        expect(await t.app.db.selectFrom('lead').select('id').where('capturedBy', '=', owner.userId).execute()).toHaveLength(rows.length);
      });
    }, 150_000);
  }
});
