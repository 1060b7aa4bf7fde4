import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';

// Issue 13.6: passkeys with Chromium's virtual authenticator (the DevTools WebAuthn domain).
// WebAuthn takes no IP address as relying party, so this suite's server is http://localhost:<port>.
const session = useE2eSession(() => startAppServer({ publicHost: 'localhost' }));

describe.each<Lng>(['en', 'de'])('passkeys in %s', (lng) => {
  it('adds and renames a passkey on the Security screen, signs in with it from the login screen, and removes it', async () => {
    const { t, base } = session.server;
    const user = await t.signUp();
    const context = await appContext(session.browser, lng, user);
    session.context = context;
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
    });
    const s = (key: string, vars?: Record<string, string>) => text(lng, 'security', key, vars);
    await withFailureShot(page, `passkey-${lng}`, async () => {
      await page.goto(`${base}/security`);
      const section = page.getByRole('region', { name: s('passkeys.title') });
      await section.getByText(s('passkeys.empty')).waitFor();

      // A ceremony the person cancels (the browser rejects with NotAllowedError) is said as such.
      await page.evaluate(() => {
        navigator.credentials.create = () => Promise.reject(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'));
      });
      await section.getByRole('button', { name: s('passkeys.add') }).click();
      await section.getByText(s('passkeys.errors.cancelled')).waitFor();
      await page.reload();
      await section.getByText(s('passkeys.empty')).waitFor();

      // Add: the browser's ceremony with the virtual authenticator; the passkey is listed by its name.
      const name = lng === 'de' ? 'Laptop Büro' : 'Work laptop';
      await section.getByLabel(s('passkeys.name')).fill(name);
      await section.getByRole('button', { name: s('passkeys.add') }).click();
      await section.getByText(name, { exact: true }).waitFor();
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0].isResidentCredential).toBe(true);
      // Issue 20: the account's address hears of the new passkey, by its name; issue 23: in the app's language.
      const mails = (await t.get('/_dev/mail')).body as Array<{ to: string; subject: string; text: string }>;
      const subject = lng === 'de' ? 'Neuer Passkey für Ihr Konto' : 'New passkey for your account';
      expect(mails.find((m) => m.to === user.email && m.subject === subject)?.text).toContain(name);
      await expectAccessible(page, 'passkeys');
      await maybeScreenshot(page, `security-passkeys-${lng}`, { fullPage: true });

      // Rename.
      const renamed = lng === 'de' ? 'Telefon' : 'Phone';
      await section.getByRole('button', { name: s('passkeys.rename_passkey', { name }) }).click();
      await section.getByLabel(s('passkeys.rename_label', { name })).fill(renamed);
      await section.getByRole('button', { name: s('passkeys.save') }).click();
      await section.getByText(renamed, { exact: true }).waitFor();
      expect(await section.getByText(name, { exact: true }).count()).toBe(0);

      // Sign out, then in with the passkey alone: the overview.
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).click();
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.logout'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      // From the start page, so the sign-in leads to the overview (not back to the Security screen).
      await page.goto(`${base}/`);
      await page.waitForURL(/\/login/);
      await expectAccessible(page, 'login with passkey button');
      await page.getByRole('button', { name: text(lng, 'login', 'passkey.button') }).click();
      await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
      // The token the app keeps is a working session of this account.
      const token = await page.evaluate(() => localStorage.getItem('cmc.authToken'));
      const me = await fetch(`${base}/api/auth/get-session`, { headers: { authorization: `Bearer ${token}` } });
      expect(((await me.json()) as { user: { id: string } }).user.id).toBe(user.userId);

      // Remove, after the confirmation.
      await page.goto(`${base}/security`);
      await section.getByRole('button', { name: s('passkeys.remove_passkey', { name: renamed }) }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: s('passkeys.remove') })
        .click();
      await section.getByText(s('passkeys.empty')).waitFor();
      expect(await t.app.db.selectFrom('passkey').select('id').where('userId', '=', user.userId).execute()).toEqual([]);

      // The device still offers the removed passkey: the login screen says it is not known here.
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).click();
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.logout'), exact: true }).click();
      await page.getByRole('button', { name: text(lng, 'login', 'passkey.button') }).click();
      await page.getByText(text(lng, 'login', 'passkey.errors.unknown')).waitFor();
      await expectAccessible(page, 'login with unknown passkey');
      await maybeScreenshot(page, `login-passkey-unknown-${lng}`);
    });
  }, 90_000);
});
