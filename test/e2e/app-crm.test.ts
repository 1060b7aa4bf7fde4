import { describe, expect, it } from 'vitest';
import { appContext, ensureAppBuilt, expectAccessible, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { createTestApp } from '../support/test-app.ts';
import { startHubSpotStandIn, type CrmStandIn } from '../support/crm-standins.ts';
import { sendContact } from '../support/crm-suite.ts';

// Issue 37 in the owner app: an organisation's admin connects HubSpot from the Integrations screen
// (the browser goes to the stand-in's consent page and back through the callback), a lead on a
// member's company profile shows as synced in the sync log with a link into the CRM, the field
// rules are saved; the Team area has the same section. Chromium at 360 px and 1280 px, de and en.
let standIn: CrmStandIn;
const session = useE2eSession(async () => {
  ensureAppBuilt();
  standIn = await startHubSpotStandIn();
  const t = await createTestApp({
    TRUST_PROXY: '1',
    HUBSPOT_CLIENT_ID: standIn.clientId,
    HUBSPOT_CLIENT_SECRET: standIn.clientSecret,
    HUBSPOT_BASE_URL: standIn.url,
    HUBSPOT_AUTH_URL: `${standIn.url}/oauth/authorize`,
  });
  const base = await t.listen();
  return {
    t: { ...t, close: async () => (await t.close(), await standIn.close()) },
    base,
    app: t,
  };
});

describe.each<Lng>(['en', 'de'])('CRM section in %s', (lng) => {
  it('connects HubSpot against the stand-in and shows a synced lead in the log', async () => {
    const { app: t, base } = session.server;
    const [admin, member] = [await t.signUp(), await t.signUp()];
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    const template = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin);
    await joinOrganisation(t, organisationId, admin, member);
    const company = await t.post('/profile/create', { templateId: template.body.templateId, firstName: 'Mia', lastName: 'Muster' }, member);
    expect(company.status, company.raw).toBe(200);

    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `crm-${lng}`, async () => {
      await page.goto(`${base}/integrations`);
      const title = text(lng, 'integrations', 'crm.organisation_title', { name: 'Acme GmbH' });
      const section = page.getByRole('region', { name: title });
      await section.waitFor();
      await maybeScreenshot(page, `crm-connect-${lng}-360`, { fullPage: true });
      await section.getByRole('button', { name: text(lng, 'integrations', 'crm.connect', { name: 'HubSpot' }) }).click();
      await page.waitForURL((url) => url.pathname === '/integrations');
      await page.getByText(text(lng, 'integrations', 'crm.outcome_connected', { name: 'HubSpot' })).waitFor();
      await section.getByText(text(lng, 'integrations', 'crm.connected'), { exact: true }).waitFor();
      await section.getByText('acme-test.hubspot.com', { exact: false }).waitFor();

      const email = `e2e-${lng}@example.net`;
      await sendContact(t, company.body.id as string, email, 'Ada Lovelace', { company: 'Engines Ltd' });
      await expect.poll(() => standIn.withEmail(email).length, { timeout: 10_000 }).toBe(1);
      await section.getByRole('button', { name: text(lng, 'integrations', 'crm.log') }).click();
      const row = section.locator('.crm-log-row').filter({ hasText: 'Ada Lovelace' });
      await row.getByText(text(lng, 'integrations', 'crm.state_synced')).waitFor({ timeout: 15_000 });
      expect(await row.getByRole('link', { name: text(lng, 'integrations', 'crm.open_record') }).getAttribute('href')).toContain('/record/0-1/');
      await expectAccessible(page, 'integrations with a CRM');
      await maybeScreenshot(page, `crm-log-${lng}-360`, { fullPage: true });

      await section.getByRole('button', { name: text(lng, 'integrations', 'crm.settings') }).click();
      await section.getByLabel(text(lng, 'integrations', 'crm.fields.lastName')).selectOption('overwrite');
      await section.getByLabel(text(lng, 'integrations', 'crm.on_delete')).selectOption('anonymise');
      await section.getByRole('button', { name: text(lng, 'integrations', 'crm.save') }).click();
      await page.getByText(text(lng, 'integrations', 'crm.saved')).waitFor();
      const listed = await t.get(`/find/own/organisation/crm?organisationId=${organisationId}`, admin);
      expect(listed.body.connections[0].settings).toMatchObject({ fields: { lastName: 'overwrite' }, onDelete: 'anonymise' });
      await expectAccessible(page, 'the CRM field rules');
      await maybeScreenshot(page, `crm-settings-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `crm-settings-${lng}-1280`, { fullPage: true });

      // The member sees the lead's CRM state in its details.
      const memberContext = await appContext(session.browser, lng, member);
      const memberPage = await memberContext.newPage();
      await memberPage.goto(`${base}/leads`);
      await memberPage.getByRole('button', { name: text(lng, 'leads', 'open_named', { name: 'Ada Lovelace' }) }).click();
      const state = memberPage.getByRole('region', { name: text(lng, 'integrations', 'crm.sync_state') });
      await state.getByText(text(lng, 'integrations', 'crm.state_synced')).waitFor();
      await state.getByRole('link', { name: text(lng, 'integrations', 'crm.open_record') }).waitFor();
      await maybeScreenshot(memberPage, `crm-lead-${lng}-360`, { fullPage: false });
      await memberContext.close();

      await page.goto(`${base}/team`);
      await page.getByRole('region', { name: title }).waitFor();
      await maybeScreenshot(page, `crm-team-${lng}-1280`, { fullPage: false });
      // Disconnected for the next language's run.
      expect((await t.post('/organisation/crm/disconnect', { organisationId, provider: 'hubspot' }, admin)).status).toBe(200);
    });
  });
});
