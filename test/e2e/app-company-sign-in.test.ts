import { describe, expect, it } from 'vitest';
import type { TestApp } from '../support/test-app.ts';
import { createCompanySignInApp } from '../support/company-sign-in.ts';
import { OIDC_BUTTON_LABEL, type OidcTestProvider } from '../support/oidc-test-provider.ts';
import { appContext, ensureAppBuilt, expectAccessible, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { ageSession } from '../support/sessions.ts';
import { entraUser, scim, scimOrganisation } from '../api/scim-support.ts';

// Issue 13.7: company sign-in from the login screen against a real OpenID provider.
interface Servers {
  t: TestApp;
  base: string;
  provider: OidcTestProvider;
}

const session = useE2eSession<Servers>(async () => {
  ensureAppBuilt();
  // The suite closes `t`; the provider goes with it.
  const { t, provider } = await createCompanySignInApp({ TRUST_PROXY: '1' });
  const base = await t.listen();
  return { t, base, provider };
});

describe.each<Lng>(['en', 'de'])('company sign-in in %s', (lng) => {
  it('shows the configured button and signs in through the company’s provider', async () => {
    const { t, base } = session.server;
    const email = `person-${lng}-${Date.now()}@corp.example`;
    const context = await appContext(session.browser, lng);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `company-sign-in-${lng}`, async () => {
      await page.goto(`${base}/login`);
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      const button = page.getByRole('button', { name: OIDC_BUTTON_LABEL });
      await button.waitFor();
      await expectAccessible(page, 'login with company sign-in');
      await maybeScreenshot(page, `login-company-${lng}`);
      await button.click();
      // The provider's own screens: sign-in, then consent.
      await page.locator('input[name="login"]').fill(email);
      await page.locator('input[name="password"]').fill('company password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      // Back in the app, signed in with a bearer token of its own.
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).waitFor();
      await page.getByRole('heading', { name: text(lng, 'cards', 'my_cards') }).waitFor();
      const user = await t.app.db.selectFrom('user').select(['id', 'emailVerified']).where('email', '=', email).executeTakeFirstOrThrow();
      expect(Boolean(user.emailVerified)).toBe(true);
      expect(await page.evaluate(() => localStorage.getItem('cmc.authToken'))).toEqual(expect.any(String));

      // Without a password, the fresh company sign-in stands in for it when deleting the account.
      await page.goto(`${base}/security`);
      await page.getByText(text(lng, 'security', 'delete.company_hint')).waitFor();
      await expectAccessible(page, 'security of a company account');
      await page.getByRole('button', { name: text(lng, 'security', 'delete.button') }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lng, 'security', 'delete.confirm_button') })
        .click();
      await page.getByRole('heading', { level: 1, name: text(lng, 'login', 'title') }).waitFor();
      expect(await t.app.db.selectFrom('user').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    });
  }, 60_000);

  it('takes a person provisioned by their directory from the mail straight to the company sign-in, and in as a member with their profile', async () => {
    const { t } = session.server;
    const org = await scimOrganisation(t);
    const template = await t.post(
      '/organisation/template/save',
      { organisationId: org.organisationId, name: 'Standard', values: { companyName: 'Acme Field' }, locked: [] },
      org.admin,
    );
    expect(template.status, template.raw).toBe(200);
    const email = `provisioned-${lng}-${Date.now()}@corp.example`;
    expect((await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(email, { preferredLanguage: lng }))).status).toBe(201);
    const mails = (await t.get('/_dev/mail')).body as Array<{ to: string; links: string[] }>;
    const link = mails.find((m) => m.to === email)!.links.find((l) => l.includes('/login?company=1'))!;

    const context = await appContext(session.browser, lng);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `company-provisioned-${lng}`, async () => {
      // The mail's link starts the company sign-in by itself: the provider's screen comes first.
      await page.goto(link);
      await page.locator('input[name="login"]').fill(email);
      await page.locator('input[name="password"]').fill('company password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).waitFor();
      // Their company profile is there at once, filled from the directory.
      await page.getByText('Ada Lovelace').first().waitFor();
      await maybeScreenshot(page, `company-provisioned-${lng}`);
      const user = await t.app.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      const member = await t.app.db.selectFrom('organisationMember').select('role').where('userId', '=', user.id).executeTakeFirst();
      expect(member?.role).toBe('member');
    });
  }, 60_000);

  it('brings a company account that signs in again for a token (sudo mode) back to the Integrations screen', async () => {
    const { t, base } = session.server;
    const email = `sudo-${lng}-${Date.now()}@corp.example`;
    const context = await appContext(session.browser, lng);
    session.context = context;
    const page = await context.newPage();
    /** The provider's screens, as far as it shows them (a second sign-in may skip them). */
    const throughProvider = async (until: (url: URL) => boolean) => {
      for (let step = 0; step < 6 && !until(new URL(page.url())); step++) {
        const login = page.locator('input[name="login"]');
        const consent = page.getByRole('button', { name: 'Continue' });
        await Promise.race([login.waitFor(), consent.waitFor(), page.waitForURL(until)]).catch(() => undefined);
        if (await login.isVisible().catch(() => false)) {
          await login.fill(email);
          await page.locator('input[name="password"]').fill('company password');
          await page.getByRole('button', { name: 'Sign-in' }).click();
        } else if (await consent.isVisible().catch(() => false)) await consent.click();
      }
      await page.waitForURL(until);
    };
    await withFailureShot(page, `company-sudo-${lng}`, async () => {
      await page.goto(`${base}/login`);
      await page.getByRole('button', { name: OIDC_BUTTON_LABEL }).click();
      await throughProvider((url) => url.origin === base && url.pathname === '/');
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).waitFor();
      // The sign-in is ten minutes old now.
      const user = await t.app.db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
      await ageSession(t, { userId: user.id }, 10);
      await page.goto(`${base}/integrations`);
      const tokens = page.getByRole('region', { name: text(lng, 'integrations', 'tokens.title') });
      await tokens.getByLabel(text(lng, 'integrations', 'tokens.name')).fill('CRM sync');
      await tokens.getByRole('button', { name: text(lng, 'integrations', 'tokens.create') }).click();
      await tokens.getByRole('button', { name: text(lng, 'integrations', 'tokens.sign_in_again') }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      await page.getByRole('button', { name: OIDC_BUTTON_LABEL }).click();
      // Back from the provider on the screen that asked, where the token is made now.
      await throughProvider((url) => url.origin === base && url.pathname === '/integrations');
      const again = page.getByRole('region', { name: text(lng, 'integrations', 'tokens.title') });
      await again.getByLabel(text(lng, 'integrations', 'tokens.name')).fill('CRM sync');
      await again.getByRole('button', { name: text(lng, 'integrations', 'tokens.create') }).click();
      await again.getByText(text(lng, 'integrations', 'shown_once')).waitFor();
      expect(await t.app.db.selectFrom('apiToken').select('name').where('userId', '=', user.id).execute()).toEqual([{ name: 'CRM sync' }]);
    });
  }, 60_000);
});
