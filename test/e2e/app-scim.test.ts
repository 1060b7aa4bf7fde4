import path from 'node:path';
import { mkdir } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';
import { ageSession } from '../support/sessions.ts';

// Issue 27: the Team area's SCIM tokens on a phone and a desktop. An admin makes a token for
// their identity provider, copies it from the one time it is shown, sees the base URL, sees the
// token used, and revokes it: from that moment the identity provider is refused.
const session = useE2eSession(startAppServer);

/** The SCIM section alone, when E2E_SHOTS_DIR is set (screenshots never go into the repository). */
async function sectionShot(page: Page, name: string) {
  const dir = process.env.E2E_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.locator('section[aria-labelledby="scim-title"]').screenshot({ path: path.join(dir, `${name}.png`) });
}

describe.each<Lng>(['en', 'de'])('Team area SCIM tokens in %s', (lng) => {
  it('creates a SCIM token shown once, shows it used, and revokes it so the identity provider is refused', async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `scim-${lng}`, async () => {
      await page.goto(`${base}/team`);
      const section = page.locator('section[aria-labelledby="scim-title"]');
      await section.getByRole('heading', { name: text(lng, 'team', 'scim_title') }).waitFor();
      await section.getByText(text(lng, 'team', 'scim_none')).waitFor();
      expect(await section.getByTestId('scim-base-url').textContent()).toBe(`${base}/scim/v2`);

      await section.getByLabel(text(lng, 'team', 'scim_name')).fill('Entra ID');
      await section.getByRole('button', { name: text(lng, 'team', 'scim_create') }).click();
      const shown = section.getByTestId('scim-token');
      await shown.waitFor();
      const token = (await shown.textContent())!.trim();
      expect(token).toMatch(/^scim_/);
      await section.getByText(text(lng, 'team', 'scim_shown_once')).waitFor();
      await expectAccessible(page, 'team scim token');
      await sectionShot(page, `team-scim-${lng}-360`);

      // The identity provider uses it.
      const users = await fetch(`${base}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } });
      expect(users.status).toBe(200);
      await section.getByRole('button', { name: text(lng, 'team', 'scim_done') }).click();
      await expect(shown.count()).resolves.toBe(0);
      await page.reload();
      const list = page.getByRole('list', { name: text(lng, 'team', 'scim_tokens') });
      await list.getByText('Entra ID').waitFor();
      await list.getByText(new RegExp(text(lng, 'team', 'scim_last_used', { date: 'XX' }).replace('XX', '.+'))).waitFor();
      expect(await page.content()).not.toContain(token);

      await page.setViewportSize({ width: 1280, height: 900 });
      await sectionShot(page, `team-scim-${lng}-desktop`);

      await list.getByRole('button', { name: text(lng, 'team', 'scim_revoke') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(text(lng, 'team', 'scim_revoke_message', { name: 'Entra ID' })).waitFor();
      await dialog.getByRole('button', { name: text(lng, 'team', 'scim_revoke') }).click();
      await page.getByText(text(lng, 'team', 'scim_none')).waitFor();
      const refused = await fetch(`${base}/scim/v2/Users`, { headers: { authorization: `Bearer ${token}` } });
      expect(refused.status).toBe(401);
      expect((await t.get(`/find/own/organisation/scim-tokens?organisationId=${organisationId}`, admin)).body.tokens).toEqual([]);
    });
  });
});

// Issue 20, "sudo mode": a SCIM token needs a sign-in of the last five minutes; with an older
// session the section says so and sends the admin to sign in again, then back to the Team area.
describe.each<Lng>(['en', 'de'])('Team area SCIM token with a sign-in older than five minutes in %s', (lng) => {
  it('asks the admin to sign in again, and after signing in again creates the token', async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    await ageSession(t, admin, 10);
    const countTokens = async () => (await t.app.db.selectFrom('scimToken').select('name').where('organisationId', '=', organisationId).execute()).length;
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `scim-sign-in-again-${lng}`, async () => {
      await page.goto(`${base}/team`);
      const section = page.locator('section[aria-labelledby="scim-title"]');
      await section.getByLabel(text(lng, 'team', 'scim_name')).fill('Entra ID');
      await section.getByRole('button', { name: text(lng, 'team', 'scim_create') }).click();
      await section
        .getByRole('alert')
        .getByText(text(lng, 'team', 'scim_recent_login'))
        .waitFor();
      expect(await countTokens()).toBe(0);
      await expectAccessible(page, 'team scim asking to sign in again');
      await sectionShot(page, `team-scim-sign-in-again-${lng}-360`);

      await section.getByRole('button', { name: text(lng, 'team', 'scim_sign_in_again') }).click();
      await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('email') === admin.email);
      await page.getByLabel(text(lng, 'login', 'password'), { exact: true }).fill(admin.password);
      await page.getByRole('button', { name: text(lng, 'login', 'submit'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/team');
      const again = page.locator('section[aria-labelledby="scim-title"]');
      await again.getByLabel(text(lng, 'team', 'scim_name')).fill('Entra ID');
      await again.getByRole('button', { name: text(lng, 'team', 'scim_create') }).click();
      await again.getByTestId('scim-token').waitFor();
      expect(await countTokens()).toBe(1);
    });
    await context.close();
  });
});
