import { describe, expect, it } from 'vitest';
import { maybeScreenshot } from './support/browser.ts';
import { appContext, expectAccessible, mailLink, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 23, e-mail verification: "I've confirmed it" says what it found, and a confirmation link
// that was already used or is bad is named, signed in (on the prompt) and signed out (on the login);
// a link opened on another device says the address is confirmed.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['en', 'de'])('confirming the e-mail address in %s', (lng) => {
  it('"I\'ve confirmed it" says the confirmation is not there yet, and opens the overview once the link was followed in another tab', async () => {
    const { t, base } = session.server;
    const user = await t.signUp({ verified: false });
    // Signed in through the login screen, as a person is, so the mailed link opened in this
    // browser keeps the session (a link opened anywhere else ends it, issue 20).
    const context = await appContext(session.browser, lng);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `verify-not-yet-${lng}`, async () => {
      await page.goto(`${base}/login`);
      await page.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await page.getByLabel(text(lng, 'login', 'password')).fill(user.password);
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'my_profile', 'verify.title') }).waitFor();
      const status = page.getByRole('status').filter({ hasText: text(lng, 'my_profile', 'verify.not_yet') });
      expect(await status.count()).toBe(0);
      await page.getByRole('button', { name: text(lng, 'my_profile', 'verify.done') }).click();
      await status.waitFor();
      await expectAccessible(page, 'verification not yet');
      await maybeScreenshot(page, `verify-not-yet-${lng}`, { fullPage: true });

      // The mail's link, opened in another tab of this browser.
      const tab = await context.newPage();
      await tab.goto(await mailLink(base, user.email, '/verify-email'));
      await tab.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
      await tab.close();
      // Back in the first tab, the same button opens the overview.
      await page.getByRole('button', { name: text(lng, 'my_profile', 'verify.done') }).click();
      await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
    });
  }, 90_000);

  it('names a bad confirmation link on the prompt when signed in, and on the login page when signed out', async () => {
    const { t, base } = session.server;
    const user = await t.signUp({ verified: false });
    const real = new URL(await mailLink(base, user.email, '/verify-email'));
    // The same link with its token cut short, as a mail program that broke the line leaves it.
    const bad = new URL(real);
    bad.searchParams.set('token', real.searchParams.get('token')!.slice(0, 40));

    const signedIn = await appContext(session.browser, lng, user);
    session.context = signedIn;
    const page = await signedIn.newPage();
    await withFailureShot(page, `verify-bad-link-${lng}`, async () => {
      await page.goto(bad.href);
      await page.getByRole('heading', { level: 1, name: text(lng, 'my_profile', 'verify.title') }).waitFor();
      expect(page.url()).toContain('error=');
      await page
        .getByRole('alert')
        .filter({ hasText: text(lng, 'my_profile', 'verify.link_invalid') })
        .waitFor();
      await expectAccessible(page, 'verification with a bad link');
      await maybeScreenshot(page, `verify-bad-link-${lng}`, { fullPage: true });
    });
    await signedIn.close();

    const signedOut = await appContext(session.browser, lng);
    session.context = signedOut;
    const login = await signedOut.newPage();
    await withFailureShot(login, `verify-bad-link-login-${lng}`, async () => {
      await login.goto(bad.href);
      await login.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      await login.getByText(text(lng, 'login', 'verify_link_invalid_info')).waitFor();
      await expectAccessible(login, 'login after a bad link');
      await maybeScreenshot(login, `verify-bad-link-login-${lng}`);
      // Signing in from there leads to the prompt, which names the link too.
      await login.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await login.getByLabel(text(lng, 'login', 'password')).fill(user.password);
      await login.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await login.getByRole('heading', { level: 1, name: text(lng, 'my_profile', 'verify.title') }).waitFor();
      await login
        .getByRole('alert')
        .filter({ hasText: text(lng, 'my_profile', 'verify.link_invalid') })
        .waitFor();
    });
  }, 90_000);
  it('opened on another device, the link says the address is confirmed; this browser\'s "I\'ve confirmed it" says why it was signed out', async () => {
    const { t, base } = session.server;
    const user = await t.signUp({ verified: false });
    const desktop = await appContext(session.browser, lng, user);
    const page = await desktop.newPage();
    const phone = await appContext(session.browser, lng);
    session.context = phone;
    await withFailureShot(page, `verify-elsewhere-${lng}`, async () => {
      await page.goto(`${base}/`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'my_profile', 'verify.title') }).waitFor();
      // The mail sent again from the app; its link is the one the phone opens.
      await page.getByRole('button', { name: text(lng, 'my_profile', 'verify.resend') }).click();
      await page.getByText(text(lng, 'my_profile', 'verify.sent_info', { email: user.email })).waitFor();
      const link = await mailLink(base, user.email, 'verified%3D1');

      // The phone opens the mail's link: confirmed, and asked to log in (the link signs nobody in, issue 20).
      const mail = await phone.newPage();
      await mail.goto(link);
      await mail.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      await mail.getByText(text(lng, 'login', 'verified_info')).waitFor();
      await expectAccessible(mail, 'login after confirming');
      await maybeScreenshot(mail, `verify-confirmed-login-${lng}-360`);
      await mail.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(mail, `verify-confirmed-login-${lng}-1280`);
      await mail.setViewportSize({ width: 360, height: 780 });
      await mail.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await mail.getByLabel(text(lng, 'login', 'password')).fill(user.password);
      await mail.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await mail.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();

      // The first browser's session ended with the confirmation: its check leads to the login, saying why.
      await page.getByRole('button', { name: text(lng, 'my_profile', 'verify.done') }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      await page.getByText(text(lng, 'login', 'confirmed_elsewhere_info')).waitFor();
      await maybeScreenshot(page, `verify-elsewhere-login-${lng}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `verify-elsewhere-login-${lng}-1280`);
      await page.setViewportSize({ width: 360, height: 780 });
      await page.getByLabel(text(lng, 'login', 'email')).fill(user.email);
      await page.getByLabel(text(lng, 'login', 'password')).fill(user.password);
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
    });
    await desktop.close();
  }, 90_000);
});

describe.each<Lng>(['en', 'de'])('an invited person who signs up in %s (issue 35)', (lng) => {
  it('is told on the login who invites, keeps the invitation through sign-up and confirmation, and lands on the accept screen', async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: `Acme ${lng.toUpperCase()} GmbH` }, admin)).body.organisationId as string;
    const email = `invited-${lng}-${Date.now()}@example.org`;
    expect((await t.post('/organisation/invite', { organisationId, emails: [email] }, admin)).status).toBe(200);
    const invitation = await mailLink(base, email, '/team/accept');
    const invited = text(lng, 'login', 'invitation.invited', { organisation: `Acme ${lng.toUpperCase()} GmbH` });

    const context = await appContext(session.browser, lng);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `invited-sign-up-${lng}`, async () => {
      // Signed out, the mail's link shows the login, which says who invites.
      await page.goto(invitation);
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      await page.getByText(invited).waitFor();
      await expectAccessible(page, 'login with an invitation');
      await maybeScreenshot(page, `invited-login-${lng}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `invited-login-${lng}-desktop`);
      await page.setViewportSize({ width: 360, height: 780 });

      // No account yet: "Sign up", which says it too.
      await page.getByRole('link', { name: text(lng, 'login', 'to_register') }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'register_page', 'title') }).waitFor();
      await page.getByText(invited).waitFor();
      await page.getByLabel(text(lng, 'register_page', 'email')).fill(email);
      await page.getByLabel(text(lng, 'register_page', 'password')).fill('a good long password');
      await page.getByRole('checkbox').check();
      await page.getByRole('button', { name: text(lng, 'register_page', 'submit') }).click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'my_profile', 'verify.title') }).waitFor();
      await page.getByText(text(lng, 'my_profile', 'verify.invitation_kept')).waitFor();
      await maybeScreenshot(page, `invited-verify-${lng}-360`, { fullPage: true });

      // The confirmation mail's link leads back to the invitation, which is accepted.
      const confirmation = await mailLink(base, email, '/verify-email');
      expect(decodeURIComponent(new URL(confirmation).searchParams.get('callbackURL') ?? '')).toContain('/team/accept?token=');
      await page.goto(confirmation);
      await page.getByText(text(lng, 'team', 'accept_done', { name: `Acme ${lng.toUpperCase()} GmbH` })).waitFor();
      expect(new URL(page.url()).pathname).toBe('/team/accept');
      await expectAccessible(page, 'accepted after sign-up');
      await maybeScreenshot(page, `invited-accepted-${lng}-360`);
      expect(await page.evaluate(() => localStorage.getItem('pendingInvitation'))).toBeNull();
      const members = (await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, admin)).body.members as Array<{ email: string }>;
      expect(members.map((m) => m.email)).toContain(email);
    });
  }, 90_000);
});
