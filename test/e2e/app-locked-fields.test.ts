import { describe, expect, it } from 'vitest';
import { quickOwners } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';

// Issue 24: a member's company profile shows the fields its organisation's template locks as
// read-only, saying why; the other fields stay the member's to edit and save.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['en', 'de'])('the editor of a company profile in %s', (lng) => {
  it('shows the template’s locked fields read-only with the reason, and saves the member’s own changes', async () => {
    const t = session.server.t;
    const [admin, member] = await quickOwners(t, 2);
    const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
    await joinOrganisation(t, organisationId, admin, member);
    const values = { companyName: 'Acme GmbH', city: 'Köln' };
    const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values, locked: ['companyName'] }, admin)).body
      .templateId as string;
    const profile = (await t.post('/profile/create', { templateId, profileName: 'Acme', firstName: 'Mia', lastName: 'Muster' }, member)).body as { id: string };

    const context = await appContext(session.browser, lng, member);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `locked-fields-${lng}`, async () => {
      await page.goto(`${session.server.base}/profile/${profile.id}`);
      const company = page.getByLabel(text(lng, 'edit_profile', 'fields.companyName'), { exact: true });
      await company.waitFor();
      expect(await company.inputValue()).toBe('Acme GmbH');
      expect(await company.getAttribute('readonly')).not.toBeNull();
      expect(await company.getAttribute('aria-describedby')).toBeTruthy();
      await page
        .getByText(text(lng, 'edit_profile', 'locked_by_organisation'))
        .first()
        .waitFor();
      // Typing into it changes nothing; the job title is the member's own.
      await company.press('End');
      await page.keyboard.type(' evil');
      expect(await company.inputValue()).toBe('Acme GmbH');
      const jobTitle = page.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true });
      expect(await jobTitle.getAttribute('readonly')).toBeNull();
      await jobTitle.fill('Sales');
      await expectAccessible(page, 'editor with locked fields');
      await page.getByRole('button', { name: text(lng, 'molecules', 'save'), exact: true }).click();
      await page
        .getByText(text(lng, 'edit_profile', 'saved_successfully'))
        .first()
        .waitFor();
    });
    const saved = await t.post('/find/own/profile/by-id', { profileId: profile.id }, member);
    expect(saved.body).toMatchObject({ companyName: 'Acme GmbH', city: 'Köln', jobTitle: 'Sales' });
  }, 60_000);
});
