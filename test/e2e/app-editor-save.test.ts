import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createLink, createProfile, readOwnLinks, readOwnProfile } from '../support/factories.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';

// Issue 11: the editor saves a profile with its links in one call (POST /profile/save). A save
// the server refuses says so where Save is, keeps everything typed, and a second Save stores it.
const session = useE2eSession(startAppServer);

/** The link and name inputs of one group, top to bottom. */
const linkValues = (page: Page, group: 'web' | 'social') =>
  page.locator(`[data-testid="links-${group}"] > li`).evaluateAll((rows) =>
    rows.map((row) => {
      const inputs = row.querySelectorAll('input');
      return [(inputs[0] as HTMLInputElement).value, (inputs[1] as HTMLInputElement).value];
    }),
  );

describe.each<Lng>(['en', 'de'])('saving the editor in %s', (lng) => {
  it('a refused save loses nothing typed and says so; the next save stores profile and links together', async () => {
    const t = session.server.t;
    const user = await t.signUp();
    const profile = await createProfile(t, user, { profileName: 'Main', jobTitle: 'Before' });
    await createLink(t, user, profile.id, { type: 'website', link: 'https://keep.example', name: 'Keep' });
    await createLink(t, user, profile.id, { type: 'github', link: 'https://github.com/before', name: 'Code' });
    const context = await appContext(session.browser, lng, user);
    const page = await context.newPage();
    await withFailureShot(page, `editor-save-${lng}`, async () => {
      await page.goto(`${session.server.base}/profile/${profile.id}`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true }).waitFor();

      // Typing: a field, a saved link's name, a new weblink and a new social link.
      await page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true }).fill('After');
      const web = page.locator('[data-testid="links-web"]');
      await web
        .getByLabel(text(lng, 'edit_profile', 'links.name'), { exact: true })
        .nth(0)
        .fill('Kept and renamed');
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'links.add_weblink') }).click();
      await web
        .getByLabel(text(lng, 'edit_profile', 'links.link'), { exact: true })
        .nth(1)
        .fill('https://new.example');
      await web
        .getByLabel(text(lng, 'edit_profile', 'links.name'), { exact: true })
        .nth(1)
        .fill('New site');
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'links.add_social_link') }).click();
      const social = page.locator('[data-testid="links-social"]');
      await social
        .getByLabel(text(lng, 'edit_profile', 'links.link'), { exact: true })
        .nth(1)
        .fill('https://instagram.com/new');
      const typedWeb = [
        ['https://keep.example', 'Kept and renamed'],
        ['https://new.example', 'New site'],
      ];
      const typedSocial = [
        ['https://github.com/before', 'Code'],
        ['https://instagram.com/new', ''],
      ];

      // The server refuses the save (a database failure): one clear message where Save is.
      let calls = 0;
      await page.route('**/profile/save', (route) => {
        calls += 1;
        return route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ status: 500, code: 'cmc/internal', message: 'Database unavailable', detail: 'Database unavailable' }),
        });
      });
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).click();
      const alert = page.locator('.action-bar').getByRole('alert');
      await alert.waitFor();
      expect(await alert.locator('p').allTextContents()).toEqual([
        text(lng, 'edit_profile', 'not_saved_successfully', { message: 'Database unavailable' }),
        text(lng, 'edit_profile', 'save_failed_kept'),
      ]);
      expect(calls).toBe(1);
      await expectAccessible(page, 'edit profile with a failed save');

      // Nothing typed is lost, and nothing was stored.
      expect(await page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true }).inputValue()).toBe('After');
      expect(await linkValues(page, 'web')).toEqual(typedWeb);
      expect(await linkValues(page, 'social')).toEqual(typedSocial);
      expect((await readOwnProfile(t, user, profile.id)).jobTitle).toBe('Before');
      expect((await readOwnLinks(t, user, profile.id)).map((l) => l.name)).toEqual(['Keep', 'Code']);

      // The server answers again: the same Save stores profile and links in one go, in screen order.
      await page.unroute('**/profile/save');
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).click();
      await page.getByText(text(lng, 'edit_profile', 'saved_successfully')).waitFor();
      await expect.poll(() => page.locator('.action-bar').getByRole('alert').count()).toBe(0);
      expect((await readOwnProfile(t, user, profile.id)).jobTitle).toBe('After');
      expect((await readOwnLinks(t, user, profile.id)).map((l) => [l.type, l.link, l.name, l.sort])).toEqual([
        ['website', 'https://keep.example', 'Kept and renamed', 1],
        ['website', 'https://new.example', 'New site', 2],
        ['github', 'https://github.com/before', 'Code', 3],
        ['instagram', 'https://instagram.com/new', '', 4],
      ]);

      // A reload shows what was stored.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true }).waitFor();
      expect(await page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true }).inputValue()).toBe('After');
      expect(await linkValues(page, 'web')).toEqual(typedWeb);
      expect(await linkValues(page, 'social')).toEqual(typedSocial);
    });
    await context.close();
  }, 90_000);
});

