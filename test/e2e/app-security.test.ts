import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { readZip } from '../support/zip-archive.ts';

// Issue 13: the Security screen on a phone: devices, data export, account deletion.
const session = useE2eSession(startAppServer);
const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

describe.each<Lng>(['en', 'de'])('Security screen in %s', (lng) => {
  it('lists the devices and signs the others out, downloads the data, and deletes the account', async () => {
    const { t, base } = session.server;
    const user = await t.signUp();
    // A second device of the same person.
    const phone = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'user-agent': FIREFOX_ANDROID, 'x-forwarded-for': '203.0.113.9' },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    expect(phone.status).toBe(200);
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `security-${lng}`, async () => {
      await page.goto(`${base}/`);
      // Through the avatar menu, as a person gets there.
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).click();
      await page.getByRole('link', { name: text(lng, 'molecules', 'nav.security') }).click();
      await page.waitForURL(/\/security$/);
      await page.getByRole('heading', { level: 1, name: text(lng, 'security', 'title') }).waitFor();
      await page.getByText(text(lng, 'security', 'sessions.this_device')).waitFor();
      const firefox = text(lng, 'security', 'sessions.device', { browser: 'Firefox', os: 'Android' });
      await page.getByText(firefox).waitFor();
      await expectAccessible(page, 'security');
      await maybeScreenshot(page, `security-${lng}`, { fullPage: true });

      await page.getByRole('button', { name: text(lng, 'security', 'sessions.sign_out_others') }).click();
      await page.getByText(text(lng, 'security', 'sessions.no_others')).waitFor();
      expect(await page.getByText(firefox).count()).toBe(0);

      // The export arrives as a ZIP file with the account's document.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text(lng, 'security', 'export.button') }).click()]);
      expect(download.suggestedFilename()).toMatch(/^contact-cards-export-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = readZip(fs.readFileSync((await download.path())!));
      expect(JSON.parse(files.get('account.json')!.toString('utf8')).account.email).toBe(user.email);

      // Deletion: a wrong password is named at the field; the right one, confirmed, ends at the login.
      await page.getByLabel(text(lng, 'security', 'delete.password')).fill('not my password');
      await page.getByRole('button', { name: text(lng, 'security', 'delete.button') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lng, 'security', 'delete.confirm_button') })
        .click();
      await page.getByText(text(lng, 'security', 'errors.wrong_password')).waitFor();
      await expectAccessible(page, 'security with error');
      await page.getByLabel(text(lng, 'security', 'delete.password')).fill(user.password);
      await page.getByRole('button', { name: text(lng, 'security', 'delete.button') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lng, 'security', 'delete.confirm_button') })
        .click();
      await page.waitForURL(/\/login/);
      await page.getByText(text(lng, 'security', 'delete.done')).waitFor();
      expect(await t.app.db.selectFrom('user').select('id').where('id', '=', user.userId).executeTakeFirst()).toBeUndefined();
    });
  }, 90_000);
});
