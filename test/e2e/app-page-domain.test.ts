import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';
import { maybeScreenshot } from './support/browser.ts';

// Issue 39: the Team area's "Your own address". An admin names a host, sees the TXT record with
// copy buttons, is told in plain words that it is not there yet, checks again once it is (a
// stand-in DNS) and reads what changed; then removes it.
const txt = new Map<string, string[][]>();
const session = useE2eSession(() =>
  startAppServer({
    resolveTxt: async (name) => {
      const records = txt.get(name);
      if (!records) throw Object.assign(new Error(`queryTxt ENOTFOUND ${name}`), { code: 'ENOTFOUND' });
      return records;
    },
  }),
);
const sizes = [
  [360, 800],
  [1280, 900],
] as const;

describe.each<Lng>(['en', 'de'])('Team area own address in %s', (lng) => {
  it('names a host showing its TXT record, says what the check found, then what changed; removes it', async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    const host = `cards-${lng}-${Date.now().toString(36)}.acme-corp.com`;
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `page-domain-${lng}`, async () => {
      await page.goto(`${base}/team`);
      const section = page.locator('section[aria-labelledby="page-domain-title"]');
      await section.getByRole('heading', { name: text(lng, 'team', 'page_domain_title') }).waitFor();
      await section.getByText(text(lng, 'team', 'page_domain_none')).waitFor();
      await section.getByLabel(text(lng, 'team', 'page_domain_host')).fill(host);
      await section.getByRole('button', { name: text(lng, 'team', 'page_domain_save') }).click();
      await section.getByText(`_contactcards-page.${host}`).waitFor();
      const named = (await t.get(`/find/own/organisation/page-domain?organisationId=${organisationId}`, admin)).body.pageDomain;
      await section.getByText(named.txtRecordValue).waitFor();
      await section.getByRole('button', { name: text(lng, 'team', 'page_domain_check') }).click();
      await section.getByText(text(lng, 'team', 'page_domain_check_missing', { name: named.txtRecordName })).waitFor();
      await expectAccessible(page, 'team own address');
      await section.scrollIntoViewIfNeeded();
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        await maybeScreenshot(page, `team-page-domain-waiting-${lng}-${width}`, { fullPage: true });
      }
      txt.set(named.txtRecordName, [[named.txtRecordValue]]);
      await section.getByRole('button', { name: text(lng, 'team', 'page_domain_check') }).click();
      await section.getByText(text(lng, 'team', 'page_domain_changes', { host })).waitFor();
      for (const [width, height] of sizes) {
        await page.setViewportSize({ width, height });
        await maybeScreenshot(page, `team-page-domain-working-${lng}-${width}`, { fullPage: true });
      }
      await section.getByRole('button', { name: text(lng, 'team', 'page_domain_remove') }).click();
      await section.getByText(text(lng, 'team', 'page_domain_none')).waitFor();
      expect((await t.get(`/find/own/organisation/page-domain?organisationId=${organisationId}`, admin)).body.pageDomain).toBeNull();
    });
  });
});
