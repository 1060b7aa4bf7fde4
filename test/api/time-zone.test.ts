import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BROWSER_UA, createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 23: statistics and the leads CSV in the owner's time zone. The owner app sends the
 * browser's zone (POST /account/time-zone); visits are counted per UTC hour and grouped into
 * the owner's days when read; the CSV writes its times on the owner's clock.
 */

let t: TestApp;
let berlin: TestUser;
let utc: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [berlin, utc] = await quickOwners(t, 2);
  expect((await t.post('/account/time-zone', { timeZone: 'Europe/Berlin' }, berlin)).status).toBe(200);
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

/** Only `Date` runs on the test's clock: timers and I/O stay real. */
const setClock = (iso: string) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
};

async function days(user: TestUser, profileId: string) {
  await t.app.features.stats.views.flush();
  const res = await t.get(`/find/own/stats?profileId=${profileId}&days=7`, user);
  expect(res.status, res.raw).toBe(200);
  return (res.body as { days: Array<{ date: string; views: number; contacts: number }> }).days;
}

const userRow = (user: TestUser) => t.app.db.selectFrom('user').select('timeZone').where('id', '=', user.userId).executeTakeFirstOrThrow();

describe('POST /account/time-zone', () => {
  it("stores the browser's zone with the caller's account only, in its canonical spelling", async () => {
    const [me, other] = await quickOwners(t, 2);
    const res = await t.post('/account/time-zone', { timeZone: 'america/new_york' }, me);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ timeZone: 'America/New_York' });
    expect((await userRow(me)).timeZone).toBe('America/New_York');
    expect((await userRow(other)).timeZone).toBeNull();
    // The session the app reads carries it, so the app sends it again only when it changed.
    const session = await t.get('/api/auth/get-session', me);
    expect(session.body.user.timeZone).toBe('America/New_York');
  });

  it('refuses what is not a time zone with a 400 naming the field, and stores nothing', async () => {
    const [me] = await quickOwners(t, 1);
    for (const timeZone of ['Mars/Olympus', '', 'Europe/Berlin; drop table user', 'x'.repeat(65), 42, null]) {
      const body = expectD4(await t.post('/account/time-zone', { timeZone }, me), 400, 'cmc/invalid-input');
      expect(body.field, String(timeZone)).toBe('timeZone');
    }
    expect(expectD4(await t.post('/account/time-zone', {}, me), 400, 'cmc/invalid-input').field).toBe('timeZone');
    expect((await userRow(me)).timeZone).toBeNull();
  });

  it('needs a signed-in owner', async () => {
    expectD4(await t.post('/account/time-zone', { timeZone: 'Europe/Berlin' }), 401);
  });
});

describe("statistics in the owner's days", () => {
  it('counts a visit at 23:30 UTC on the next day for an owner in Europe/Berlin, on the same day for one in UTC', async () => {
    const mine = await createProfile(t, berlin);
    const theirs = await createProfile(t, utc);
    setClock('2026-11-25T23:30:00Z');
    for (const id of [mine.id, theirs.id]) {
      const res = await t.app.inject({ method: 'GET', url: `/p/${id}`, headers: { 'user-agent': BROWSER_UA } });
      expect(res.statusCode).toBe(200);
    }
    setClock('2026-11-25T23:45:00Z');
    const berlinDays = await days(berlin, mine.id);
    expect(berlinDays.at(-1)).toMatchObject({ date: '2026-11-26', views: 1 });
    expect(berlinDays.at(-2)).toMatchObject({ date: '2026-11-25', views: 0 });
    const utcDays = await days(utc, theirs.id);
    expect(utcDays.at(-1)).toMatchObject({ date: '2026-11-25', views: 1 });

    // The next day (Berlin's 26th until 23:00 UTC) still shows it on the 26th, and the 7 days end there.
    setClock('2026-11-26T22:30:00Z');
    const later = await days(berlin, mine.id);
    expect(later).toHaveLength(7);
    expect(later.at(-1)).toMatchObject({ date: '2026-11-26', views: 1 });
    expect(later[0]!.date).toBe('2026-11-20');
    // An hour later it is the 27th in Berlin.
    setClock('2026-11-26T23:10:00Z');
    expect((await days(berlin, mine.id)).at(-2)).toMatchObject({ date: '2026-11-26', views: 1 });
  });

  it('moves the days with the zone the owner sends: the same counts, regrouped', async () => {
    const [traveller] = await quickOwners(t, 1);
    const profile = await createProfile(t, traveller);
    await t.app.db
      .insertInto('visitCount')
      .values({ profileId: profile.id, hour: '2026-11-25T20', cardId: '', source: 'link', metric: 'view', linkId: '', count: 3 })
      .execute();
    setClock('2026-11-26T12:00:00Z');
    const zone = async () => (await t.get(`/find/own/stats?profileId=${profile.id}&days=7`, traveller)).body.timeZone;
    expect((await days(traveller, profile.id)).find((d) => d.views > 0)?.date).toBe('2026-11-25');
    // The answer names the zone its days are in, so the screen can say it.
    expect(await zone()).toBe('UTC');
    expect((await t.post('/account/time-zone', { timeZone: 'Asia/Tokyo' }, traveller)).status).toBe(200);
    expect((await days(traveller, profile.id)).find((d) => d.views > 0)?.date).toBe('2026-11-26');
    expect(await zone()).toBe('Asia/Tokyo');
  });
});

/** The cells of a CSV line without quotes (the header and simple rows of this suite). */
const cells = (line: string) => [...line.matchAll(/"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"'));

describe("GET /download/leads.csv in the owner's zone", () => {
  it("writes the times on the owner's clock and names the zone in the header", async () => {
    const mine = await createProfile(t, berlin);
    setClock('2026-11-25T23:30:00Z');
    const sent = await t.call({
      method: 'POST',
      url: '/send/contact',
      payload: { profileId: mine.id, senderEmail: 'night@example.net', language: 'de' },
      remoteAddress: '203.0.113.77',
    });
    expect(sent.status, sent.raw).toBe(200);
    vi.useRealTimers();
    const res = await t.call({ method: 'GET', url: `/download/leads.csv?profileId=${mine.id}&lng=de`, headers: berlin.auth });
    expect(res.status, res.raw).toBe(200);
    const [header, row] = res.raw.slice(1).split('\r\n').map(cells);
    expect(header![0]).toBe('Eingegangen (Europe/Berlin)');
    expect(header![12]).toBe('Einwilligung am (Europe/Berlin)');
    expect(row![0]).toBe('2026-11-26 00:30:00');
    expect(row![12]).toBe('2026-11-26 00:30:00');

    // The same lead for an owner in New York: the evening before.
    expect((await t.post('/account/time-zone', { timeZone: 'America/New_York' }, berlin)).status).toBe(200);
    const ny = await t.call({ method: 'GET', url: `/download/leads.csv?profileId=${mine.id}&lng=en`, headers: berlin.auth });
    const [nyHeader, nyRow] = ny.raw.slice(1).split('\r\n').map(cells);
    expect(nyHeader![0]).toBe('Received (America/New_York)');
    expect(nyRow![0]).toBe('2026-11-25 18:30:00');
    expect((await t.post('/account/time-zone', { timeZone: 'Europe/Berlin' }, berlin)).status).toBe(200);
  });
});
