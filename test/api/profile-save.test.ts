import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { profileSchema, type Profile } from '../../shared/schemas/profile.schema.ts';
import { createProfileRepository } from '../../server/features/profiles/profile.repository.ts';
import { PROFILE_CREATION_RULE, PROFILE_LIMITS } from '../../server/features/profiles/profile.service.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, createLink, createProfile, expectD4, readOwnLinks, readOwnProfile } from '../support/factories.ts';

/**
 * POST /profile/save (issue 11): the editor's one save of a profile with its ordered links, in
 * one transaction. Either everything is written, or nothing is: the profile, its links, and
 * its `updated` stamp stay exactly as they were.
 */

let t: TestApp;
let owner: TestUser;
let other: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.signUp();
});
// A new owner per test: each stays within the profile-creation limit of an account (docs/security.md).
beforeEach(async () => {
  owner = await t.signUp();
});
afterAll(async () => t.close());

const save = (body: unknown, user: TestUser | undefined = owner) => t.post('/profile/save', body, user);

/** What the owner's profile looks like in the database, for before/after comparisons. */
async function snapshot(profileId: string, user: TestUser = owner) {
  const profile = await readOwnProfile(t, user, profileId);
  const links = await readOwnLinks(t, user, profileId);
  const stamp = await t.app.db.selectFrom('profile').select('updated').where('id', '=', profileId).executeTakeFirstOrThrow();
  return { profile, links, stamp: Number(stamp.updated) };
}

/** A profile with three links a, b, c (sort 1..3). */
async function profileWithLinks(user: TestUser = owner): Promise<Profile> {
  const p = await createProfile(t, user, { firstName: 'Before' });
  for (const n of ['a', 'b', 'c']) await createLink(t, user, p.id, { type: 'website', link: `https://${n}.example`, name: `Link ${n}` });
  return readOwnProfile(t, user, p.id);
}

const linkBody = (p: Profile) => p.socialMediaLinks.map((l) => ({ socialMediaLinkId: l.socialMediaLinkId, type: l.type, link: l.link, name: l.name }));

/** The public page as a visitor's phone gets it (HTML, no compression). */
async function page(path: string) {
  const res = await t.call({ method: 'GET', url: path, headers: { 'user-agent': BROWSER_UA, 'accept-encoding': 'identity', accept: 'text/html' } });
  return { status: res.status, html: res.raw };
}
const show = async (profileId: string) => (await t.post('/profile/show', { profileId })).body;

