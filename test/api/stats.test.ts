import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOT_UA, BROWSER_UA, createLink, createProfile, expectD4, registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/** The UTC date of an instant: the owner of these tests has sent no time zone, so their days are UTC's. */
const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

// Issue 12: what visitors do on the public pages, counted per profile, hour, source, card and
// link, and answered to the owner by GET /find/own/stats.

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(() => t.close());

const visit = (url: string, options: { ua?: string; method?: 'GET' | 'HEAD' } = {}) =>
  t.app.inject({ method: options.method ?? 'GET', url, headers: { 'user-agent': options.ua ?? BROWSER_UA } });

async function stats(profileId: string, days: 7 | 30 | 90 = 7, user = owner) {
  await t.app.features.stats.views.flush();
  const res = await t.get(`/find/own/stats?profileId=${profileId}&days=${days}`, user);
  expect(res.status, res.raw).toBe(200);
  return res.body as {
    days: Array<{ date: string; views: number; saves: number; reminders: number; contacts: number; walletPasses: number; clicks: number }>;
    sources: Record<string, number>;
    links: Array<{ socialMediaLinkId: string; name: string; clicks: number }>;
    cards: Array<{ cardId: string; views: number }>;
  };
}
const today = (s: Awaited<ReturnType<typeof stats>>) => s.days.at(-1)!;
const NONE = { card: 0, nfc: 0, qr: 0, linkinbio: 0, link: 0, wallet: 0, share: 0, shareqr: 0, background: 0, signature: 0, tap: 0 };

