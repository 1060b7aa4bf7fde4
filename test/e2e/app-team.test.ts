import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, mailLink, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';
import { joinOrganisation } from '../support/organisations.ts';

// Issue 24: the Team area on a phone and a desktop. An owner creates the organisation and
// invites by e-mail, the member accepts with the mailed link and sees what the template locks,
// the admin sees a visitor's lead on the member's company profile, downloads the contacts' CSV and
// sees the exchange in the statistics,
// registers a card to the organisation and assigns it to the member, then removes the
// member, who is signed out; the card's page then says the member no longer works at the company.
const session = useE2eSession(startAppServer);

describe.each<Lng>(['en', 'de'])('Team area in %s', (lng) => {
  it('creates an organisation, invites a member who accepts by the mailed link and sees the locks, and removes them', async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const member = await t.signUp();
    const adminContext = await appContext(session.browser, lng, admin);
    session.context = adminContext;
    const page = await adminContext.newPage();
    await withFailureShot(page, `team-${lng}`, async () => {
      await page.goto(`${base}/`);
      await page.getByRole('button', { name: text(lng, 'molecules', 'nav.account_menu') }).click();
      await page.getByRole('link', { name: text(lng, 'molecules', 'nav.team') }).click();
      await page.waitForURL(/\/team$/);
      await page.getByLabel(text(lng, 'team', 'create_name')).fill('Acme GmbH');
      await page.getByRole('button', { name: text(lng, 'team', 'create_submit') }).click();
      await page.getByRole('heading', { level: 1, name: 'Acme GmbH' }).waitFor();

      await page.getByLabel(text(lng, 'team', 'invite_emails')).fill(`${member.email}\n`);
      await page.getByRole('button', { name: text(lng, 'team', 'invite_submit') }).click();
      await page.getByText(text(lng, 'team', 'invitation_status.pending')).waitFor();
      const organisationId = (await t.get('/find/own/organisation', admin)).body.organisationId as string;
      const saved = await t.post(
        '/organisation/template/save',
        {
          organisationId,
          name: 'Standard',
          values: { companyName: 'Acme GmbH', city: 'Köln', companyWebsiteUrl: 'https://acme.example' },
          locked: ['companyName'],
        },
        admin,
      );

      // The member opens the mail's link, signed in, and joins.
      const link = await mailLink(base, member.email, '/team/accept');
      const memberContext = await appContext(session.browser, lng, member);
      const memberPage = await memberContext.newPage();
      await memberPage.goto(link);
      await memberPage.getByText(text(lng, 'team', 'accept_done', { name: 'Acme GmbH' })).waitFor();
      await expectAccessible(memberPage, 'accept invitation');
      await memberPage.getByRole('link', { name: text(lng, 'team', 'to_team') }).click();
      await memberPage.getByText(text(lng, 'team', 'templates_intro_member')).waitFor();
      await memberPage.getByText(text(lng, 'team', 'locked'), { exact: true }).waitFor();
      await expectAccessible(memberPage, 'team as member');
      await maybeScreenshot(memberPage, `team-member-${lng}-360`, { fullPage: true });
      await memberContext.close();
      // The member's company profile, made from the template: the card will show it.
      const templateId = saved.body.templateId as string;
      const companyProfile = await t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster' }, member);
      expect(companyProfile.status).toBe(200);
      // A visitor leaves their contact on it: the admin sees it among the organisation's contacts.
      const visitorEmail = `visitor-${lng}@example.net`;
      expect((await t.post('/send/contact', { profileId: companyProfile.body.id, senderEmail: visitorEmail, language: lng })).status).toBe(200);

      await page.reload();
      await page.getByText(member.email).first().waitFor();
      const contacts = page.getByRole('list', { name: text(lng, 'team', 'leads_title') });
      await page.getByLabel(text(lng, 'team', 'leads_filter'), { exact: true }).selectOption(member.userId);
      await contacts.getByText(visitorEmail).waitFor();
      await contacts.getByText(text(lng, 'team', 'leads_met_by', { member: member.email.split('@')[0], profile: 'Mia Muster' })).waitFor();
      const [leadsCsv] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text(lng, 'team', 'leads_export') }).click()]);
      expect(leadsCsv.suggestedFilename()).toMatch(/^organisation-leads-\d{4}-\d{2}-\d{2}\.csv$/);
      const csvText = await readFile(await leadsCsv.path(), 'utf8');
      expect(csvText).toContain(lng === 'de' ? '"Mitglied","E-Mail des Mitglieds"' : '"Member","Member e-mail"');
      expect(csvText).toContain(`"${member.email}"`);
      expect(csvText).toContain(`"${visitorEmail}"`);
      // The statistics count the exchange for the member, over the range chosen.
      await page.getByLabel(text(lng, 'team', 'stats_range')).selectOption('7');
      const perMember = page.getByRole('table', { name: text(lng, 'team', 'stats_members') });
      await expect.poll(async () => perMember.getByRole('row').filter({ hasText: member.email }).locator('td').nth(1).textContent()).toBe('1');
      await page.getByRole('table', { name: text(lng, 'team', 'stats_sources') }).waitFor();
      const [cardId] = await t.mintCards('rainbow', 1);
      await page.getByLabel(text(lng, 'team', 'cards_register_ids')).fill(`${cardId}\n`);
      await page.getByRole('button', { name: text(lng, 'team', 'cards_register_submit') }).click();
      const assignSelect = page.getByLabel(text(lng, 'team', 'card_assign_to', { cardId }));
      await assignSelect.selectOption(member.userId);
      await page.getByText(text(lng, 'team', 'card_assigned', { cardId })).waitFor();
      await page.getByRole('button', { name: text(lng, 'team', 'card_unassign_label', { cardId }) }).waitFor();
      // A CSV with a line that cannot be assigned assigns nothing and says which line and why.
      await page.getByLabel(text(lng, 'team', 'csv_text')).fill(`cardId,email\nunknownCard,${member.email}\n`);
      await page.getByRole('button', { name: text(lng, 'team', 'csv_submit') }).click();
      await page.getByText(text(lng, 'team', 'csv_refused')).waitFor();
      await page
        .getByText(
          text(lng, 'team', 'csv_line', { line: 2, cardId: 'unknownCard', email: member.email, reason: text(lng, 'team', 'csv_error.card-not-found') }),
        )
        .waitFor();
      await expectAccessible(page, 'team as admin');
      await maybeScreenshot(page, `team-admin-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `team-admin-${lng}-desktop`, { fullPage: true });

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: text(lng, 'team', 'audit_export'), exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);

      await page.getByRole('button', { name: text(lng, 'team', 'remove_member', { email: member.email }) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(text(lng, 'team', 'remove_cards_to')).waitFor();
      await expectAccessible(page, 'team removal dialog');
      await maybeScreenshot(page, `team-remove-${lng}-desktop`);
      await page.setViewportSize({ width: 360, height: 740 });
      await maybeScreenshot(page, `team-remove-${lng}-360`);
      await dialog.getByRole('button', { name: text(lng, 'team', 'remove') }).click();
      await page.getByText(text(lng, 'team', 'removed')).waitFor();
      await expect.poll(async () => (await t.get('/find/own/leads', member)).status).toBe(401);
      const members = (await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, admin)).body.members as Array<{ email: string }>;
      expect(members.map((m) => m.email)).toEqual([admin.email]);

      // The printed card still works: its page says the member left, with the company's contact.
      const cardPage = await adminContext.newPage();
      await cardPage.goto(`${base}/card/${cardId}?lng=${lng}`);
      await cardPage.waitForURL(/\/p\//);
      await cardPage.goto(`${cardPage.url()}&lng=${lng}`);
      await cardPage.getByRole('heading', { level: 1, name: text(lng, 'profile', 'left_heading', { name: 'Mia Muster', company: 'Acme GmbH' }) }).waitFor();
      await cardPage.getByRole('link', { name: 'acme.example' }).waitFor();
      await expectAccessible(cardPage, 'left company page');
      await maybeScreenshot(cardPage, `team-left-page-${lng}-360`, { fullPage: true });
    });
  }, 90_000);
});

/** An admin with a team: Mia and Ben joined by the mailed invitation, each with a company profile from the one template and a visitor's lead on it. */
async function teamWithLeads(lng: Lng) {
  const { t } = session.server;
  const [admin, mia, ben] = [await t.signUp(), await t.signUp(), await t.signUp()];
  const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
  for (const who of [mia, ben]) await joinOrganisation(t, organisationId, admin, who);
  const templateId = (
    await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: [] }, admin)
  ).body.templateId as string;
  const visitors: Record<string, string> = {};
  for (const [who, name] of [
    [mia, 'Mia'],
    [ben, 'Ben'],
  ] as const) {
    const profileId = (await t.post('/profile/create', { templateId, firstName: name, lastName: 'Muster' }, who)).body.id as string;
    visitors[name] = `visitor-of-${name.toLowerCase()}-${lng}-${Date.now()}@example.net`;
    expect((await t.post('/send/contact', { profileId, senderEmail: visitors[name], language: lng })).status).toBe(200);
  }
  return { admin, mia, ben, organisationId, templateId, visitors };
}

describe.each<Lng>(['en', 'de'])('the company’s contacts when people leave, in %s (issue 35)', (lng) => {
  it('moves a former member’s contacts back to the team, and the removal dialog gives the contacts to the removing admin by default', async () => {
    const { t, base } = session.server;
    const { admin, mia, ben, organisationId, templateId, visitors } = await teamWithLeads(lng);
    // Ben left while nobody could take his contacts (the admin had no company profile yet): they stayed on his profile.
    expect((await t.post('/organisation/member/remove', { organisationId, userId: ben.userId }, admin)).body.leadsTo).toBeNull();
    expect((await t.post('/profile/create', { templateId, firstName: 'Ada', lastName: 'Admin' }, admin)).status).toBe(200);
    const leadOwners = async () =>
      Object.fromEntries(
        ((await t.get(`/find/own/organisation/leads?organisationId=${organisationId}`, admin)).body.leads as Array<{ email: string; memberId: string }>).map(
          (l) => [l.email, l.memberId],
        ),
      );
    expect(await leadOwners()).toEqual({ [visitors.Mia]: mia.userId });

    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `team-former-${lng}`, async () => {
      await page.goto(`${base}/team`);
      const former = page.getByRole('heading', { name: text(lng, 'team', 'former_title') });
      await former.waitFor();
      await page.getByText(text(lng, 'team', 'former_leads_one', { count: 1 })).waitFor();
      const moveTo = page.getByLabel(text(lng, 'team', 'former_move_to', { email: ben.email }));
      expect(await moveTo.inputValue()).toBe(admin.userId);
      await former.scrollIntoViewIfNeeded();
      await expectAccessible(page, 'former members');
      await maybeScreenshot(page, `team-former-${lng}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await former.scrollIntoViewIfNeeded();
      await maybeScreenshot(page, `team-former-${lng}-desktop`);
      await page.setViewportSize({ width: 360, height: 780 });
      await page.getByRole('button', { name: text(lng, 'team', 'former_move') }).click();
      await page.getByText(text(lng, 'team', 'former_moved_one', { count: 1, email: admin.email })).waitFor();
      await page.getByText(text(lng, 'team', 'former_leads_other', { count: 0 })).waitFor();
      expect(await leadOwners()).toEqual({ [visitors.Mia]: mia.userId, [visitors.Ben]: admin.userId });

      // Removing Mia: her contacts go to the admin unless another member is chosen.
      await page.getByRole('button', { name: text(lng, 'team', 'remove_member', { email: mia.email }) }).click();
      const dialog = page.getByRole('dialog');
      const leadsTo = dialog.getByLabel(text(lng, 'team', 'remove_leads_to'));
      expect(await leadsTo.inputValue()).toBe(admin.userId);
      expect(await leadsTo.locator('option:checked').textContent()).toBe(text(lng, 'team', 'remove_to_you', { email: admin.email }));
      await expectAccessible(page, 'removal dialog with the admin as default');
      await maybeScreenshot(page, `team-remove-default-${lng}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `team-remove-default-${lng}-desktop`);
      await page.setViewportSize({ width: 360, height: 780 });
      await dialog.getByRole('button', { name: text(lng, 'team', 'remove') }).click();
      await page.getByText(text(lng, 'team', 'removed_leads_to', { email: admin.email })).waitFor();
      expect(await leadOwners()).toEqual({ [visitors.Mia]: admin.userId, [visitors.Ben]: admin.userId });
      // Her row stays in the statistics, marked as a former member's (her profile had a contact this month).
      const perMember = page.getByRole('table', { name: text(lng, 'team', 'stats_members') });
      await perMember
        .getByRole('row')
        .filter({ hasText: text(lng, 'team', 'stats_former', { email: mia.email }) })
        .waitFor();
    });
  }, 90_000);
});

describe.each<Lng>(['en', 'de'])('finding one’s way in the Team area in %s (issue 35)', (lng) => {
  it('orders the sections as a team is set up, with a sticky index at 360 px, and names each refused card id', async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    const [free, held] = await t.mintCards('rainbow', 2);
    const person = await t.signUp();
    expect((await t.post('/card/register', { cardId: held }, person)).status).toBe(200);
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `team-index-${lng}`, async () => {
      await page.goto(`${base}/team`);
      const index = page.getByRole('navigation', { name: text(lng, 'team', 'index_label') });
      await index.waitFor();
      const order = ['invite', 'templates', 'cards', 'members', 'leads', 'stats', 'crm', 'brand', 'domains', 'scim', 'audit'];
      expect(await index.getByRole('link').allTextContents()).toEqual(order.map((key) => text(lng, 'team', `nav.${key}`)));
      // The page's sections come in the same order: invite, templates, cards first.
      const titles = await page.locator('.team-page > section h2.card-title').allTextContents();
      expect(titles.slice(0, 3)).toEqual([text(lng, 'team', 'invite_title'), text(lng, 'team', 'templates_title'), text(lng, 'team', 'cards_title')]);
      expect(titles.at(-1)).toBe(text(lng, 'team', 'audit_title'));
      await expectAccessible(page, 'team area with its index');
      await maybeScreenshot(page, `team-index-${lng}-360`);

      // A link far down the page: its section shows below the index, which stays and marks it.
      const auditLink = index.getByRole('link', { name: text(lng, 'team', 'nav.audit') });
      await auditLink.click();
      const audit = page.getByRole('heading', { level: 2, name: text(lng, 'team', 'audit_title') });
      await expect.poll(() => auditLink.getAttribute('aria-current')).toBe('location');
      const indexBox = (await index.boundingBox())!;
      const auditBox = (await audit.boundingBox())!;
      expect(indexBox.y).toBeGreaterThanOrEqual(0);
      expect(auditBox.y).toBeGreaterThanOrEqual(indexBox.y + indexBox.height);
      expect(auditBox.y).toBeLessThan(780);
      await maybeScreenshot(page, `team-index-scrolled-${lng}-360`);
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `team-index-scrolled-${lng}-desktop`);

      // An order with a mistyped and a taken id: nothing registered, each refused id named with why, the text kept.
      await index.getByRole('link', { name: text(lng, 'team', 'nav.cards') }).click();
      const ids = page.getByLabel(text(lng, 'team', 'cards_register_ids'));
      await ids.fill(`${free}\nmistyped1\n${held}`);
      await page.getByRole('button', { name: text(lng, 'team', 'cards_register_submit') }).click();
      const refused = page.getByRole('alert').filter({ hasText: text(lng, 'team', 'cards_refused_other', { count: 2 }) });
      await refused.waitFor();
      await refused.getByText(text(lng, 'team', 'cards_refusal.not-found')).waitFor();
      await refused.getByText(text(lng, 'team', 'cards_refusal.registered')).waitFor();
      expect(await refused.locator('code').allTextContents()).toEqual(['mistyped1', held]);
      expect(await ids.inputValue()).toBe(`${free}\nmistyped1\n${held}`);
      expect((await t.get(`/find/own/organisation/cards?organisationId=${organisationId}`, admin)).body.cards).toEqual([]);
      await expectAccessible(page, 'refused card ids');
      await refused.scrollIntoViewIfNeeded();
      await maybeScreenshot(page, `team-cards-refused-${lng}-desktop`);
      await page.setViewportSize({ width: 360, height: 780 });
      await refused.scrollIntoViewIfNeeded();
      await maybeScreenshot(page, `team-cards-refused-${lng}-360`);
    });
  }, 90_000);
});
