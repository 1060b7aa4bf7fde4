import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, mailLink, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { maybeScreenshot } from './support/browser.ts';
import { useE2eSession } from './support/session.ts';

// Issue 24: the Team area on a phone and a desktop. An owner creates the organisation and
// invites by e-mail, the member accepts with the mailed link and sees what the template locks,
// the admin removes the member, who is signed out.
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
      await t.post(
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

      await page.reload();
      await page.getByText(member.email).first().waitFor();
      await expectAccessible(page, 'team as admin');
      await maybeScreenshot(page, `team-admin-${lng}-360`, { fullPage: true });
      await page.setViewportSize({ width: 1280, height: 900 });
      await maybeScreenshot(page, `team-admin-${lng}-desktop`, { fullPage: true });

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: text(lng, 'team', 'audit_export') }).click()]);
      expect(download.suggestedFilename()).toMatch(/^audit-\d{4}-\d{2}-\d{2}\.csv$/);

      await page.getByRole('button', { name: text(lng, 'team', 'remove_member', { email: member.email }) }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: text(lng, 'team', 'remove') })
        .click();
      await page.getByText(text(lng, 'team', 'removed')).waitFor();
      await expect.poll(async () => (await t.get('/find/own/leads', member)).status).toBe(401);
      const members = (await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, admin)).body.members as Array<{ email: string }>;
      expect(members.map((m) => m.email)).toEqual([admin.email]);
    });
  }, 90_000);
});
