import { describe, expect, it } from 'vitest';
import { appContext, expectAccessible, startAppServer, text, withFailureShot, type Lng } from './app-support.ts';
import { useE2eSession } from './support/session.ts';
import { maybeScreenshot } from './support/browser.ts';

// Issue 27: the Team area's e-mail domains. An admin claims a domain, sees the DNS TXT record to
// add, is told when it is not there yet, verifies it once it is (a stand-in DNS), and removes it.
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

describe.each<Lng>(['en', 'de'])('Team area e-mail domains in %s', (lng) => {
  it('claims a domain showing its TXT record, verifies it and removes it', async () => {
    const { t, base } = session.server;
    const admin = await t.signUp();
    const organisationId = (await t.post('/organisation/create', { name: 'Acme GmbH' }, admin)).body.organisationId as string;
    const domain = `acme-${lng}-${Date.now().toString(36)}.example`;
    const context = await appContext(session.browser, lng, admin);
    session.context = context;
    const page = await context.newPage();
    await withFailureShot(page, `domains-${lng}`, async () => {
      await page.goto(`${base}/team`);
      const section = page.locator('section[aria-labelledby="domains-title"]');
      await section.getByRole('heading', { name: text(lng, 'team', 'domain_title') }).waitFor();
      await section.getByText(text(lng, 'team', 'domain_none')).waitFor();

      await section.getByLabel(text(lng, 'team', 'domain_name')).fill(domain);
      await section.getByRole('button', { name: text(lng, 'team', 'domain_claim') }).click();
      await section.getByText(`_contactcards.${domain}`).waitFor();
      const claimed = (await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, admin)).body.domains[0];
      await section.getByText(claimed.txtValue).waitFor();
      // Issue 33: an unproved claim says it holds nothing and when it expires (7 days).
      const expiresOn = new Intl.DateTimeFormat(lng, { dateStyle: 'medium' }).format(claimed.expires);
      await section.getByText(text(lng, 'team', 'domain_expires', { date: expiresOn })).waitFor();
      await expectAccessible(page, 'team domains');
      for (const [width, height] of [
        [360, 800],
        [1280, 900],
      ] as const) {
        await page.setViewportSize({ width, height });
        await maybeScreenshot(page, `team-domains-claimed-${lng}-${width}`, { fullPage: true });
      }

      // Not in the DNS yet: the server's message says what to add.
      await section.getByRole('button', { name: text(lng, 'team', 'domain_verify') }).click();
      await page.getByText(/^Not verified: no TXT record was found/).waitFor();
      txt.set(claimed.txtName, [[claimed.txtValue]]);
      await section.getByRole('button', { name: text(lng, 'team', 'domain_verify') }).click();
      await section.getByText(text(lng, 'team', 'domain_verified_dns')).waitFor();

      await section.getByRole('button', { name: text(lng, 'team', 'domain_remove') }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(text(lng, 'team', 'domain_remove_message', { domain })).waitFor();
      await dialog.getByRole('button', { name: text(lng, 'team', 'domain_remove') }).click();
      await section.getByText(text(lng, 'team', 'domain_none')).waitFor();
      expect((await t.get(`/find/own/organisation/domains?organisationId=${organisationId}`, admin)).body.domains).toEqual([]);
    });
  });
});
