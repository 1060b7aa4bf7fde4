import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { ageSession } from '../support/sessions.ts';

// Issue 25 with organisations: on the Integrations screen an organisation's admin sees a second
// webhook section, the organisation's, whose event choice includes member.added and
// member.removed, and may make a token of the organisation (reading its leads); a member sees only
// their own webhooks and makes only their own tokens.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['en', 'de'])('Integrations screen with an organisation in %s', (lng) => {
  it('lets an admin add a webhook of the organisation with member events and a token reading its leads, and shows a member only their own', async () => {
    const { t, base } = session.server;
    const [admin, member, otherAdmin] = [await t.signUp(), await t.signUp(), await t.signUp()];
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    await joinOrganisation(t, organisationId, admin, member);
    // Issue 33: another admin's token of the organisation is listed to every owner and admin, with its maker.
    await joinOrganisation(t, organisationId, admin, otherAdmin, 'admin');
    expect((await t.post('/api-token/create', { name: 'Other CRM', scopes: ['leads:read'], organisationId }, otherAdmin)).status).toBe(200);

    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `integrations-organisation-${lng}`, async () => {
      await page.goto(`${base}/integrations`);
      const title = text(lng, 'integrations', 'webhooks.organisation_title', { name: 'Acme GmbH' });
      const section = page.getByRole('region', { name: title });
      await section.waitFor();
      await section.getByLabel(text(lng, 'integrations', 'webhooks.url')).fill('https://crm.example.com/hooks/team');
      await section.getByRole('checkbox', { name: new RegExp(text(lng, 'integrations', 'events.member_removed')) }).check();
      await section.getByRole('button', { name: text(lng, 'integrations', 'webhooks.create') }).click();
      await section.getByText(text(lng, 'integrations', 'shown_once')).waitFor();
      await section.getByText('https://crm.example.com/hooks/team').waitFor();
      await expectAccessible(page, 'integrations with the organisation');
      await maybeScreenshot(page, `integrations-organisation-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `integrations-organisation-${lng}-1280`, { fullPage: true });
      const listed = (await t.get(`/find/own/webhooks?organisationId=${organisationId}`, admin)).body.webhooks;
      expect(listed).toEqual([
        expect.objectContaining({ url: 'https://crm.example.com/hooks/team', organisationId, events: ['member.added', 'member.removed', 'lead.created'] }),
      ]);
      // The admin's own section kept its own list: nothing there.
      expect((await t.get('/find/own/webhooks', admin)).body.webhooks).toEqual([]);

      // A token of the organisation: only leads:read offered, shown once, reads the team's leads.
      const tokens = page.getByRole('region', { name: text(lng, 'integrations', 'tokens.title') });
      await tokens.getByRole('radio', { name: text(lng, 'integrations', 'tokens.for_organisation', { name: 'Acme GmbH' }) }).check();
      const scopes = tokens.getByRole('group', { name: text(lng, 'integrations', 'tokens.scopes') }).getByRole('checkbox');
      await expect.poll(() => scopes.count()).toBe(1);
      await tokens.getByLabel(text(lng, 'integrations', 'tokens.name')).fill('Team CRM');
      await tokens.getByRole('button', { name: text(lng, 'integrations', 'tokens.create') }).click();
      await tokens.getByText(text(lng, 'integrations', 'shown_once')).waitFor();
      const token = (await tokens.locator('.secret-value').textContent()) ?? '';
      const bearer = { ...admin, token, auth: { authorization: `Bearer ${token}` } };
      expect((await t.get(`/find/own/organisation/leads?organisationId=${organisationId}`, bearer)).status).toBe(200);
      expect((await t.get('/find/own/leads', bearer)).status).toBe(403);
      await tokens.getByRole('heading', { name: text(lng, 'integrations', 'tokens.organisation_title', { name: 'Acme GmbH' }) }).waitFor();
      const made = (email: string) => text(lng, 'integrations', 'tokens.made_by', { email });
      await tokens.getByRole('listitem').filter({ hasText: 'Team CRM' }).getByText(made(admin.email)).waitFor();
      await tokens.getByRole('listitem').filter({ hasText: 'Other CRM' }).getByText(made(otherAdmin.email)).waitFor();
      expect((await t.get('/find/own/api-tokens', admin)).body.tokens).toEqual([
        expect.objectContaining({ name: 'Team CRM', scopes: ['leads:read'], organisationId }),
      ]);
      await expectAccessible(page, 'integrations with an organisation token');
      await maybeScreenshot(page, `integrations-organisation-token-${lng}-1280`, { fullPage: true });
    });
    await context.close();

    const memberContext = await appContext(session.browser, lng, member);
    session.context = memberContext;
    const memberPage = await memberContext.newPage();
    await withFailureShot(memberPage, `integrations-member-${lng}`, async () => {
      await memberPage.goto(`${base}/integrations`);
      await memberPage.getByRole('heading', { level: 2, name: text(lng, 'integrations', 'webhooks.title'), exact: true }).waitFor();
      await memberPage.getByRole('heading', { level: 2, name: text(lng, 'integrations', 'tokens.title') }).waitFor();
      await memberPage.waitForLoadState('networkidle');
      expect(await memberPage.getByText(text(lng, 'integrations', 'webhooks.organisation_title', { name: 'Acme GmbH' })).count()).toBe(0);
      // Nor may a member make a token of the organisation.
      expect(await memberPage.getByRole('radio').count()).toBe(0);
    });
    await memberContext.close();
  });
});

// Issue 20, "sudo mode": a token needs a sign-in of the last five minutes. With an older session
// the screen says so and sends the owner to sign in again, then back here, where the token is made.
describe.each<Lng>(['en', 'de'])('Integrations screen with a sign-in older than five minutes in %s', (lng) => {
  it('asks the owner to sign in again, and after signing in again creates the token', async () => {
    const { t, base } = session.server;
    const owner = await t.signUp();
    await ageSession(t, owner, 10);
    const context = await appContext(session.browser, lng, owner);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `integrations-sign-in-again-${lng}`, async () => {
      await page.goto(`${base}/integrations`);
      const tokens = page.getByRole('region', { name: text(lng, 'integrations', 'tokens.title') });
      await tokens.getByLabel(text(lng, 'integrations', 'tokens.name')).fill('CRM sync');
      await tokens.getByRole('checkbox', { name: new RegExp(text(lng, 'integrations', 'scopes.cards_read')) }).check();
      // Issue 35: an example call with this token's scopes against this server, and the API reference.
      const example = tokens.locator('.api-example code');
      await expect
        .poll(() => example.textContent())
        .toBe(`curl -H "Authorization: Bearer ${text(lng, 'integrations', 'tokens.example_token')}" ${base}/find/own/leads`);
      expect(await tokens.getByRole('link', { name: text(lng, 'integrations', 'tokens.docs') }).getAttribute('href')).toBe('/docs');
      await tokens.getByRole('checkbox', { name: new RegExp(text(lng, 'integrations', 'scopes.leads_read')) }).uncheck();
      await expect.poll(() => example.textContent()).toContain(`${base}/find/own/cards`);
      await tokens.getByRole('button', { name: text(lng, 'integrations', 'tokens.create') }).click();
      await tokens
        .getByRole('alert')
        .getByText(text(lng, 'integrations', 'tokens.recent_login'))
        .waitFor();
      expect((await t.get('/find/own/api-tokens', owner)).body.tokens).toEqual([]);
      await expectAccessible(page, 'integrations asking to sign in again');
      await maybeScreenshot(page, `integrations-sign-in-again-${lng}-360`, { fullPage: true });

      await tokens.getByRole('button', { name: text(lng, 'integrations', 'tokens.sign_in_again') }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('email') === owner.email);
      await page.getByLabel(text(lng, 'login', 'password'), { exact: true }).fill(owner.password);
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/integrations');
      // Issue 35: what was typed and ticked is still there; one press makes the token.
      const again = page.getByRole('region', { name: text(lng, 'integrations', 'tokens.title') });
      expect(await again.getByLabel(text(lng, 'integrations', 'tokens.name')).inputValue()).toBe('CRM sync');
      expect(await again.getByRole('checkbox', { name: new RegExp(text(lng, 'integrations', 'scopes.cards_read')) }).isChecked()).toBe(true);
      expect(await again.getByRole('checkbox', { name: new RegExp(text(lng, 'integrations', 'scopes.leads_read')) }).isChecked()).toBe(false);
      await maybeScreenshot(page, `integrations-after-sign-in-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `integrations-after-sign-in-${lng}-1280`, { fullPage: true });
      await again.getByRole('button', { name: text(lng, 'integrations', 'tokens.create') }).click();
      await again.getByText(text(lng, 'integrations', 'shown_once')).waitFor();
      // Signing in again ended the old session: the token is read from the database.
      expect(await t.app.db.selectFrom('apiToken').select(['name', 'scopes']).where('userId', '=', owner.userId).execute()).toEqual([
        { name: 'CRM sync', scopes: 'cards:read' },
      ]);
      // The kept form is gone once shown again: the next visit starts empty.
      await page.reload();
      expect(await again.getByLabel(text(lng, 'integrations', 'tokens.name')).inputValue()).toBe('');
      expect((await t.get('/find/own/api-tokens', owner)).status).toBe(401);
    });
    await context.close();
  }, 90_000);
});
