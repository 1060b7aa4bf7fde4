import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createLink, createProfile } from '../support/factories.ts';
import { ageSession } from '../support/sessions.ts';
import { appContext, expectAccessible, mailLink, oversizedImage, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// SPEC 8 from the screens: every message the owner app shows for a failure (and the success
// texts beside them) appears in the language of the interface, reached the way a person would.
const session = useE2eSession(startAppServer);

/** Waits until the text is on screen (a form alert or a toast). */
const shows = (page: Page, value: string) => page.getByText(value, { exact: false }).first().waitFor();

/** Fills the two password fields of the change and reset forms. */
async function fillPasswords(page: Page, lng: Lng, ns: 'update_password' | 'reset_password', first: string, second: string) {
  await page.getByLabel(text(lng, ns, 'new_password'), { exact: true }).fill(first);
  await page.getByLabel(text(lng, ns, 'repeat_password'), { exact: true }).fill(second);
}

describe.each<Lng>(['de', 'en'])('SPEC 8 messages in %s', (lng) => {
  it('login: invalid e-mail, wrong credentials, and any other failure', async () => {
    const user = await session.server.t.signUp();
    const context = await appContext(session.browser, lng);
    const page = await context.newPage();
    await withFailureShot(page, `login-${lng}`, async () => {
      await page.goto(`${session.server.base}/login?email=${encodeURIComponent('not-an-email')}`);
      expect(await page.getByLabel(text(lng, 'login', 'email')).inputValue()).toBe('not-an-email');
      const submit = page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true });
      await page.getByLabel(text(lng, 'login', 'password')).fill('whatever password');
      await submit.click();
      await shows(page, text(lng, 'login', 'given_email_not_valid'));

      await page.getByLabel(text(lng, 'login', 'email')).fill(`nobody-${Date.now()}@example.com`);
      await submit.click();
      await shows(page, text(lng, 'login', 'username_password_not_valid'));

      await page.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await page.getByLabel(text(lng, 'login', 'password')).fill('not the password');
      await submit.click();
      await shows(page, text(lng, 'login', 'username_password_not_valid'));
      await expectAccessible(page, 'login with error');

      // The network drops the request: neither e-mail nor password is to blame.
      await page.route('**/api/auth/sign-in/email', (route) => route.abort('connectionreset'));
      await page.getByLabel(text(lng, 'login', 'password')).fill(user.password);
      await submit.click();
      await shows(page, text(lng, 'login', 'login_failed'));
      await page.unroute('**/api/auth/sign-in/email');

      // Correct now: on to the overview, and back on /login a signed-in owner is sent to /.
      await submit.click();
      await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
      await page.goto(`${session.server.base}/login`);
      await page.waitForURL(new RegExp(`${session.server.base}/$`));
    });
    await context.close();
  });

  it('terms at 360 px: the heading and every paragraph stay inside their card (issue 23: the German heading ran over)', async () => {
    const context = await appContext(session.browser, lng);
    const page = await context.newPage();
    await page.goto(`${session.server.base}/terms`);
    const heading = page.getByRole('heading', { level: 1, name: text(lng, 'register_page', 'terms.title') });
    await heading.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const overflowing = await page.locator('.content-card').evaluate((card) => {
      const box = card.getBoundingClientRect();
      return Array.from(card.querySelectorAll('h1, h2, p, li'))
        .filter((el) => el.scrollWidth > el.clientWidth || el.getBoundingClientRect().right > box.right + 0.5)
        .map((el) => el.textContent);
    });
    expect(overflowing).toEqual([]);
    await context.close();
  });

  it('register: terms, invalid e-mail, weak password, and an address already in use', async () => {
    const existing = await session.server.t.signUp();
    const context = await appContext(session.browser, lng);
    const page = await context.newPage();
    await withFailureShot(page, `register-${lng}`, async () => {
      await page.goto(`${session.server.base}/register`);
      const submit = page.getByRole('button', { name: text(lng, 'register_page', 'submit') });
      await page.getByLabel(text(lng, 'register_page', 'email')).fill('broken@');
      await page.getByLabel(text(lng, 'register_page', 'password')).fill('a good long password');
      await submit.click();
      await shows(page, text(lng, 'register_page', 'accept_tos_info'));
      await page.getByRole('checkbox').check();
      await submit.click();
      await shows(page, text(lng, 'register_page', 'email_not_valid_info'));

      await page.getByLabel(text(lng, 'register_page', 'email')).fill(`weak-${lng}-${Date.now()}@example.com`);
      await page.getByLabel(text(lng, 'register_page', 'password')).fill('short');
      await submit.click();
      await shows(page, text(lng, 'register_page', 'password_not_valid_info'));

      // The terms page is linked from the form.
      const [terms] = await Promise.all([
        context.waitForEvent('page'),
        page.getByRole('link', { name: /<terms>(.+)<\/terms>/.exec(text(lng, 'register_page', 'accept_tos'))![1] }).click(),
      ]);
      await terms.getByRole('heading', { level: 1, name: text(lng, 'register_page', 'terms.title') }).waitFor();
      await expectAccessible(terms, 'terms');
      await terms.close();

      // An address with an account: the owner is sent to login with the address filled in.
      await page.getByLabel(text(lng, 'register_page', 'email')).fill(existing.email);
      await page.getByLabel(text(lng, 'register_page', 'password')).fill('a good long password');
      await submit.click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('email') === existing.email);
      await shows(page, text(lng, 'register_page', 'email_already_in_use_info'));
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      expect(await page.getByLabel(text(lng, 'login', 'email')).inputValue()).toBe(existing.email);

      // "To login" carries the typed address along.
      await page.goto(`${session.server.base}/register`);
      await page.getByLabel(text(lng, 'register_page', 'email')).fill('typed@example.com');
      await page.getByRole('button', { name: text(lng, 'register_page', 'to_login') }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('email') === 'typed@example.com');
    });
    await context.close();
  });

  it('reset password: invalid e-mail, the mail, the new-password form and its checks', async () => {
    const user = await session.server.t.signUp();
    const context = await appContext(session.browser, lng);
    const page = await context.newPage();
    await withFailureShot(page, `reset-${lng}`, async () => {
      await page.goto(`${session.server.base}/login`);
      await page.getByRole('link', { name: text(lng, 'login', 'forgot_password') }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'reset_password', 'title') }).waitFor();
      await expectAccessible(page, 'reset password');
      const send = page.getByRole('button', { name: text(lng, 'reset_password', 'send') });
      await page.getByLabel(text(lng, 'reset_password', 'email')).fill('no-at-sign');
      await send.click();
      await shows(page, text(lng, 'reset_password', 'email_not_valid'));
      await page.getByLabel(text(lng, 'reset_password', 'email')).fill(user.email);
      await send.click();
      await shows(page, text(lng, 'reset_password', 'sent_reset_email_info'));

      // The mail's link answers a redirect to the app's form; follow it on this session.server.
      const reset = await fetch(await mailLink(session.server.base, user.email, '/reset-password'), { redirect: 'manual' });
      const location = new URL(reset.headers.get('location') ?? '', session.server.base);
      await page.goto(`${session.server.base}${location.pathname}${location.search}`);
      await page.waitForURL((url) => url.pathname === '/reset-password' && url.searchParams.has('token'));
      await page.getByRole('heading', { level: 1, name: text(lng, 'reset_password', 'new_password_title') }).waitFor();
      await expectAccessible(page, 'new password');
      const save = page.getByRole('button', { name: text(lng, 'reset_password', 'save_new_password') });
      await fillPasswords(page, lng, 'reset_password', 'brand new password', 'brand new passwort');
      await save.click();
      await shows(page, text(lng, 'reset_password', 'passwords_not_match_info'));
      await fillPasswords(page, lng, 'reset_password', 'short', 'short');
      await save.click();
      await shows(page, text(lng, 'reset_password', 'password_not_valid_info'));
      await fillPasswords(page, lng, 'reset_password', 'brand new password', 'brand new password');
      await save.click();
      await shows(page, text(lng, 'reset_password', 'password_reset_info'));
      await page.waitForURL(/\/login$/);
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      await page.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await page.getByLabel(text(lng, 'login', 'password')).fill('brand new password');
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
    });
    await context.close();
  });

  it('change password: mismatch, weak password with the raw error, stale sign-in, success', async () => {
    const user = await session.server.t.signUp();
    const context = await appContext(session.browser, lng, user);
    const page = await context.newPage();
    await withFailureShot(page, `change-password-${lng}`, async () => {
      await page.goto(`${session.server.base}/`);
      // Through the avatar menu, as a person gets there.
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).click();
      await page.getByRole('link', { name: text(lng, 'molecules', 'nav.change_password') }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'update_password', 'title') }).waitFor();
      await expectAccessible(page, 'change password');
      const save = page.getByRole('button', { name: text(lng, 'update_password', 'save') });
      await fillPasswords(page, lng, 'update_password', 'one new password', 'another password');
      await save.click();
      await shows(page, text(lng, 'update_password', 'passwords_not_match_info'));
      await fillPasswords(page, lng, 'update_password', 'tiny', 'tiny');
      await save.click();
      await shows(page, text(lng, 'update_password', 'password_too_weak_info'));
      await page.locator('.alert-detail').waitFor();

      // The sign-in is older than five minutes: the owner has to log in again first.
      await ageSession(session.server.t, user, 10);
      await fillPasswords(page, lng, 'update_password', 'one new password', 'one new password');
      await save.click();
      await shows(page, text(lng, 'update_password', 'login_first_for_change_info'));
      await page.getByRole('button', { name: text(lng, 'update_password', 'login_again') }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('email') === user.email);
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      expect(await page.getByLabel(text(lng, 'login', 'email'), { exact: true }).inputValue()).toBe(user.email);
      await page.getByLabel(text(lng, 'login', 'password'), { exact: true }).fill(user.password);
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      // Back where the owner was, with a fresh sign-in the change goes through.
      await page.getByRole('heading', { level: 1, name: text(lng, 'update_password', 'title') }).waitFor();
      await fillPasswords(page, lng, 'update_password', 'one new password', 'one new password');
      await save.click();
      await shows(page, text(lng, 'update_password', 'password_changed_info'));
    });
    await context.close();
  });

  it('edit profile: short link errors and copy, logo size, delete confirmations, failed save', async () => {
    const user = await session.server.t.signUp();
    const other = await createProfile(session.server.t, user, { profileName: 'Other' });
    const profile = await createProfile(session.server.t, user, { profileName: 'Main' });
    await createLink(session.server.t, user, profile.id, { type: 'website', link: 'https://keep.example', name: 'Keep' });
    await createLink(session.server.t, user, profile.id, { type: 'website', link: 'https://drop.example', name: 'Drop' });
    const context = await appContext(session.browser, lng, user);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: session.server.base });
    const page = await context.newPage();
    await withFailureShot(page, `edit-profile-${lng}`, async () => {
      await page.goto(`${session.server.base}/profile/${profile.id}`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'edit_profile', 'title'), exact: true }).waitFor();

      // Link in bio (SPEC 5): the same id, a bad id, a taken id, then a good one, copied.
      await page.getByText(text(lng, 'edit_profile', 'groups.link_in_bio'), { exact: true }).click();
      const shortLink = page.getByLabel(text(lng, 'edit_profile', 'short_link_id'));
      const saveShortLink = page.getByRole('button', { name: text(lng, 'edit_profile', 'save_short_link') });
      await saveShortLink.click();
      await shows(page, text(lng, 'edit_profile', 'short_link_old_id'));
      await shortLink.fill('my-name');
      await saveShortLink.click();
      await shows(page, text(lng, 'edit_profile', 'short_link_invalid'));
      await shortLink.fill(other.shortLinkId);
      await saveShortLink.click();
      await shows(page, text(lng, 'edit_profile', 'short_link_not_saved', { message: '' }).replace(/\s*$/, ''));
      const fresh = `Bio${lng}${Date.now().toString(36)}`;
      await shortLink.fill(fresh);
      await saveShortLink.click();
      await shows(page, text(lng, 'edit_profile', 'short_link_saved'));
      const bioUrl = `${session.server.t.config.publicUrl}/l/${fresh}`;
      await page.getByRole('link', { name: bioUrl }).waitFor();
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'copy_link') }).click();
      await shows(page, text(lng, 'edit_profile', 'copied'));
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bioUrl);
      await page.evaluate(() => {
        navigator.clipboard.writeText = () => Promise.reject(new DOMException('denied', 'NotAllowedError'));
      });
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'copy_link') }).click();
      await shows(page, text(lng, 'edit_profile', 'not_copied'));

      // SPEC 5: a logo over 5 MB is refused before sending.
      // (The logo's picker, not the background image's of the Look section.)
      const logoPicker = page.locator('.image-picker-logo', { has: page.getByText(text(lng, 'edit_profile', 'logo'), { exact: true }) });
      await logoPicker.locator('input[type=file]').setInputFiles(oversizedImage('logo.png'));
      await shows(page, text(lng, 'edit_profile', 'logo_too_large'));

      // Deleting a link asks first.
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'links.delete_named', { name: 'Drop' }) }).click();
      const dialog = page.getByRole('dialog', { name: text(lng, 'edit_profile', 'links.delete_title') });
      await dialog.waitFor();
      await expectAccessible(page, 'delete link confirmation');
      await dialog.getByRole('button', { name: text(lng, 'molecules', 'delete') }).click();
      await expect.poll(() => page.locator('[data-testid="links-web"] > li').count()).toBe(1);

      // The profile vanished meanwhile (another device): the save says it was not saved, and why.
      expect((await session.server.t.post('/profile/delete', { profileId: profile.id }, user)).status).toBe(200);
      await page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true }).fill('Changed');
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).click();
      await shows(page, text(lng, 'edit_profile', 'not_saved_successfully', { message: '' }).replace(/\s*$/, ''));

      // Removing a profile asks first, then goes back to the overview.
      await page.goto(`${session.server.base}/profile/${other.id}`);
      await page.getByRole('button', { name: text(lng, 'edit_profile', 'remove_profile') }).click();
      const remove = page.getByRole('dialog', { name: text(lng, 'edit_profile', 'remove_title') });
      await remove.getByRole('button', { name: text(lng, 'molecules', 'delete') }).click();
      await shows(page, text(lng, 'edit_profile', 'removed'));
      await page.waitForURL(new RegExp(`${session.server.base}/$`));
      await page.getByText(text(lng, 'my_profile', 'no_profiles')).waitFor();
    });
    await context.close();
  });

  it('my card: Error-Code of a failed change; wallet: not configured and a pass download', async () => {
    const user = await session.server.t.signUp();
    const [cardId] = await session.server.t.mintCards('rainbow', 1);
    expect((await session.server.t.post('/card/register', { cardId }, user)).status).toBe(200);
    const spare = await createProfile(session.server.t, user, { profileName: 'Spare' });
    const context = await appContext(session.browser, lng, user);
    const page = await context.newPage();
    await withFailureShot(page, `card-wallet-${lng}`, async () => {
      await page.goto(`${session.server.base}/my-card/${cardId}`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'my_card', 'title') }).waitFor();
      await page.getByLabel(text(lng, 'my_card', 'profile_label'), { exact: true }).selectOption(spare.id);
      expect((await session.server.t.post('/profile/delete', { profileId: spare.id }, user)).status).toBe(200);
      await page.getByRole('button', { name: text(lng, 'my_card', 'save') }).click();
      await shows(page, text(lng, 'molecules', 'errors.error_code', { status: 404, detail: '' }).trim());

      // Issue 23: with one card the wallet badges skip the picker and use that card at once.
      await page.goto(`${session.server.base}/`);
      // Without Google Wallet settings its badge says so from the start (D11).
      await page.getByText(text(lng, 'cards', 'wallet.not_configured_badge')).waitFor();
      expect(await page.getByRole('dialog', { name: text(lng, 'cards', 'wallet.pick_title_google') }).count()).toBe(0);
      // An unavailable wallet can no longer be pressed.
      expect(await page.getByRole('button', { name: new RegExp(text(lng, 'cards', 'wallet.google')) }).isDisabled()).toBe(true);
      await expectAccessible(page, 'overview with an unavailable wallet');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: new RegExp(text(lng, 'cards', 'wallet.apple')) }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`WalletCard-${cardId}.pkpass`);
      // A .pkpass is a zip archive.
      expect(
        fs
          .readFileSync(await download.path())
          .subarray(0, 2)
          .toString(),
      ).toBe('PK');
      await shows(page, text(lng, 'cards', 'wallet.download_success'));
    });
    await context.close();
  });
});
