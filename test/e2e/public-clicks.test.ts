import { describe, expect, it } from 'vitest';
import { BROWSER_UA, createLink, createProfile } from '../support/factories.ts';
import { phoneContext } from './support/browser.ts';
import { startPublicServer } from './support/public-server.ts';
import { useE2eSession } from './support/session.ts';

// Issue 22 in Chromium: a link's href is its real destination, and its click is counted exactly
// once: by the anchor's ping with JavaScript off, by the script's one beacon with it on.

const session = useE2eSession(startPublicServer);

/** The clicks of the profile's one link, once the counts in memory are written. */
async function clicks(profileId: string): Promise<number> {
  const { t, owner } = session.server;
  await t.app.features.stats.views.flush();
  const res = await t.get(`/find/own/stats?profileId=${profileId}&days=7`, owner);
  return res.body.links[0]?.clicks ?? 0;
}

/** Waits until the click is counted, then long enough for a second count to show if one were sent. */
async function settledClicks(profileId: string): Promise<number> {
  for (let i = 0; i < 50 && (await clicks(profileId)) === 0; i++) await new Promise((r) => setTimeout(r, 100));
  await new Promise((r) => setTimeout(r, 700));
  return clicks(profileId);
}

for (const page of ['p', 'l'] as const) {
  for (const javaScriptEnabled of [true, false]) {
    it(`counts a click on /${page} once, JavaScript ${javaScriptEnabled ? 'on (beacon)' : 'off (ping)'}, and opens the real address`, async () => {
      const { t, owner, base } = session.server;
      const profile = await createProfile(t, owner, { firstName: 'Klick' });
      await createLink(t, owner, profile.id, { type: 'github', name: 'Code', link: 'github.com/klick' });
      // A phone's User-Agent: headless Chromium names itself, and bots are not counted.
      session.context = await phoneContext(session.browser, { javaScriptEnabled, userAgent: BROWSER_UA });
      await session.context.route('https://github.com/**', (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: '<title>elsewhere</title>' }),
      );
      const tab = await session.context.newPage();
      await tab.goto(`${base}/${page === 'p' ? `p/${profile.id}` : `l/${profile.shortLinkId}`}`);
      const link = tab.locator('.p-soc a');
      expect(await link.getAttribute('href')).toBe('https://github.com/klick');
      expect(await link.getAttribute('rel')).toBe(page === 'l' ? 'me noopener' : 'noopener');
      const [popup] = await Promise.all([session.context.waitForEvent('page'), link.click()]);
      await popup.waitForURL('https://github.com/klick');
      expect(await settledClicks(profile.id)).toBe(1);
    });
  }
}

describe('link-in-bio (issue 23)', () => {
  it('shows job title, bio, `other` links as labelled rows and a save-contact button', async () => {
    const { base, full } = session.server;
    session.context = await phoneContext(session.browser, { locale: 'de-DE' });
    const tab = await session.context.newPage();
    await tab.goto(`${base}/l/${full.shortLinkId}`);
    expect(await tab.locator('.p-job').innerText()).toBe(full.jobTitle);
    expect(await tab.locator('.p-bio').innerText()).toBe(full.businessNote.trim());
    expect(await tab.getByRole('link', { name: 'Termin buchen' }).getAttribute('href')).toBe('https://calendly.com/juergen-groesse');
    expect(await tab.locator('a.p-save').getAttribute('href')).toMatch(/^\/download\/generate-vcf-with-comment\?profileId=.*&src=linkinbio$/);
  });
});