describe.each<Lng>(['en', 'de'])('leaving the editor with the Back button in %s (issue 35)', (lng) => {
  it('asks before Back drops unsaved edits: stay keeps them, "Save and leave" stores them, leave drops them', async () => {
    const t = session.server.t;
    const user = await t.signUp();
    const profile = await createProfile(t, user, { profileName: 'Main', jobTitle: 'Before' });
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    const page = await context.newPage();
    const heading = page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true });
    const overview = page.getByRole('heading', { name: text(lng, 'my_profile', 'profiles') });
    const jobTitle = page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true });
    const dialog = page.getByRole('dialog', { name: text(lng, 'edit_profile', 'leave.title') });
    // The browser's (and Android's) Back: a history move the page did not start.
    const back = () => page.evaluate(() => history.back());
    /** From the overview into the editor, as a person goes, so Back has somewhere to go in the app. */
    const openEditor = async () => {
      await page.goto(`${session.server.base}/`);
      await overview.waitFor();
      await page.locator(`a[href="/profile/${profile.id}"]`).first().click();
      await heading.waitFor();
    };
    await withFailureShot(page, `editor-back-${lng}`, async () => {
      await openEditor();
      await jobTitle.fill('Typed');

      // Back asks; staying keeps the editor, its address and the text.
      await back();
      await dialog.waitFor();
      for (const key of ['leave.stay', 'leave.confirm', 'leave.save']) await dialog.getByRole('button', { name: text(lng, 'edit_profile', key) }).waitFor();
      await expectAccessible(page, 'leave question with save and leave');
      await maybeScreenshot(page, `editor-back-question-${lng}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `editor-back-question-${lng}-desktop`);
      await page.setViewportSize({ width: 360, height: 780 });
      await dialog.getByRole('button', { name: text(lng, 'edit_profile', 'leave.stay') }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${session.server.base}/profile/${profile.id}`);
      expect(await jobTitle.inputValue()).toBe('Typed');
      expect((await readOwnProfile(t, user, profile.id)).jobTitle).toBe('Before');

      // Back again, "Save and leave": stored, and the overview it was going to.
      await back();
      await dialog.getByRole('button', { name: text(lng, 'edit_profile', 'leave.save') }).click();
      await overview.waitFor();
      expect(page.url()).toBe(`${session.server.base}/`);
      expect((await readOwnProfile(t, user, profile.id)).jobTitle).toBe('Typed');

      // Typed again, Back, "Leave without saving": gone, nothing stored.
      await openEditor();
      await jobTitle.fill('Dropped');
      await back();
      await dialog.getByRole('button', { name: text(lng, 'edit_profile', 'leave.confirm') }).click();
      await overview.waitFor();
      expect((await readOwnProfile(t, user, profile.id)).jobTitle).toBe('Typed');

      // Nothing typed: Back leaves without a question.
      await openEditor();
      await back();
      await overview.waitFor();
      expect(await dialog.count()).toBe(0);
    });
    await context.close();
  }, 90_000);
});

describe('a network link typed in the editor (issue 35)', () => {
  it('puts a LinkedIn path on linkedin.com when the field is left, says at the field when a value can never be an address, and saves the address', async () => {
    const lng: Lng = 'de';
    const { t, base } = session.server;
    const owner = await t.signUp();
    const profile = await createProfile(t, owner, { firstName: 'Jürgen' });
    session.context = await appContext(session.browser, lng, owner);
    const page = await session.context.newPage();
    await withFailureShot(page, 'editor-network-link', async () => {
      await page.goto(`${base}/profile/${profile.id}`);
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'links.add_social_link') }).click();
      const row = page.locator('li.link-row').last();
      await row.locator('select').selectOption('linkedin');
      const field = row.getByLabel(text(lng, 'edit_profile', 'links.link'), { exact: true });
      await field.fill('https://company/acme');
      await field.blur();
      await row.getByText(text(lng, 'edit_profile', 'links.handle_invalid')).waitFor();
      expect(await field.getAttribute('aria-invalid')).toBe('true');
      await field.fill('company/acme');
      await field.blur();
      await expect.poll(() => field.inputValue()).toBe('https://www.linkedin.com/company/acme');
      expect(await row.getByText(text(lng, 'edit_profile', 'links.handle_invalid')).count()).toBe(0);
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).click();
      await expect.poll(async () => (await readOwnLinks(t, owner, profile.id)).map((l) => l.link)).toEqual(['https://www.linkedin.com/company/acme']);
    });
  }, 90_000);
});