describe('views by source and card', () => {
  it('follows a card scan to the profile with its source and card, and counts the scan per card', async () => {
    const card = await registerCard(t, owner);
    const profileId = card.cardProfileId;
    const sources = { nfc: 3, qr: 2, wallet: 1 } as const;
    for (const [src, n] of Object.entries(sources)) {
      for (let i = 0; i < n; i++) {
        const scan = await visit(`/card/${card.cardId}?src=${src}`);
        expect(scan.statusCode).toBe(302);
        expect(scan.headers.location).toBe(`/p/${profileId}?src=${src}&card=${card.cardId}`);
        expect((await visit(String(scan.headers.location))).statusCode).toBe(200);
      }
    }
    // A card printed before sources (no ?src=, or one not known) is `card`.
    for (const path of [`/card/${card.cardId}`, `/public-profile/${card.cardId}?src=bogus`]) {
      const scan = await visit(path);
      expect(scan.headers.location).toBe(`/p/${profileId}?src=card&card=${card.cardId}`);
      await visit(String(scan.headers.location));
    }
    const s = await stats(profileId);
    expect(s.sources).toEqual({ ...NONE, nfc: 3, qr: 2, wallet: 1, card: 2 });
    expect(today(s).views).toBe(8);
    expect(s.cards).toEqual([{ cardId: card.cardId, views: 8 }]);
    const viewRows = await t.app.db
      .selectFrom('visitCount')
      .select(['cardId', 'count'])
      .where('profileId', '=', profileId)
      .where('metric', '=', 'view')
      .execute();
    expect(viewRows.reduce((n, r) => n + (r.cardId === card.cardId ? Number(r.count) : 0), 0)).toBe(8);
    // D10's counters still count as before.
    const own = await t.post('/find/own/profile/by-id', { profileId }, owner);
    expect(own.body.profileViews).toBe(8);
  });

  it('issue 23: counts the share panel’s link and QR code apart from a plain link and a card’s QR code', async () => {
    const profile = await createProfile(t, owner);
    for (const url of [`/p/${profile.id}?src=share`, `/p/${profile.id}?src=share`, `/p/${profile.id}?src=shareqr&card=Ab3`, `/p/${profile.id}`]) {
      expect((await visit(url)).statusCode).toBe(200);
    }
    const s = await stats(profile.id);
    expect(s.sources).toEqual({ ...NONE, share: 2, shareqr: 1, link: 1 });
    expect(s.cards).toEqual([]);
  });

  it('counts /p without a source as a shared link, /l and /linkinbio as link-in-bio, and unknown values as absent', async () => {
    const profile = await createProfile(t, owner);
    expect((await visit(`/p/${profile.id}`)).statusCode).toBe(200);
    expect((await visit(`/p/${profile.id}?src=%3Cscript%3E&card=x/y`)).statusCode).toBe(200);
    expect((await visit(`/p/${profile.id}?src=qr&src=nfc`)).statusCode).toBe(200);
    expect((await visit(`/l/${profile.shortLinkId}`)).statusCode).toBe(200);
    expect((await visit(`/linkinbio/${profile.shortLinkId}`)).statusCode).toBe(200);
    expect((await visit(`/p/${profile.id}?src=qr`)).statusCode).toBe(200);
    const s = await stats(profile.id);
    expect(s.sources).toEqual({ ...NONE, link: 3, linkinbio: 2, qr: 1 });
    // Only the profile's own cards are attributed: a made-up or another profile's card id adds no card to the view.
    const other = await registerCard(t, owner);
    await visit(`/p/${profile.id}?src=nfc&card=${other.cardId}`);
    await visit(`/p/${profile.id}?src=nfc&card=madeUp123`);
    await t.app.features.stats.views.flush();
    const cardsOfViews = await t.app.db.selectFrom('visitCount').select('cardId').where('profileId', '=', profile.id).where('metric', '=', 'view').execute();
    expect(new Set(cardsOfViews.map((r) => r.cardId))).toEqual(new Set(['']));
    expect(today(s).views).toBe(6);
    expect(s.cards).toEqual([]);
  });

  it('does not count bots, requests without a user agent, or HEAD requests', async () => {
    const card = await registerCard(t, owner);
    const profile = await t.post('/find/own/profile/by-id', { profileId: card.cardProfileId }, owner);
    const { id, shortLinkId } = profile.body;
    for (const ua of [BOT_UA, '']) {
      await visit(`/p/${id}?src=nfc&card=${card.cardId}`, { ua });
      await visit(`/l/${shortLinkId}`, { ua });
      await visit(`/card/${card.cardId}?src=nfc`, { ua });
      await visit(`/download/generate-vcf-with-comment?profileId=${id}&src=nfc`, { ua });
    }
    for (const url of [`/p/${id}`, `/l/${shortLinkId}`, `/card/${card.cardId}?src=qr`, `/download/calendar?profileId=${id}&remindIn=1d`]) {
      expect((await visit(url, { method: 'HEAD' })).statusCode).toBeLessThan(400);
    }
    const s = await stats(id);
    expect(s.sources).toEqual(NONE);
    expect(today(s)).toEqual({ date: utcDay(Date.now()), views: 0, saves: 0, reminders: 0, contacts: 0, walletPasses: 0, clicks: 0 });
    expect(s.cards).toEqual([]);
  });

  it('issue 34: counts a wallet pass by the same rule (visits.record): GET /wallet/download/{cardId} and POST /wallet/google/save-url from a bot are no visit', async () => {
    const card = await registerCard(t, owner);
    const asBot = { ...owner.auth, 'user-agent': BOT_UA };
    expect((await t.app.inject({ method: 'GET', url: `/wallet/download/${card.cardId}`, headers: asBot })).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'HEAD', url: `/wallet/download/${card.cardId}`, headers: { ...owner.auth, 'user-agent': BROWSER_UA } })).statusCode,
    ).toBe(200);
    // Without Google's settings the save link answers 503, and counts nothing either way.
    await t.app.inject({ method: 'POST', url: '/wallet/google/save-url', headers: asBot, payload: { cardId: card.cardId } });
    expect(today(await stats(card.cardProfileId)).walletPasses).toBe(0);
    expect(
      (await t.app.inject({ method: 'GET', url: `/wallet/download/${card.cardId}`, headers: { ...owner.auth, 'user-agent': BROWSER_UA } })).statusCode,
    ).toBe(200);
    expect(today(await stats(card.cardProfileId)).walletPasses).toBe(1);
  });
});

