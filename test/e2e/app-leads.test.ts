import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createProfile } from '../support/factories.ts';
import { LEADS_CSV_COLUMNS } from '../../server/features/leads/leads-csv.builder.ts';
import { readXlsx } from '../support/xlsx.ts';
import { maybeScreenshot, phoneContext } from './support/browser.ts';
import { appContext, expectAccessible, mailLink, startAppServer, text, withFailureShot } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 12, leads: a visitor leaves details on the public page with JavaScript and without;
// the owner finds them under Contacts, reads the consent, marks one followed up and exports CSV.
const session = useE2eSession(startAppServer);

let visitors = 0;

/** A visitor's phone on the profile page, as a person of its own (own client address). */
async function visitorPage(profileId: string, lng: 'de' | 'en', javaScriptEnabled: boolean): Promise<Page> {
  const context = await phoneContext(session.browser, {
    locale: lng === 'de' ? 'de-DE' : 'en-GB',
    javaScriptEnabled,
    extraHTTPHeaders: { 'X-Forwarded-For': `192.0.2.${++visitors}` },
  });
  session.context = context;
  const page = await context.newPage();
  await page.goto(`${session.server.base}/p/${profileId}?lng=${lng}`);
  return page;
}

/** Opens the contact dialog, fills every field and sends; waits for the success dialog. */
async function leaveDetails(page: Page, lng: 'de' | 'en', details: { email: string; name: string; phone: string; company: string; message: string }) {
  await page.locator('.p-acts a[href="#contact"]').click();
  await page.getByLabel(text(lng, 'profile', 'contact_email_label'), { exact: true }).fill(details.email);
  await page.getByLabel(text(lng, 'profile', 'contact_name_label'), { exact: true }).fill(details.name);
  await page.getByLabel(text(lng, 'profile', 'contact_phone_label'), { exact: true }).fill(details.phone);
  await page.getByLabel(text(lng, 'profile', 'contact_company_label'), { exact: true }).fill(details.company);
  await page.getByLabel(text(lng, 'profile', 'contact_message_label'), { exact: true }).fill(details.message);
  await page.getByRole('button', { name: text(lng, 'profile', 'exchange') }).click();
  await page.locator('#contact-sent').waitFor({ state: 'visible' });
}