describe('POST /profile/save', () => {
  it('creates a profile with its links in order, sort 1..n', async () => {
    const res = await save({
      profile: { profileName: 'Work', firstName: 'Änne', lastName: 'Köhler' },
      links: [
        { type: 'website', link: 'https://one.example', name: 'One' },
        { type: 'hard-link', link: 'https://two.example' },
        { type: 'instagram', link: 'https://instagram.com/aenne', name: 'Insta' },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(profileSchema.safeParse(res.body).success).toBe(true);
    expect(res.body).toMatchObject({ profileName: 'Work', firstName: 'Änne', lastName: 'Köhler', userProfileId: owner.userId });
    expect(res.body.socialMediaLinks.map((l: { type: string; link: string; name: string; sort: number }) => [l.type, l.link, l.name, l.sort])).toEqual([
      ['website', 'https://one.example', 'One', 1],
      ['hardLink', 'https://two.example', '', 2],
      ['instagram', 'https://instagram.com/aenne', 'Insta', 3],
    ]);
    const stored = await snapshot(res.body.id);
    expect(stored.links.map((l) => l.link)).toEqual(['https://one.example', 'https://two.example', 'https://instagram.com/aenne']);
    expect(stored.profile.shortLinkId).toMatch(/^[A-Za-z0-9]+$/);
  });

  it('creates a profile without links', async () => {
    const res = await save({ profile: { profileName: 'Bare' }, links: [] });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.socialMediaLinks).toEqual([]);
  });

  it('updates the profile and makes its links exactly the list: reordered, added, changed, removed', async () => {
    const p = await profileWithLinks();
    const [a, b, c] = linkBody(p);
    const res = await save({
      // The whole profile object may come back, server-managed fields included (D8): they are ignored.
      profile: { ...p, firstName: 'After', profileViews: 999, shortLinkId: 'hijack' },
      links: [{ ...c, name: 'Link c renamed' }, { type: 'github', link: 'https://github.com/new', name: 'New' }, a],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.firstName).toBe('After');
    expect(res.body.profileViews).toBe(0);
    expect(res.body.shortLinkId).toBe(p.shortLinkId);
    const links = await readOwnLinks(t, owner, p.id);
    expect(links.map((l) => [l.link, l.name, l.sort])).toEqual([
      ['https://c.example', 'Link c renamed', 1],
      ['https://github.com/new', 'New', 2],
      ['https://a.example', 'Link a', 3],
    ]);
    expect(links[0].id).toBe(c.socialMediaLinkId);
    expect(links[2].id).toBe(a.socialMediaLinkId);
    expect(links.some((l) => l.id === b.socialMediaLinkId)).toBe(false);
    expect(res.body.socialMediaLinks).toEqual(links);
  });

  it('removes every link when the list is empty', async () => {
    const p = await profileWithLinks();
    expect((await save({ profile: { id: p.id }, links: [] })).status).toBe(200);
    expect(await readOwnLinks(t, owner, p.id)).toEqual([]);
    expect((await readOwnProfile(t, owner, p.id)).firstName).toBe('Before');
  });

  it('answers 401 without a token', async () => {
    expectD4(await t.post('/profile/save', { profile: {}, links: [] }), 401);
  });

  it("answers 404 for another owner's profile, and changes nothing", async () => {
    const theirs = await profileWithLinks(other);
    const before = await snapshot(theirs.id, other);
    expectD4(await save({ profile: { id: theirs.id, firstName: 'Hacked' }, links: [] }), 404, 'cmc/profile-not-found');
    expect(await snapshot(theirs.id, other)).toEqual(before);
  });

  it("answers 404 for another owner's link id, and writes nothing of the save", async () => {
    const mine = await profileWithLinks();
    const theirs = await profileWithLinks(other);
    const [mineBefore, theirsBefore] = [await snapshot(mine.id), await snapshot(theirs.id, other)];
    const res = await save({
      profile: { id: mine.id, firstName: 'Changed' },
      links: [...linkBody(mine).reverse(), linkBody(theirs)[0]],
    });
    expectD4(res, 404, 'cmc/link-not-found');
    expect(await snapshot(mine.id)).toEqual(mineBefore);
    expect(await snapshot(theirs.id, other)).toEqual(theirsBefore);
  });

  it("answers 404 for a link id of the owner's other profile, and writes nothing", async () => {
    const first = await profileWithLinks();
    const second = await profileWithLinks();
    const before = [await snapshot(first.id), await snapshot(second.id)];
    const res = await save({ profile: { id: first.id, firstName: 'Changed' }, links: [linkBody(second)[1]] });
    expectD4(res, 404, 'cmc/link-not-found');
    expect([await snapshot(first.id), await snapshot(second.id)]).toEqual(before);
  });

  it('answers 404 for a new profile that lists a saved link id, and creates nothing', async () => {
    const mine = await profileWithLinks();
    const res = await save({ profile: { profileName: 'Copy' }, links: [linkBody(mine)[0]] });
    expectD4(res, 404, 'cmc/link-not-found');
    expect(Object.keys((await t.get('/find/own/profiles/active', owner)).body)).toEqual([mine.id]);
  });

  it.each([
    ['links', { profile: {} }],
    ['profile', { links: [] }],
    [
      'links.2.type',
      {
        profile: {},
        links: [
          { type: 'website', link: 'https://a' },
          { type: 'github', link: 'https://github.com/b' },
          { type: 'myspace', link: 'https://c' },
        ],
      },
    ],
    ['links.0.link', { profile: {}, links: [{ type: 'website', link: '   ' }] }],
    [
      'links.1.socialMediaLinkId',
      {
        profile: {},
        links: [
          { type: 'website', link: 'x' },
          { socialMediaLinkId: 'no/such', type: 'website', link: 'y' },
        ],
      },
    ],
    ['profile.firstName', { profile: { firstName: 'x'.repeat(201) }, links: [] }],
    ['profile.id', { profile: { id: '../etc' }, links: [] }],
    ['links', { profile: {}, links: Array.from({ length: 201 }, () => ({ type: 'website', link: 'https://x.example' })) }],
  ])('answers 400 naming %s for a bad body, never 500', async (field, body) => {
    const res = await save(body);
    expect(expectD4(res, 400, 'cmc/invalid-input').field).toBe(field);
  });

  it('answers 400 for a link listed twice', async () => {
    const p = await profileWithLinks();
    const [a] = linkBody(p);
    const res = await save({ profile: { id: p.id }, links: [a, a] });
    expect(expectD4(res, 400, 'cmc/invalid-input').field).toBe('links.1.socialMediaLinkId');
  });

  it('writes nothing when the third link is invalid', async () => {
    const p = await profileWithLinks();
    const before = await snapshot(p.id);
    const [a, b] = linkBody(p);
    const res = await save({ profile: { id: p.id, firstName: 'Half' }, links: [b, a, { type: 'nope', link: 'https://x.example' }] });
    expect(expectD4(res, 400).field).toBe('links.2.type');
    expect(await snapshot(p.id)).toEqual(before);
  });

  it('leaves profile, links and stamp exactly as before when the database fails midway (all or nothing)', async () => {
    const p = await profileWithLinks();
    await warm(p.id);
    const before = await snapshot(p.id);
    const [a, b, c] = linkBody(p);
    await failLinkWritesNamed('boom');
    try {
      // The profile update, the removal of b, the move of c and the new link are written before the failing one.
      const res = await save({
        profile: { ...p, firstName: 'Half written' },
        links: [c, { type: 'github', link: 'https://github.com/x', name: 'fine' }, a, { type: 'website', link: 'https://boom.example', name: 'boom' }],
      });
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ status: 500, code: expect.any(String) });
      expect(await snapshot(p.id)).toEqual(before);
      expect(before.links.map((l) => l.id)).toContain(b.socialMediaLinkId);
      expect((await page(`/p/${p.id}`)).html).not.toContain('Half written');
      expect((await show(p.id)).profile.firstName).toBe('Before');

      // Creation fails the same way: no profile is left behind.
      const ids = Object.keys((await t.get('/find/own/profiles/active', owner)).body);
      const created = await save({ profile: { profileName: 'Never' }, links: [{ type: 'website', link: 'https://boom.example', name: 'boom' }] });
      expect(created.status).toBe(500);
      expect(Object.keys((await t.get('/find/own/profiles/active', owner)).body)).toEqual(ids);
    } finally {
      await dropFailingTrigger();
    }
  });

  it('shows at once on the public page and /profile/show (caches follow the save)', async () => {
    const p = await profileWithLinks();
    await warm(p.id);
    const [a, , c] = linkBody(p);
    const res = await save({ profile: { ...p, firstName: 'Afterwards' }, links: [{ ...c, name: 'Shiny first' }, a] });
    expect(res.status, res.raw).toBe(200);
    const html = (await page(`/p/${p.id}`)).html;
    expect(html).toContain('Afterwards');
    expect(html.indexOf('Shiny first')).toBeGreaterThan(-1);
    expect(html.indexOf('Shiny first')).toBeLessThan(html.indexOf('Link a'));
    expect(html).not.toContain('Link b');
    const shown = (await show(p.id)).profile;
    expect(shown.firstName).toBe('Afterwards');
    expect(shown.socialMediaLinks.map((l: { name: string }) => l.name)).toEqual(['Shiny first', 'Link a']);
    // The owner's cached JSON follows too.
    expect((await readOwnProfile(t, owner, p.id)).socialMediaLinks.map((l) => l.name)).toEqual(['Shiny first', 'Link a']);
  });

  it(`keeps the creation limits of /profile/create: at most ${PROFILE_LIMITS.maxLive} profiles, nothing written past it`, async () => {
    const profiles = createProfileRepository(t.app.db);
    for (let i = 0; i < PROFILE_LIMITS.maxLive; i++) {
      await profiles.change([], (change) =>
        t.app.features.profiles.profiles.insertProfile({ userId: owner.userId } as never, { profileName: `Earlier ${i}` }, change),
      );
    }
    const links = await t.app.db.selectFrom('link').select('id').where('userId', '=', owner.userId).execute();
    const refused = await save({ profile: { profileName: 'One too many' }, links: [{ type: 'website', link: 'https://x.example' }] });
    expectD4(refused, 409, 'cmc/profile-limit-reached');
    expect(Object.keys((await t.get('/find/own/profiles/active', owner)).body)).toHaveLength(PROFILE_LIMITS.maxLive);
    expect(await t.app.db.selectFrom('link').select('id').where('userId', '=', owner.userId).execute()).toEqual(links);
  });

  it(`counts creations against the hourly limit of /profile/create (${PROFILE_CREATION_RULE.max})`, async () => {
    for (let i = 0; i < PROFILE_CREATION_RULE.max; i++) expect((await save({ profile: { profileName: `P${i}` }, links: [] })).status).toBe(200);
    expectD4(await save({ profile: { profileName: 'Late' }, links: [] }), 429, 'cmc/rate-limited');
    expectD4(await t.post('/profile/create', { profileName: 'Late too' }, owner), 429, 'cmc/rate-limited');
    // Updates are not creations.
    const [first] = Object.keys((await t.get('/find/own/profiles/active', owner)).body);
    expect((await save({ profile: { id: first, firstName: 'Still fine' }, links: [] })).status).toBe(200);
  });

  it('is listed in the OpenAPI document', async () => {
    const doc = (await t.get('/docs/json')).body;
    expect(doc.paths['/profile/save']?.post).toBeDefined();
  });
});

/** Reads the page, the public JSON and the owner's JSON so all are cached before the write. */
async function warm(profileId: string) {
  expect((await page(`/p/${profileId}`)).status).toBe(200);
  expect((await t.post('/profile/show', { profileId })).status).toBe(200);
  await readOwnProfile(t, owner, profileId);
}

/** A forced database error: a trigger refuses any link write with this name, midway through a save. */
async function failLinkWritesNamed(name: string) {
  const db = t.app.db;
  if (t.engine === 'sqlite') {
    for (const event of ['insert', 'update'])
      await sql
        .raw(`create trigger fail_link_${event} before ${event} on link when new.name = '${name}' begin select raise(abort, 'forced failure'); end`)
        .execute(db);
  } else {
    await sql
      .raw(
        `create function fail_link() returns trigger language plpgsql as $$ begin if new.name = '${name}' then raise exception 'forced failure'; end if; return new; end $$`,
      )
      .execute(db);
    await sql.raw('create trigger fail_link before insert or update on link for each row execute function fail_link()').execute(db);
  }
}

async function dropFailingTrigger() {
  const db = t.app.db;
  if (t.engine === 'sqlite') {
    await sql.raw('drop trigger fail_link_insert').execute(db);
    await sql.raw('drop trigger fail_link_update').execute(db);
  } else {
    await sql.raw('drop trigger fail_link on link').execute(db);
    await sql.raw('drop function fail_link()').execute(db);
  }
}
