import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BOT_UA, BROWSER_UA, createProfile, quickOwners, readOwnLinks, readOwnProfile, registerCard } from '../support/factories.ts';

/** Rules that must hold when requests race: D6 card registration, D10 views, D5 limits, link sort. */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

const show = (profileId: string, userAgent?: string) =>
  t.call({ method: 'POST', url: '/profile/show', payload: { profileId }, headers: userAgent ? { 'user-agent': userAgent } : {} });

/** The view count as stored in the database, after every pending view was written. */
async function storedViews(profileId: string): Promise<number> {
  await t.app.features.stats.views.flush();
  const row = await t.app.db.selectFrom('profile').select('profileViews').where('id', '=', profileId).executeTakeFirstOrThrow();
  return Number(row.profileViews);
}

describe('card registration race (D6)', () => {
  it('50 concurrent registrations of one card give exactly one success', async () => {
    const users = await quickOwners(t, 50);
    const [cardId] = await t.mintCards('rainbow', 1);
    const results = await Promise.all(users.map((u) => t.post('/card/register', { cardId, firebaseUserEmail: u.email }, u)));

    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.status === 409)) expect(r.body).toMatchObject({ status: 409, code: 'cmc/card-already-registered' });

    const winner = results.find((r) => r.status === 200)!;
    const profiles = await t.app.db
      .selectFrom('profile')
      .select(['id'])
      .where(
        'userId',
        'in',
        users.map((u) => u.userId),
      )
      .execute();
    // One profile for the one winner, none left behind by the 49 who lost.
    expect(profiles.map((p) => p.id)).toEqual([winner.body.cardProfileId]);
    expect((await t.post('/card/show', { cardId })).body.profile.id).toBe(winner.body.cardProfileId);
  });

  it('the same user registering one card 10 times at once gets one success and one profile', async () => {
    const user = await t.signUp();
    const [cardId] = await t.mintCards('firstEditionCoin', 1);
    const results = await Promise.all(Array.from({ length: 10 }, () => t.post('/card/register', { cardId }, user)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(9);
    expect(Object.keys((await t.get('/find/own/profiles/active', user)).body)).toHaveLength(1);
  });
});

describe('profile views (D10)', () => {
  it('1,000 concurrent POST /profile/show calls add exactly 1,000 views', async () => {
    const p = await createProfile(t, owner);
    const results = await Promise.all(Array.from({ length: 1000 }, () => show(p.id, BROWSER_UA)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    expect((await readOwnProfile(t, owner, p.id)).profileViews).toBe(1000);
    expect(await storedViews(p.id)).toBe(1000);
    expect((await readOwnProfile(t, owner, p.id)).profileViews).toBe(1000);
  });

  it('does not count crawlers, link previews or command-line clients', async () => {
    const p = await createProfile(t, owner);
    await Promise.all(Array.from({ length: 20 }, () => show(p.id, BOT_UA)));
    await Promise.all(Array.from({ length: 5 }, () => show(p.id, 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)')));
    await Promise.all(Array.from({ length: 5 }, () => show(p.id, 'curl/8.5.0')));
    expect((await show(p.id, BOT_UA)).status).toBe(200);
    expect(await storedViews(p.id)).toBe(0);
    await show(p.id, BROWSER_UA);
    expect(await storedViews(p.id)).toBe(1);
  });

  it("counts public views at once, including the one being answered, and no bot's (the count is the owner's)", async () => {
    const p = await createProfile(t, owner);
    await show(p.id, BROWSER_UA);
    await show(p.id, BROWSER_UA);
    await show(p.id, BOT_UA);
    expect((await t.post('/find/own/profile/by-id', { profileId: p.id }, owner)).body.profileViews).toBe(2);
  });

  it('200 concurrent card scans add exactly 200 card views', async () => {
    const card = await registerCard(t, owner);
    const results = await Promise.all(
      Array.from({ length: 200 }, () => t.call({ method: 'GET', url: `/card/${card.cardId}`, headers: { 'user-agent': BROWSER_UA, accept: 'text/html' } })),
    );
    expect(results.every((r) => r.status < 400)).toBe(true);
    await t.app.features.stats.views.flush();
    expect((await t.post('/find/own/card/by-id', { cardId: card.cardId }, owner)).body.cardViews).toBe(200);
  });
});

describe('contact exchange limit under concurrency (D5)', () => {
  it('10 concurrent requests from one address store only as many leads as the limit allows', async () => {
    const p = await createProfile(t, owner);
    const sequential = await createProfile(t, owner);
    // The limit as the sequential case shows it.
    let limit = 0;
    while ((await t.post('/send/contact', { profileId: sequential.id, senderEmail: 'same@example.net', language: 'en' })).status === 200) limit++;

    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.post('/send/contact', { profileId: p.id, senderEmail: 'racer@example.net', language: 'en' })),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(limit);
    expect(results.filter((r) => r.status === 429)).toHaveLength(10 - limit);
    const leads = await t.app.db.selectFrom('lead').select('id').where('profileId', '=', p.id).execute();
    expect(leads).toHaveLength(limit);
  });
});

describe('link sort under concurrency (SPEC 4)', () => {
  it('20 concurrent link creations on one profile end with sort 1..20', async () => {
    const p = await createProfile(t, owner);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.post('/social-media-link/create', { profileId: p.id, type: 'website', link: `https://c.example/${i}`, name: '' }, owner),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    const links = await readOwnLinks(t, owner, p.id);
    expect(links.map((l) => l.sort)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('concurrent moves leave every link with its own sort 1..n', async () => {
    const p = await createProfile(t, owner);
    const created = [];
    for (let i = 0; i < 10; i++) {
      created.push((await t.post('/social-media-link/create', { profileId: p.id, type: 'website', link: `https://m.example/${i}` }, owner)).body);
    }
    const results = await Promise.all(created.map((l, i) => t.post('/social-media-link/update', { socialMediaLinkId: l.id, sort: 10 - i }, owner)));
    expect(results.every((r) => r.status === 200)).toBe(true);
    const links = await readOwnLinks(t, owner, p.id);
    expect(links.map((l) => l.sort)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(new Set(links.map((l) => l.id)).size).toBe(10);
  });

  it('concurrent removals leave the remaining links numbered 1..n', async () => {
    const p = await createProfile(t, owner);
    const created = [];
    for (let i = 0; i < 10; i++) {
      created.push((await t.post('/social-media-link/create', { profileId: p.id, type: 'website', link: `https://d.example/${i}` }, owner)).body);
    }
    await Promise.all(created.filter((_, i) => i % 2 === 0).map((l) => t.post('/social-media-link/remove', { socialMediaLinkId: l.id }, owner)));
    const links = await readOwnLinks(t, owner, p.id);
    expect(links.map((l) => l.sort)).toEqual([1, 2, 3, 4, 5]);
    expect(links.map((l) => l.link)).toEqual([1, 3, 5, 7, 9].map((i) => `https://d.example/${i}`));
  });
});
