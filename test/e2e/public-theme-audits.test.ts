import { beforeAll, describe, expect, it } from 'vitest';
import { bestLighthouse, PAGE_METRICS } from './support/lighthouse.ts';
import { startPublicServer } from './support/public-server.ts';
import { useE2eSession } from './support/session.ts';
import { makeLooks, type Look } from './support/theme-looks.ts';

// Issue 26: Lighthouse (mobile) scores each page theme's page as the default one; issue 24: so
// does a company profile in its organisation's brand. It runs in the audits group, alone, since
// it measures timings; axe-core's checks of every theme are public-theme-axe.test.ts.

const session = useE2eSession(startPublicServer);
let looks: Look[] = [];
beforeAll(async () => {
  looks = await makeLooks(session.server);
});

/** As in public-audits.test.ts: accessibility and best practices 100, SEO at least 95, every page-decided metric 100 at its best. */
async function expectAudited(name: string, url: string) {
  const { scores, failing, metrics, metricScores, performanceRuns } = await bestLighthouse(url);
  console.info(`lighthouse ${name}`, scores, metrics, 'performance runs', performanceRuns);
  expect({ scores, failing }).toMatchObject({ scores: { accessibility: 100, 'best-practices': 100 } });
  expect(scores.seo, JSON.stringify(failing.seo)).toBeGreaterThanOrEqual(95);
  expect(metricScores, JSON.stringify(metrics)).toEqual(Object.fromEntries(PAGE_METRICS.map((id) => [id, 100])));
}

describe('Lighthouse 12, mobile, in every page theme', () => {
  for (const name of ['light', 'dark', 'system-light', 'brand-light']) {
    it(`scores the ${name} theme's profile page as the default one`, async () => {
      const look = looks.find((l) => l.name === name)!;
      await expectAudited(`/p ${name}`, `${session.server.base}/p/${look.profile.id}`);
    }, 300_000);
  }

  it("scores the dark theme's link-in-bio page the same", async () => {
    const look = looks.find((l) => l.name === 'dark')!;
    await expectAudited('/l dark', `${session.server.base}/l/${look.profile.shortLinkId}`);
  }, 300_000);
});
