import { describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { createProfile } from '../support/factories.ts';
import { appContext, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 23: the editor used to show a spinner while it loaded its parts one after another
// (the profile, then the editor's texts, then the share button's texts). It now asks for them
// together and shows the form as soon as the profile and its own texts are there; the parts that
// arrive later (the share button's texts, the app settings with the public address, the avatar,
// the contacts count, the time zone) hold their places with small placeholders.
const session = useE2eSession(startAppServer);

/** Requests of the editor's secondary parts, by URL. */
const SECONDARY = [
  /\/locales\/\w+\/my_profile\.json/,
  /\/app-config\.json/,
  /\/find\/own\/login-image/,
  /\/find\/own\/leads\/new-count/,
  /\/account\/time-zone/,
];

/** Holds every secondary request until `release()`; `answered` counts those let through. */
async function holdSecondary(page: Page) {
  const held: Route[] = [];
  let released = false;
  const state = { answered: 0 };
  await page.route(
    (url) => SECONDARY.some((pattern) => pattern.test(url.pathname)),
    async (route) => {
      if (released) {
        state.answered += 1;
        await route.continue();
      } else held.push(route);
    },
  );
  return {
    held,
    state,
    async release() {
      released = true;
      for (const route of held.splice(0)) {
        state.answered += 1;
        await route.continue();
      }
    },
  };
}

describe.each<Lng>(['en', 'de'])('the editor loading in %s', (lng) => {
  it('shows the form while the secondary calls are still unanswered, with placeholders that fill in once they answer', async () => {
    const t = session.server.t;
    const user = await t.signUp();
    const profile = await createProfile(t, user, { profileName: 'Loading', jobTitle: 'Engineer' });
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    const page = await context.newPage();
    const gate = await holdSecondary(page);
    await withFailureShot(page, `editor-loading-${lng}`, async () => {
      await page.goto(`${session.server.base}/profile/${profile.id}`);
      const jobTitle = page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true });
      await jobTitle.waitFor({ timeout: 10_000 });
      expect(await jobTitle.inputValue()).toBe('Engineer');
      await page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true }).waitFor();
      // Nothing secondary has answered, yet the form is there; the late parts hold their places.
      expect(gate.state.answered).toBe(0);
      expect(gate.held.some((r) => r.request().url().includes('my_profile.json'))).toBe(true);
      expect(gate.held.some((r) => r.request().url().includes('app-config.json'))).toBe(true);
      await page.getByTestId('share-placeholder').waitFor();
      // The link-in-bio group is folded: its placeholder is there, shown once the owner opens it.
      await page
        .getByRole('group')
        .filter({ hasText: text(lng, 'edit_profile', 'groups.link_in_bio') })
        .locator('summary')
        .click();
      await page.getByTestId('link-in-bio-placeholder').waitFor();
      if (process.env.SHOT) await page.screenshot({ path: `/tmp/polish/editor-loading-${lng}.png`, fullPage: true });
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).waitFor();

      await gate.release();
      const share = page.getByRole('button', { name: text(lng, 'my_profile', 'share.open_named', { name: 'Loading' }) });
      await share.waitFor();
      await page.getByTestId('share-placeholder').waitFor({ state: 'detached' });
      await page.getByTestId('link-in-bio-placeholder').waitFor({ state: 'detached' });
      await page.locator('.copy-url', { hasText: `/l/${profile.shortLinkId}` }).waitFor();
    });
  });
});
