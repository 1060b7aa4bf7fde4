import { describe, expect, it } from 'vitest';
import type { TestApp, TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { appContext, expectAccessible, mailLink, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Locator } from 'playwright-core';
import { useE2eSession } from './support/session.ts';

// Issue 24 in the Team area: an admin makes a template in the editor (values, a locked field, a
// locked company link) and a member makes their company profile from it, which shows the locked
// value read-only; an admin invites people from a CSV with names, sees the refused lines first.
const session = useE2eSession(startAppServer);

/** With E2E_SHOTS_DIR set, a picture of one section (the Team page is long) for the review of the screens. */
async function sectionShot(section: Locator, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await section.screenshot({ path: path.join(dir, `${name}.png`) });
}
const templatesSection = (page: import('playwright-core').Page) => page.locator('section[aria-labelledby="templates-title"]');
const inviteSection = (page: import('playwright-core').Page) => page.locator('section[aria-labelledby="invite-title"]');

async function teamWithMember(t: TestApp): Promise<{ admin: TestUser; member: TestUser; organisationId: string }> {
  const admin = await t.signUp();
  const member = await t.signUp();
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin, member);
  return { admin, member, organisationId };
}

describe.each<Lng>(['en', 'de'])('templates in the Team area in %s', (lng) => {
  it('lets an admin create a template with a locked field and link, and a member make a company profile that shows it read-only', async () => {
    const { t, base } = session.server;
    const { admin, member, organisationId } = await teamWithMember(t);
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `team-template-${lng}`, async () => {
      await page.goto(`${base}/team`);
      await page.getByRole('button', { name: text(lng, 'team', 'template_new'), exact: true }).click();
      await page.getByLabel(text(lng, 'team', 'template_name')).fill('Standard');
      const company = text(lng, 'team', 'field.companyName');
      await page.getByLabel(company, { exact: true }).fill('Acme GmbH');
      await page.getByLabel(text(lng, 'team', 'field.city'), { exact: true }).fill('Köln');
      await page.getByLabel(text(lng, 'team', 'template_lock_field', { field: company })).check();
      await page.getByRole('button', { name: text(lng, 'team', 'template_link_add') }).click();
      const link1 = page.getByRole('group', { name: text(lng, 'team', 'template_link_n', { n: 1 }) });
      await link1.getByLabel(text(lng, 'team', 'template_link_type')).selectOption('linkedin');
      await link1.getByLabel(text(lng, 'team', 'template_link_url')).fill('https://www.linkedin.com/company/acme');
      await page.getByLabel(text(lng, 'team', 'template_lock_links')).check();
      await expectAccessible(page, 'template editor');
      await sectionShot(templatesSection(page), `team-template-editor-${lng}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await sectionShot(templatesSection(page), `team-template-editor-${lng}-1280`);
      await page.getByRole('button', { name: text(lng, 'team', 'template_save') }).click();
      await page.getByText(text(lng, 'team', 'template_saved')).waitFor();
      await page.getByText('https://www.linkedin.com/company/acme').waitFor();
      await sectionShot(templatesSection(page), `team-templates-${lng}-1280`);

      // Changing it: the editor starts from what was saved.
      await page.getByRole('button', { name: text(lng, 'team', 'template_edit', { name: 'Standard' }) }).click();
      expect(await page.getByLabel(company, { exact: true }).inputValue()).toBe('Acme GmbH');
      await page.getByLabel(text(lng, 'team', 'field.city'), { exact: true }).fill('Bonn');
      await page.getByRole('button', { name: text(lng, 'team', 'template_save') }).click();
      await page.getByText('Bonn', { exact: true }).waitFor();
    });
    const [template] = (await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, admin)).body.templates;
    expect(template).toMatchObject({ name: 'Standard', values: { companyName: 'Acme GmbH', city: 'Bonn' }, locked: ['companyName', 'links'] });

    const memberContext = await appContext(session.browser, lng, member);
    const memberPage = await memberContext.newPage();
    let profileId = '';
    await withFailureShot(memberPage, `team-template-member-${lng}`, async () => {
      await memberPage.goto(`${base}/team`);
      await memberPage.getByText(text(lng, 'team', 'templates_intro_member')).waitFor();
      expect(await memberPage.getByRole('button', { name: text(lng, 'team', 'template_new') }).count()).toBe(0);
      await memberPage.getByRole('button', { name: text(lng, 'team', 'template_create_profile') }).click();
      await memberPage.waitForURL(/\/profile\/[A-Za-z0-9]+$/);
      const field = memberPage.getByLabel(text(lng, 'edit_profile', 'fields.companyName'), { exact: true });
      await field.waitFor();
      expect(await field.inputValue()).toBe('Acme GmbH');
      expect(await field.getAttribute('readonly')).not.toBeNull();
      profileId = new URL(memberPage.url()).pathname.split('/').pop()!;
      // The locked company link: read-only, no delete button, the same reason as the fields.
      const companyLink = memberPage.locator('li[data-link-value="https://www.linkedin.com/company/acme"]');
      await companyLink.waitFor();
      expect(await companyLink.getByLabel(text(lng, 'edit_profile', 'links.link'), { exact: true }).getAttribute('readonly')).not.toBeNull();
      expect(await companyLink.getByRole('button', { name: /./ }).count()).toBe(1); // only the drag handle
      await companyLink.getByText(text(lng, 'edit_profile', 'locked_by_organisation')).waitFor();
      await expectAccessible(memberPage, 'editor with a locked company link');
      await sectionShot(companyLink, `team-locked-link-${lng}-360`);
      await memberPage.goto(`${base}/team`);
      await sectionShot(templatesSection(memberPage), `team-templates-member-${lng}-360`);
    });
    await memberContext.close();
    const links = (await t.post('/find/own/social-media-links/by-profile-id', { profileId }, member)).body as Array<{ link: string }>;
    expect(links.map((l) => l.link)).toEqual(['https://www.linkedin.com/company/acme']);
  }, 90_000);

  it('invites people from a pasted CSV with names, listing refused lines first; the invitee’s company profile starts with their name', async () => {
    const { t, base } = session.server;
    const { admin, organisationId } = await teamWithMember(t);
    await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: ['companyName'] }, admin);
    const invitee = await t.signUp();
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    const anna = invitee.email;
    const ben = `ben-${lng}-${Date.now()}@example.org`;
    // The templates answer only after the admin has typed: the sections that fill in late must not
    // take the screen back behind the spinner and lose what was typed (CI saw exactly that once).
    let releaseTemplates = () => {};
    const typed = new Promise<void>((resolve) => (releaseTemplates = resolve));
    await page.route('**/find/own/organisation/templates*', async (route) => {
      await typed;
      await route.continue();
    });
    await withFailureShot(page, `team-invite-csv-${lng}`, async () => {
      const calls: string[] = [];
      page.on('request', (r) => calls.push(new URL(r.url()).pathname));
      await page.goto(`${base}/team`);
      const box = page.getByLabel(text(lng, 'team', 'invite_csv_text'));
      const refusedCsv = `E-Mail;Vorname;Nachname;Position\n${anna};Anna;Berg;Vertrieb\nnot-an-address;Ben;Kurz;\n`;
      await box.fill(refusedCsv);
      releaseTemplates();
      await templatesSection(page)
        .getByRole('heading', { name: /^Standard/ })
        .waitFor();
      expect(await box.inputValue()).toBe(refusedCsv);
      // Each section asked once: none was mounted again by a late suspension.
      expect(calls.filter((c) => c === '/find/own/organisation/members')).toHaveLength(1);
      await page
        .getByText(text(lng, 'team', 'invite_csv_line', { line: 3, email: 'not-an-address', reason: text(lng, 'team', 'invite_csv_error.email') }))
        .waitFor();
      const send = page.getByRole('button', { name: text(lng, 'team', 'invite_csv_submit_one', { count: 1 }) });
      expect(await send.isDisabled()).toBe(true);
      await expectAccessible(page, 'invite from CSV');
      await sectionShot(inviteSection(page), `team-invite-csv-${lng}-360`);
      await box.fill(`E-Mail;Vorname;Nachname;Position\n${anna};Anna;Berg;Vertrieb\n${ben};Ben;Kurz;\n`);
      await page.getByRole('button', { name: text(lng, 'team', 'invite_csv_submit_other', { count: 2 }) }).click();
      await page.getByText(text(lng, 'team', 'invited_other', { count: 2 })).waitFor();
      await page.getByText('Anna Berg · Vertrieb').waitFor();
      await page.setViewportSize({ width: 1280, height: 900 });
      await sectionShot(inviteSection(page), `team-invite-csv-${lng}-1280`);
    });
    const invitations = (await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, admin)).body.invitations;
    expect(invitations).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: anna, firstName: 'Anna', lastName: 'Berg', jobTitle: 'Vertrieb' }),
        expect.objectContaining({ email: ben, firstName: 'Ben', lastName: 'Kurz', jobTitle: '' }),
      ]),
    );

    // Anna accepts by the mailed link and makes her company profile right there: it starts with the CSV's name and job title.
    const inviteeContext = await appContext(session.browser, lng, invitee);
    const inviteePage = await inviteeContext.newPage();
    await withFailureShot(inviteePage, `team-invitee-${lng}`, async () => {
      await inviteePage.goto(await mailLink(base, anna, '/team/accept'));
      await inviteePage.getByText(text(lng, 'team', 'accept_done', { name: 'Acme' })).waitFor();
      await inviteePage.getByRole('button', { name: text(lng, 'team', 'template_create_profile') }).waitFor();
      await expectAccessible(inviteePage, 'accept with the company profile offer');
      await sectionShot(inviteePage.locator('section[aria-labelledby="accept-title"]'), `team-accept-${lng}-360`);
      await inviteePage.getByRole('button', { name: text(lng, 'team', 'template_create_profile') }).click();
      await inviteePage.waitForURL(/\/profile\/[A-Za-z0-9]+$/);
      const firstName = inviteePage.getByLabel(text(lng, 'edit_profile', 'fields.firstName'), { exact: true });
      await firstName.waitFor();
      expect(await firstName.inputValue()).toBe('Anna');
      expect(await inviteePage.getByLabel(text(lng, 'edit_profile', 'fields.jobTitle'), { exact: true }).inputValue()).toBe('Vertrieb');
      expect(await inviteePage.getByLabel(text(lng, 'edit_profile', 'fields.companyName'), { exact: true }).inputValue()).toBe('Acme GmbH');
    });
    await inviteeContext.close();
  }, 90_000);

  it('lets an admin pick which of a member’s company profiles an organisation card shows', async () => {
    const { t, base } = session.server;
    const { admin, member, organisationId } = await teamWithMember(t);
    const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: {}, locked: [] }, admin)).body.templateId;
    const sales = (await t.post('/profile/create', { templateId, profileName: 'Sales' }, member)).body.id as string;
    const support = (await t.post('/profile/create', { templateId, profileName: 'Support' }, member)).body.id as string;
    const [cardId] = await t.mintCards('rainbow', 1);
    await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
    expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: member.userId }, admin)).body.profileId).toBe(sales);
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `team-card-profile-${lng}`, async () => {
      await page.goto(`${base}/team`);
      const pick = page.getByLabel(text(lng, 'team', 'template_card_profile_of', { cardId }));
      expect(await pick.inputValue()).toBe(sales);
      await pick.selectOption({ label: 'Support' });
      await page.getByText(text(lng, 'team', 'template_card_profile_changed', { cardId })).waitFor();
      await expectAccessible(page, 'card with profile choice');
      await sectionShot(page.locator('section[aria-labelledby="cards-title"]'), `team-card-profile-${lng}-360`);
    });
    const cards = (await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, admin)).body.cards;
    expect(cards).toEqual([expect.objectContaining({ cardId, profileId: support })]);
  }, 60_000);
});
