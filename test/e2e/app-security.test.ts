import fs from 'node:fs';
import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, mailLink, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { readZip } from '../support/zip-archive.ts';
import { quickOwners } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';

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

describe.each<Lng>(['en', 'de'])('deleting the account of an organisation’s last owner in %s', (lng) => {
  it('says to make another member owner first, links to the Team screen, and deletes nothing', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    const [member] = await quickOwners(t, 1);
    const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, owner)).body.organisationId as string;
    await joinOrganisation(t, organisationId, owner, member);
    const context = await appContext(session.browser, lng, owner);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `security-last-owner-${lng}`, async () => {
      await page.goto(`${base}/security`);
      await page.getByLabel(text(lng, 'security', 'delete.password')).fill(owner.password);
      await page.getByRole('button', { name: text(lng, 'security', 'delete.button') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lng, 'security', 'delete.confirm_button') })
        .click();
      await page
        .getByRole('alert')
        .getByText(text(lng, 'security', 'delete.last_owner'))
        .waitFor();
      await expectAccessible(page, 'security last owner');
      await page.getByRole('link', { name: text(lng, 'security', 'delete.last_owner_link') }).click();
      await page.waitForURL(/\/team$/);
      expect(await t.app.db.selectFrom('user').select('id').where('id', '=', owner.userId).executeTakeFirst()).toBeDefined();
    });
  }, 60_000);
});

describe.each<Lng>(['en', 'de'])('two-factor sign-in in %s', (lng) => {
  it('turns two-factor sign-in on with the QR code and a first code, shows the backup codes, and signs in with a code', async () => {
    const { t, base } = session.server;
    const user = await t.signUp();
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `two-factor-${lng}`, async () => {
      await page.goto(`${base}/security`);
      await page.getByRole('heading', { level: 2, name: text(lng, 'security', 'two_factor.title') }).waitFor();
      const section = page.getByRole('region', { name: text(lng, 'security', 'two_factor.title') });
      await page.getByRole('button', { name: text(lng, 'security', 'two_factor.turn_on') }).click();
      await section.getByLabel(text(lng, 'security', 'two_factor.password')).fill('not my password');
      await page.getByRole('button', { name: text(lng, 'security', 'two_factor.continue') }).click();
      await page.getByText(text(lng, 'security', 'errors.wrong_password')).waitFor();
      await section.getByLabel(text(lng, 'security', 'two_factor.password')).fill(user.password);
      await page.getByRole('button', { name: text(lng, 'security', 'two_factor.continue') }).click();
      await page.getByRole('img', { name: text(lng, 'security', 'two_factor.qr_alt') }).waitFor();
      await expectAccessible(page, 'two-factor QR');
      await maybeScreenshot(page, `security-2fa-qr-${lng}`, { fullPage: true });
      // The authenticator app: the key shown for typing it in by hand.
      const secret = (await page.locator('.two-factor-secret').textContent())!.replace(/\s/g, '');
      // Issue 23: on the phone itself, a link opens the authenticator app with the same key.
      const appLink = await page.getByRole('link', { name: text(lng, 'security', 'two_factor.open_in_app') }).getAttribute('href');
      expect(appLink).toMatch(/^otpauth:\/\/totp\//);
      expect(new URL(appLink!).searchParams.get('secret')).toBe(secret);
      const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
      await page.getByLabel(text(lng, 'security', 'two_factor.code')).fill(totp.generate());
      await page.getByRole('button', { name: text(lng, 'security', 'two_factor.confirm') }).click();
      await page.getByRole('heading', { name: text(lng, 'security', 'two_factor.backup_title') }).waitFor();
      const codes = await page.locator('[data-testid="backup-codes"] li').allTextContents();
      expect(codes).toHaveLength(10);
      // Issue 23: nothing to misread off a phone or paper (0/O, 1/l/I).
      for (const code of codes) expect(code).not.toMatch(/[0O1lI]/);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text(lng, 'security', 'two_factor.backup_download') }).click(),
      ]);
      const saved = fs.readFileSync((await download.path())!, 'utf8');
      for (const code of codes) expect(saved).toContain(code);
      await expectAccessible(page, 'backup codes');
      await page.getByRole('button', { name: text(lng, 'security', 'two_factor.backup_done') }).click();
      await page.getByText(text(lng, 'security', 'two_factor.status_on'), { exact: true }).waitFor();
      // The renewed session is the one the app uses now: the screen still loads its devices.
      await page.reload();
      await page.getByText(text(lng, 'security', 'sessions.this_device')).waitFor();

      // Sign out, then in: the password, then the code.
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).click();
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.logout'), exact: true }).click();
      // (A client-side navigation; waitForURL would wait for a load event that the earlier download took.)
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      await page.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await page.getByLabel(text(lng, 'login', 'password')).fill(user.password);
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'two_factor.title') }).waitFor();
      await page.getByLabel(text(lng, 'login', 'two_factor.code')).fill(totp.generate() === '123456' ? '654321' : '123456');
      await page.getByRole('button', { name: text(lng, 'login', 'two_factor.submit') }).click();
      await page.getByText(text(lng, 'login', 'two_factor.code_not_valid')).waitFor();
      await expectAccessible(page, 'two-factor login');
      await maybeScreenshot(page, `login-2fa-${lng}`);
      await page.getByLabel(text(lng, 'login', 'two_factor.code')).fill(totp.generate());
      await page.getByRole('button', { name: text(lng, 'login', 'two_factor.submit') }).click();
      // Signed in: back on the screen the sign-out left (the guard remembered it).
      await page.getByRole('heading', { level: 1, name: text(lng, 'security', 'title') }).waitFor();
      await page.getByText(text(lng, 'security', 'sessions.this_device')).waitFor();
    });
  }, 90_000);
});

describe.each<Lng>(['en', 'de'])('changing the e-mail address in %s', (lng) => {
  it('sends the link to the new address; opening it changes the address shown', async () => {
    const { t, base } = session.server;
    const user = await t.signUp();
    const newEmail = `new-${lng}-${Date.now()}@example.org`;
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `change-email-${lng}`, async () => {
      await page.goto(`${base}/security`);
      const section = page.getByRole('region', { name: text(lng, 'security', 'change_email.title') });
      await section.getByText(user.email).waitFor();
      await section.getByLabel(text(lng, 'security', 'change_email.new_email')).fill('not an address');
      await section.getByRole('button', { name: text(lng, 'security', 'change_email.submit') }).click();
      await section.getByText(text(lng, 'security', 'errors.invalid_email')).waitFor();
      await section.getByLabel(text(lng, 'security', 'change_email.new_email')).fill(newEmail);
      await section.getByRole('button', { name: text(lng, 'security', 'change_email.submit') }).click();
      await section.getByText(text(lng, 'security', 'change_email.sent', { email: newEmail })).waitFor();
      await expectAccessible(page, 'change e-mail sent');
      await page.goto(await mailLink(base, newEmail, '/verify-email'));
      await page.getByRole('heading', { level: 1, name: text(lng, 'security', 'title') }).waitFor();
      await section.getByText(newEmail).waitFor();
    });
  }, 60_000);
});