describe('what visitors do, with the source the page carries', () => {
  it('renders the source into the page: the links’ pings, the downloads, the reminder and the contact form', async () => {
    const card = await registerCard(t, owner);
    const profileId = card.cardProfileId;
    const link = await createLink(t, owner, profileId, { type: 'website', link: 'https://example.org/x' });
    const html = (await visit(`/p/${profileId}?src=nfc&card=${card.cardId}`)).body;
    // Issue 22: the real destination in href, the click counted by the ping (or the script's beacon).
    expect(html).toContain(`href="https://example.org/x" ping="/go/${link.socialMediaLinkId}?p=${profileId}&amp;src=nfc"`);
    expect(html).not.toContain('href="/go/');
    expect(html).toContain('<input type="hidden" name="source" value="nfc"/>');
    expect(html).toContain('<input type="hidden" name="src" value="nfc"/>');
    expect(html).toMatch(/generate-vcf-with-comment\?profileId=[^"]*&amp;src=nfc"/);
    // A shared link's page says `link`; the card is never part of the page (one variant per source).
    const shared = (await visit(`/p/${profileId}`)).body;
    expect(shared).toContain('<input type="hidden" name="source" value="link"/>');
    expect(shared).not.toContain(card.cardId);
    const tree = (await visit(`/l/${(await t.post('/find/own/profile/by-id', { profileId }, owner)).body.shortLinkId}`)).body;
    expect(tree).toContain(
      `href="https://example.org/x" ping="/go/${link.socialMediaLinkId}?p=${profileId}&amp;src=linkinbio" target="_blank" rel="me noopener"`,
    );
    expect(tree).toMatch(/generate-vcf-with-comment\?profileId=[^"]*&amp;src=linkinbio"/);
  });

  it('counts saves, reminders, contact exchanges, wallet passes and clicks per day and link', async () => {
    const card = await registerCard(t, owner);
    const profileId = card.cardProfileId;
    const link = await createLink(t, owner, profileId, { name: 'Portfolio' });
    const other = await createLink(t, owner, profileId, { name: 'Blog' });
    expect((await visit(`/download/generate-vcf-with-comment?profileId=${profileId}&src=qr`)).statusCode).toBe(200);
    expect((await visit(`/download/generate-vcf-with-comment?profileId=${profileId}&src=nonsense`)).statusCode).toBe(200);
    expect((await visit(`/download/calendar?profileId=${profileId}&remindIn=1w&src=nfc`)).statusCode).toBe(200);
    const posted = await t.app.inject({
      method: 'POST',
      url: `/p/${profileId}/contact`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': BROWSER_UA },
      payload: `senderEmail=visitor%40example.com&language=en&source=wallet`,
    });
    expect(posted.statusCode, posted.body).toBe(204);
    // A refused exchange is not one.
    await t.app.inject({
      method: 'POST',
      url: `/p/${profileId}/contact`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: `senderEmail=a%40b&source=wallet`,
    });
    expect((await t.app.inject({ method: 'GET', url: `/wallet/download/${card.cardId}`, headers: owner.auth })).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) expect((await visit(`/go/${link.socialMediaLinkId}?p=${profileId}&src=qr`)).statusCode).toBe(302);
    expect((await visit(`/go/${other.socialMediaLinkId}?p=${profileId}`)).statusCode).toBe(302);

    const s = await stats(profileId);
    expect(today(s)).toEqual({ date: utcDay(Date.now()), views: 0, saves: 2, reminders: 1, contacts: 1, walletPasses: 1, clicks: 4 });
    expect(s.links).toEqual([
      { socialMediaLinkId: link.socialMediaLinkId, name: 'Portfolio', clicks: 3 },
      { socialMediaLinkId: other.socialMediaLinkId, name: 'Blog', clicks: 1 },
    ]);
    // Sources count views only.
    expect(s.sources).toEqual(NONE);
    const rows = await t.app.db.selectFrom('visitCount').select(['metric', 'source', 'cardId', 'linkId', 'count']).where('profileId', '=', profileId).execute();
    const bySource = Object.fromEntries(rows.map((r) => [`${r.metric}/${r.source}/${r.cardId}/${r.linkId}`, Number(r.count)]));
    expect(bySource).toEqual({
      'save/qr//': 1,
      'save/link//': 1,
      'reminder/nfc//': 1,
      'contact/wallet//': 1,
      [`walletPass/wallet/${card.cardId}/`]: 1,
      [`click/qr//${link.socialMediaLinkId}`]: 3,
      [`click/link//${other.socialMediaLinkId}`]: 1,
    });
  });
});

describe('exact under concurrency', () => {
  it('adds exactly 50 for 50 concurrent views and 50 concurrent clicks', async () => {
    const profile = await createProfile(t, owner);
    const link = await createLink(t, owner, profile.id);
    await Promise.all([
      ...Array.from({ length: 50 }, () => visit(`/p/${profile.id}?src=qr`)),
      ...Array.from({ length: 50 }, () => visit(`/go/${link.socialMediaLinkId}?p=${profile.id}&src=qr`)),
      // Flushes while the requests run: nothing may be lost or written twice.
      t.app.features.stats.views.flush(),
      t.app.features.stats.views.flush(),
    ]);
    const s = await stats(profile.id);
    expect(today(s).views).toBe(50);
    expect(today(s).clicks).toBe(50);
    expect(s.sources.qr).toBe(50);
  });

  it('adds exactly what two instances on one database count, also for the same keys at once', async () => {
    const other = await t.secondInstance();
    try {
      const profile = await createProfile(t, owner);
      const link = await createLink(t, owner, profile.id);
      const hits = (app: TestApp['app'], n: number) =>
        Promise.all(
          Array.from({ length: n }, (_, i) =>
            app.inject({
              method: 'GET',
              url: i % 2 ? `/p/${profile.id}?src=nfc` : `/go/${link.socialMediaLinkId}?p=${profile.id}&src=nfc`,
              headers: { 'user-agent': BROWSER_UA },
            }),
          ),
        );
      // On PostgreSQL both flush at once. On SQLite one after the other: both instances share
      // this test's process, and a writer waiting for the file's lock would block the other's commit.
      const flushBoth = () =>
        t.engine === 'postgres'
          ? Promise.all([t.app.features.stats.views.flush(), other.app.features.stats.views.flush()])
          : t.app.features.stats.views.flush().then(() => other.app.features.stats.views.flush());
      await Promise.all([hits(t.app, 120), hits(other.app, 80)]);
      // Twice over, so the second flush of each adds to rows the other already wrote.
      await flushBoth();
      await Promise.all([hits(t.app, 20), hits(other.app, 30)]);
      await flushBoth();
      const s = await stats(profile.id);
      expect(today(s).views).toBe(125);
      expect(today(s).clicks).toBe(125);
    } finally {
      await other.close();
    }
  });
});

describe('GET /find/own/stats', () => {
  it('answers every day of 7, 30 and 90 ending today (UTC), oldest first, zeros filled', async () => {
    const profile = await createProfile(t, owner);
    const dayMs = 24 * 60 * 60 * 1000;
    const ago = (n: number) => utcDay(Date.now() - n * dayMs);
    // Counts per UTC hour (migration 011); noon UTC of a day is that day for an owner without a zone (UTC).
    const noonOf = (n: number) => `${ago(n)}T12`;
    await t.app.db
      .insertInto('visitCount')
      .values([
        { profileId: profile.id, hour: noonOf(3), cardId: '', source: 'link', metric: 'view', linkId: '', count: 4 },
        { profileId: profile.id, hour: noonOf(20), cardId: '', source: 'qr', metric: 'view', linkId: '', count: 5 },
        { profileId: profile.id, hour: noonOf(80), cardId: '', source: 'nfc', metric: 'view', linkId: '', count: 6 },
        { profileId: profile.id, hour: noonOf(95), cardId: '', source: 'nfc', metric: 'view', linkId: '', count: 7 },
      ])
      .execute();
    for (const [days, total] of [
      [7, 4],
      [30, 9],
      [90, 15],
    ] as const) {
      const s = await stats(profile.id, days);
      expect(s.days).toHaveLength(days);
      expect(s.days[0]!.date).toBe(ago(days - 1));
      expect(s.days.at(-1)!.date).toBe(ago(0));
      expect(s.days.reduce((n, d) => n + d.views, 0)).toBe(total);
      expect(Object.values(s.sources).reduce((n, v) => n + v, 0)).toBe(total);
      expect(s.days.find((d) => d.date === ago(3))).toEqual({ date: ago(3), views: 4, saves: 0, reminders: 0, contacts: 0, walletPasses: 0, clicks: 0 });
    }
    expect((await stats(profile.id, 90)).sources).toEqual({ ...NONE, link: 4, qr: 5, nfc: 6 });
  });

  it("answers another owner's profile, a deleted one and an unknown id with 404 (D4)", async () => {
    const stranger = await t.signUp();
    const theirs = await createProfile(t, stranger);
    expectD4(await t.get(`/find/own/stats?profileId=${theirs.id}&days=7`, owner), 404, 'cmc/profile-not-found');
    expectD4(await t.get(`/find/own/stats?profileId=noSuchProfile&days=7`, owner), 404, 'cmc/profile-not-found');
    const mine = await createProfile(t, owner);
    expect((await t.post('/profile/delete', { profileId: mine.id }, owner)).status).toBe(200);
    expectD4(await t.get(`/find/own/stats?profileId=${mine.id}&days=7`, owner), 404, 'cmc/profile-not-found');
  });

  it('needs a signed-in owner', async () => {
    const profile = await createProfile(t, owner);
    expectD4(await t.get(`/find/own/stats?profileId=${profile.id}&days=7`), 401);
  });

  it('refuses bad input with a 400 naming the field', async () => {
    const profile = await createProfile(t, owner);
    for (const days of ['14', '0', '-7', 'abc', '7.5', '1e9']) {
      const body = expectD4(await t.get(`/find/own/stats?profileId=${profile.id}&days=${days}`, owner), 400, 'cmc/invalid-input');
      expect(body.field, days).toBe('days');
    }
    const body = expectD4(await t.get(`/find/own/stats?days=7`, owner), 400, 'cmc/invalid-input');
    expect(body.field).toBe('profileId');
    expect(expectD4(await t.get(`/find/own/stats?profileId=a%20b&days=7`, owner), 400).field).toBe('profileId');
  });

  it('is never cached', async () => {
    const profile = await createProfile(t, owner);
    expect((await t.get(`/find/own/stats?profileId=${profile.id}&days=30`, owner)).headers['cache-control']).toBe('no-store');
  });
});