describe('leads from the public page to the owner’s contacts', () => {
  it('a visitor leaves details with and without JavaScript; the owner sees them, marks one followed up and exports CSV', async () => {
    const { t } = session.server;
    const owner = await t.signUp();
    const profile = await createProfile(t, owner, { profileName: 'Messe', firstName: 'Jürgen', lastName: 'Größe' });

    // With JavaScript, in German: the consent line names the owner above the send button.
    const withJs = await visitorPage(profile.id, 'de', true);
    await withFailureShot(withJs, 'leads-visitor-js', async () => {
      await withJs.locator('.p-acts a[href="#contact"]').click();
      expect(await withJs.getByText(text('de', 'profile', 'contact_consent', { name: 'Jürgen Größe' })).isVisible()).toBe(true);
      await withJs.keyboard.press('Escape');
      await leaveDetails(withJs, 'de', {
        email: 'anne@example.net',
        name: 'Änne Müller',
        phone: '+49 30 123456',
        company: 'Übermühl GmbH',
        message: 'Bitte rufen Sie mich an.',
      });
    });

    // Without JavaScript, in English: the form posts and the redirect opens the success dialog.
    const noJs = await visitorPage(profile.id, 'en', false);
    await withFailureShot(noJs, 'leads-visitor-nojs', async () => {
      await leaveDetails(noJs, 'en', {
        email: 'bob@example.org',
        name: 'Bob Stone',
        phone: '+44 20 7946 0000',
        company: 'Stone Ltd',
        message: 'Hello from the fair.',
      });
      expect(noJs.url()).toMatch(/#contact-sent$/);
    });
    await session.context?.close();
    session.context = undefined;

    const rows = await t.app.db.selectFrom('lead').selectAll().where('profileId', '=', profile.id).orderBy('created').execute();
    expect(rows.map((r) => [r.email, r.name, r.company, r.language])).toEqual([
      ['anne@example.net', 'Änne Müller', 'Übermühl GmbH', 'de'],
      ['bob@example.org', 'Bob Stone', 'Stone Ltd', 'en'],
    ]);

    // The owner's contacts screen.
    const lng = 'en';
    // The owner's browser is in New York (issue 23: the export's times on the owner's clock).
    const context = await appContext(session.browser, lng, owner, { timezoneId: 'America/New_York' });
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, 'leads-owner', async () => {
      await page.goto(`${session.server.base}/`);
      const navLink = page.locator('a.nav-leads');
      await expect.poll(() => navLink.locator('.nav-badge').textContent()).toBe('2');
      await navLink.click();
      await page.waitForURL(/\/leads$/);
      await page.getByRole('heading', { level: 1, name: text(lng, 'leads', 'title') }).waitFor();
      const titles = page.locator('.lead-title');
      await expect.poll(() => titles.allTextContents()).toEqual(['Bob Stone', 'Änne Müller']);
      await expectAccessible(page, 'contacts');

      // Open a lead: everything, the consent included.
      await page.getByRole('button', { name: text(lng, 'leads', 'open_named', { name: 'Änne Müller' }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Übermühl GmbH').waitFor();
      expect(await dialog.getByText(text('de', 'profile', 'contact_consent', { name: 'Jürgen Größe' })).isVisible()).toBe(true);
      expect(await dialog.getByText('+49 30 123456').isVisible()).toBe(true);
      await expectAccessible(page, 'contact details');
      await dialog.getByRole('button', { name: text(lng, 'leads', 'mark_followed_up') }).click();
      await expect.poll(() => dialog.getByRole('button', { name: text(lng, 'leads', 'mark_new') }).count()).toBe(1);
      await dialog.getByRole('button', { name: text(lng, 'leads', 'close') }).click();

      // Marked followed up: the badge counts one, the filter finds it.
      await expect.poll(() => navLink.locator('.nav-badge').textContent()).toBe('1');
      await page.getByLabel(text(lng, 'leads', 'status_filter_label')).selectOption('followedUp');
      await expect.poll(() => titles.allTextContents()).toEqual(['Änne Müller']);
      await page.getByLabel(text(lng, 'leads', 'status_filter_label')).selectOption('');
      await page.getByLabel(text(lng, 'leads', 'search_label')).fill('stone');
      await expect.poll(() => titles.allTextContents()).toEqual(['Bob Stone']);
      await page.getByLabel(text(lng, 'leads', 'search_label')).fill('');
      await expect.poll(() => titles.allTextContents()).toEqual(['Bob Stone', 'Änne Müller']);
      await maybeScreenshot(page, 'leads-en-360', { fullPage: true });

      // CSV export with the bearer token: BOM, umlauts, consent columns named in the app's language (issue 23).
      const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text(lng, 'leads', 'export_csv') }).click()]);
      expect(file.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = await readFile((await file.path())!, 'utf8');
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const header = (key: string) => LEADS_CSV_COLUMNS.find(([column]) => column === key)![1][lng];
      // Times on the owner's clock (issue 23): the app stored the browser's zone, named in the header.
      const zone = 'America/New_York';
      expect(csv).toContain(`"${header('created')} (${zone})"`);
      expect(csv).toContain(`"${header('consentText')}","${header('consentVersion')}","${header('consentAt')} (${zone})"`);
      // Each lead's time is its stored instant as a New York clock shows it.
      const leads = (await t.get(`/find/own/leads?profileId=${profile.id}`, owner)).body as { leads: Array<{ email: string; createdIso: string }> };
      const nyClock = (iso: string) =>
        new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'medium', hourCycle: 'h23' }).format(new Date(iso));
      expect(leads.leads).toHaveLength(2);
      for (const lead of leads.leads) expect(csv).toContain(`"${nyClock(lead.createdIso)}"`);
      expect(csv).toContain('"Änne Müller"');
      expect(csv).toContain('"Übermühl GmbH"');
      expect(csv).toContain('"followedUp"');
      expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
      // Issue 35: the phone exactly as typed, nothing invisible in front of it to travel into an import.
      expect(csv).toContain('"+49 30 123456"');
      expect(csv.slice(1)).not.toMatch(/[\u200b-\u200f\u2060\ufeff]/);

      // Issue 35: the workbook for spreadsheets: typed text cells, words instead of codes in the app's language.
      const [workbook] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text(lng, 'leads', 'export_xlsx') }).click()]);
      expect(workbook.suggestedFilename()).toMatch(/^leads-\d{4}-\d{2}-\d{2}\.xlsx$/);
      const book = readXlsx(await readFile((await workbook.path())!));
      expect(book.sheet).toBe(text(lng, 'leads', 'title'));
      const names = book.rows[0]!.map((cell) => cell?.value);
      const anne = book.rows.find((row) => row.some((cell) => cell?.value === 'Änne Müller'))!;
      const cellOf = (key: string) => anne[names.indexOf(header(key))];
      expect(cellOf('phone')).toMatchObject({ kind: 'text', value: '+49 30 123456' });
      expect(cellOf('status')).toMatchObject({ kind: 'text', value: text(lng, 'leads', 'status.followedUp') });
      expect(anne[names.indexOf(`${header('created')} (${zone})`)]).toMatchObject({ kind: 'number', format: 'yyyy-mm-dd hh:mm:ss' });
      await page.getByText(text(lng, 'leads', 'export_hint')).waitFor();
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, 'leads-en-desktop');
    });
  });

  it('the visitor deletes their own details with the link from the mail, after confirming on a page without script', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const profile = await createProfile(t, owner, { firstName: 'Jürgen', lastName: 'Größe' });
    // JavaScript on only for axe: the deletion page has no script of its own (its CSP allows none).
    const page = await visitorPage(profile.id, 'de', true);
    await withFailureShot(page, 'leads-deletion', async () => {
      await leaveDetails(page, 'de', { email: 'weg@example.net', name: 'Wera Weg', phone: '', company: '', message: '' });
      expect(await t.app.db.selectFrom('lead').select('id').where('profileId', '=', profile.id).execute()).toHaveLength(1);
      // Opening the link (as a mail client's scanner would) deletes nothing.
      await page.goto(await mailLink(base, 'weg@example.net', '/delete/lead'));
      await page.getByRole('heading', { level: 1, name: text('de', 'profile', 'lead_deletion_title') }).waitFor();
      expect(await t.app.db.selectFrom('lead').select('id').where('profileId', '=', profile.id).execute()).toHaveLength(1);
      await expectAccessible(page, 'deletion confirmation');
      await page.getByRole('button', { name: text('de', 'profile', 'lead_deletion_confirm') }).click();
      await page.getByText(text('de', 'profile', 'lead_deletion_done')).waitFor();
      expect(await t.app.db.selectFrom('lead').select('id').where('profileId', '=', profile.id).execute()).toHaveLength(0);
    });
  });
});
