import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createProfile, readOwnProfile } from '../support/factories.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 23, points 1 and 2: never a blank screen after a network failure or a deploy, and never
// an edit lost without a word.
const session = useE2eSession(startAppServer);

const editorHeading = (page: Page, lng: Lng) => page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true });

/** A new owner with one profile of `fields`, signed in on a page in `lng` whose context the session closes after the test. */
async function ownerWithProfile(lng: Lng, fields: Record<string, unknown>) {
  const t = session.server.t;
  const user = await t.signUp();
  const profile = await createProfile(t, user, fields);
  const context = await appContext(session.browser, lng, user);
  session.context = context;
  return { t, user, profile, page: await context.newPage() };
}

describe.each<Lng>(['en', 'de'])('the owner app in %s', (lng) => {
  it('a screen whose chunk and calls fail while the server is away says so inside the layout and comes back on "try again"', async () => {
    const { profile, page } = await ownerWithProfile(lng, { profileName: 'Main', firstName: 'Ada' });
    await withFailureShot(page, `screen-error-${lng}`, async () => {
      await page.goto(`${session.server.base}/`);
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'profiles') }).waitFor();

      // The server goes away: every script and every call fails.
      const down = (route: { abort(): Promise<void> }) => route.abort();
      await page.route('**/assets/*.js', down);
      await page.route('**/find/own/**', down);
      await page.getByRole('link', { name: text(lng, 'my_profile', 'stats_named', { name: 'Main' }) }).click();
      const alert = page.getByRole('alert').filter({ hasText: text(lng, 'molecules', 'screen_error.title') });
      await alert.waitFor();
      await expect.poll(() => alert.textContent()).toContain(text(lng, 'molecules', 'errors.network'));
      // The layout stays: the navigation bar is there, so the owner is never on a blank page.
      expect(await page.getByRole('navigation', { name: text(lng, 'molecules', 'nav.label') }).isVisible()).toBe(true);
      await expectAccessible(page, 'screen error');

      // The server is back: "try again" loads the screen without a reload.
      await page.unroute('**/assets/*.js', down);
      await page.unroute('**/find/own/**', down);
      const loads: string[] = [];
      page.on('load', () => loads.push(page.url()));
      await page.getByRole('button', { name: text(lng, 'molecules', 'screen_error.try_again') }).click();
      await page.getByRole('heading', { level: 1 }).filter({ hasText: 'Main' }).first().waitFor();
      expect(page.url()).toBe(`${session.server.base}/profile/${profile.id}/stats`);
      expect(loads).toEqual([]);

      // A call failing on an already loaded screen: the same message, and "try again" recovers.
      await page.goto(`${session.server.base}/`);
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'profiles') }).waitFor();
      await page.route('**/find/own/profile/by-id', down);
      await page.getByRole('link', { name: text(lng, 'my_profile', 'edit_named', { name: 'Main' }) }).click();
      await alert.waitFor();
      await page.unroute('**/find/own/profile/by-id', down);
      await page.getByRole('button', { name: text(lng, 'molecules', 'screen_error.try_again') }).click();
      await editorHeading(page, lng).waitFor();
    });
  }, 90_000);

  it('after a deploy, a screen whose chunk is gone reloads the app once by itself', async () => {
    const { profile, page } = await ownerWithProfile(lng, { profileName: 'Main' });
    await withFailureShot(page, `deploy-reload-${lng}`, async () => {
      await page.goto(`${session.server.base}/`);
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'profiles') }).waitFor();

      // A new version is out: the old editor chunk answers 404 and the HTML names a new entry.
      let deployed = false;
      await page.route('**/assets/edit-profile.page-*.js', (route) => (deployed ? route.continue() : route.fulfill({ status: 404, body: 'gone' })));
      await page.route(`**/profile/${profile.id}`, async (route) => {
        if (route.request().resourceType() !== 'fetch') return route.continue();
        const res = await route.fetch();
        deployed = true;
        const html = (await res.text()).replace(/\/assets\/index-[\w-]+\.js/, '/assets/index-NEWVERSION.js');
        return route.fulfill({ response: res, body: html });
      });
      const reloaded = page.waitForEvent('load');
      await page.getByRole('link', { name: text(lng, 'my_profile', 'edit_named', { name: 'Main' }) }).click();
      await reloaded;
      await editorHeading(page, lng).waitFor();
      expect(page.url()).toBe(`${session.server.base}/profile/${profile.id}`);
    });
  }, 90_000);

  it('leaving the editor with unsaved text asks first; image and link order are said to save at once', async () => {
    const { t, user, profile, page } = await ownerWithProfile(lng, { profileName: 'Main', jobTitle: 'Before' });
    await withFailureShot(page, `leave-guard-${lng}`, async () => {
      await page.goto(`${session.server.base}/profile/${profile.id}`);
      await editorHeading(page, lng).waitFor();
      const state = page.locator('.save-state');
      expect(await page.locator('.save-hint').textContent()).toBe(text(lng, 'edit_profile', 'saves_at_once'));
      expect(await state.textContent()).toBe('');

      // Nothing typed: the back link leaves without a question.
      await page.getByRole('link', { name: text(lng, 'molecules', 'back_to_overview') }).click();
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'profiles') }).waitFor();
      await page.goBack();
      await editorHeading(page, lng).waitFor();

      const jobTitle = page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true });
      await jobTitle.fill('After');
      expect(await state.textContent()).toBe(text(lng, 'edit_profile', 'unsaved_changes'));

      // The back link asks; staying keeps the text.
      await page.getByRole('link', { name: text(lng, 'molecules', 'back_to_overview') }).click();
      const dialog = page.getByRole('dialog', { name: text(lng, 'edit_profile', 'leave.title') });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain(text(lng, 'edit_profile', 'leave.text'));
      await expectAccessible(page, 'leave question');
      await dialog.getByRole('button', { name: text(lng, 'edit_profile', 'leave.stay') }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toBe(`${session.server.base}/profile/${profile.id}`);
      expect(await jobTitle.inputValue()).toBe('After');

      // A reload asks the browser's own question; dismissing it keeps the page and the text.
      const asked: string[] = [];
      page.once('dialog', (d) => {
        asked.push(d.type());
        void d.dismiss();
      });
      await page.reload({ timeout: 3000 }).catch(() => undefined);
      expect(asked).toEqual(['beforeunload']);
      expect(await jobTitle.inputValue()).toBe('After');

      // The header's logo link asks too; leaving drops the text, nothing was stored.
      await page.locator('.nav-bar .brand').click();
      await dialog.waitFor();
      await dialog.getByRole('button', { name: text(lng, 'edit_profile', 'leave.confirm') }).click();
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'profiles') }).waitFor();
      expect((await readOwnProfile(t, user, profile.id)).jobTitle).toBe('Before');

      // After Save nothing is pending: leaving needs no question.
      await page.goto(`${session.server.base}/profile/${profile.id}`);
      await editorHeading(page, lng).waitFor();
      await jobTitle.fill('Saved');
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).click();
      await expect.poll(() => state.textContent()).toBe('');
      await page.getByRole('link', { name: text(lng, 'molecules', 'back_to_overview') }).click();
      await page.getByRole('heading', { name: text(lng, 'my_profile', 'profiles') }).waitFor();
      expect((await readOwnProfile(t, user, profile.id)).jobTitle).toBe('Saved');
    });
  }, 90_000);

  it('turns a user name into the network address and explains a direct link', async () => {
    const { profile, page } = await ownerWithProfile(lng, { profileName: 'Main' });
    await withFailureShot(page, `handles-${lng}`, async () => {
      await page.goto(`${session.server.base}/profile/${profile.id}`);
      await editorHeading(page, lng).waitFor();
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'links.add_social_link') }).click();
      const social = page.locator('[data-testid="links-social"]');
      const link = social.getByLabel(text(lng, 'edit_profile', 'links.link'), { exact: true }).first();
      expect(await link.getAttribute('placeholder')).toBe(text(lng, 'edit_profile', 'links.handle_placeholder'));
      await social.getByText(text(lng, 'edit_profile', 'links.handle_hint')).waitFor();
      await link.fill('@ada.lovelace');
      await link.blur();
      expect(await link.inputValue()).toBe('https://www.instagram.com/ada.lovelace');

      await page.getByRole('button', { name: text(lng, 'edit_profile', 'links.add_weblink') }).click();
      const web = page.locator('[data-testid="links-web"]');
      await web
        .getByLabel(text(lng, 'edit_profile', 'links.type'), { exact: true })
        .first()
        .selectOption('hardLink');
      await web.getByText(text(lng, 'edit_profile', 'links.hard_link_hint')).waitFor();
      await expectAccessible(page, 'editor with link hints');
    });
  }, 90_000);
});
