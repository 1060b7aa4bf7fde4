import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkSchema, type Link } from '../../shared/schemas/link.schema.ts';
import { publicLinkSchema } from '../../shared/schemas/public-profile.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createLink, createProfile, expectD4, readOwnLinks, readOwnProfile } from '../support/factories.ts';

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
});
// A new owner per test: each stays within the profile-creation limit of an account (docs/security.md).
beforeEach(async () => {
  owner = await t.signUp();
});
afterAll(async () => t.close());

/** The sort values of a profile's links, and their link values in that order. */
async function order(profileId: string): Promise<{ sorts: number[]; links: string[] }> {
  const links = await readOwnLinks(t, owner, profileId);
  return { sorts: links.map((l) => l.sort), links: links.map((l) => l.link) };
}

const oneToN = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('POST /social-media-link/create', () => {
  it('answers socialMediaLinkId and every link field of SPEC 3', async () => {
    const p = await createProfile(t, owner);
    const before = Date.now();
    const res = await t.post(
      '/social-media-link/create',
      { profileId: p.id, type: 'linkedin', link: 'https://linkedin.com/in/erika', name: 'LinkedIn', sort: 1 },
      owner,
    );
    expect(res.status, res.raw).toBe(200);
    const l = res.body;
    expect(typeof l.socialMediaLinkId).toBe('string');
    expect(l.socialMediaLinkId).toBe(l.id);
    expect(linkSchema.safeParse(l).success).toBe(true);
    expect(l).toMatchObject({
      link: 'https://linkedin.com/in/erika',
      name: 'LinkedIn',
      type: 'linkedin',
      sort: 1,
      cardProfileId: p.id,
      userProfileId: owner.userId,
    });
    expect(l.created).toBeGreaterThanOrEqual(before);
    expect(l.createdIso).toBe(new Date(l.created).toISOString());
  });

  it('appends links without a sort at the end, numbering 1..n', async () => {
    const p = await createProfile(t, owner);
    for (const n of [1, 2, 3]) await createLink(t, owner, p.id, { link: `https://e.example/${n}` });
    expect(await order(p.id)).toEqual({ sorts: [1, 2, 3], links: ['https://e.example/1', 'https://e.example/2', 'https://e.example/3'] });
  });

  it('inserts at the given sort and renumbers the others', async () => {
    const p = await createProfile(t, owner);
    for (const n of [1, 2, 3]) await createLink(t, owner, p.id, { link: `https://e.example/${n}` });
    await createLink(t, owner, p.id, { link: 'https://e.example/first', sort: 1 });
    await createLink(t, owner, p.id, { link: 'https://e.example/third', sort: 3 });
    await createLink(t, owner, p.id, { link: 'https://e.example/far', sort: 99 });
    expect(await order(p.id)).toEqual({
      sorts: oneToN(6),
      links: [
        'https://e.example/first',
        'https://e.example/1',
        'https://e.example/third',
        'https://e.example/2',
        'https://e.example/3',
        'https://e.example/far',
      ],
    });
  });

  it('stores the type hard-link as hardLink (D12)', async () => {
    const p = await createProfile(t, owner);
    const l = await createLink(t, owner, p.id, { type: 'hard-link', link: 'https://hard.example' });
    expect(l.type).toBe('hardLink');
  });

  it('issue 23: turns a user name or @handle into the network’s address, on create, update and save alike', async () => {
    const p = await createProfile(t, owner);
    const created = await createLink(t, owner, p.id, { type: 'instagram', link: '@ada.lovelace' });
    expect(created.link).toBe('https://www.instagram.com/ada.lovelace');
    const updated = await t.post('/social-media-link/update', { socialMediaLinkId: created.socialMediaLinkId, type: 'github', link: 'octocat' }, owner);
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body.link).toBe('https://github.com/octocat');
    const saved = await t.post(
      '/profile/save',
      {
        profile: { id: p.id },
        links: [
          { type: 'tiktok', link: '@ada' },
          { type: 'website', link: 'ada' },
        ],
      },
      owner,
    );
    expect(saved.status, saved.raw).toBe(200);
    expect((await readOwnLinks(t, owner, p.id)).map((l) => l.link)).toEqual(['https://www.tiktok.com/@ada', 'ada']);
    // A blank value is still refused with the field named.
    const blank = await t.post('/social-media-link/create', { profileId: p.id, type: 'instagram', link: '  ' }, owner);
    expectD4(blank, 400);
    expect(blank.body.field).toBe('link');
  });

  it('issue 35: puts a network path on its host and refuses a network link that cannot be an address, naming the field', async () => {
    const p = await createProfile(t, owner);
    const created = await createLink(t, owner, p.id, { type: 'linkedin', link: 'company/acme' });
    expect(created.link).toBe('https://www.linkedin.com/company/acme');
    expect(expectD4(await t.post('/social-media-link/create', { profileId: p.id, type: 'linkedin', link: 'https://company/acme' }, owner), 400).field).toBe(
      'link',
    );
    // A new value without a type is read as the stored type's.
    const update = (link: string) => t.post('/social-media-link/update', { socialMediaLinkId: created.socialMediaLinkId, link }, owner);
    expect(expectD4(await update('two words'), 400, 'cmc/invalid-input').field).toBe('link');
    expect((await update('in/ada')).body.link).toBe('https://www.linkedin.com/in/ada');
    const save = await t.post(
      '/profile/save',
      {
        profile: { id: p.id },
        links: [
          { type: 'website', link: 'x.example' },
          { type: 'tiktok', link: 'javascript:alert(1)' },
        ],
      },
      owner,
    );
    expect(expectD4(save, 400).field).toBe('links.1.link');
    expect((await readOwnLinks(t, owner, p.id)).map((l) => l.link)).toEqual(['https://www.linkedin.com/in/ada']);
  });

  it('ignores server-managed fields of the body', async () => {
    const p = await createProfile(t, owner);
    const res = await t.post(
      '/social-media-link/create',
      { profileId: p.id, type: 'website', link: 'https://x.example', name: 'X', userProfileId: 'forged', created: 1, id: 'forgedLinkId1' },
      owner,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.userProfileId).toBe(owner.userId);
    expect(res.body.id).not.toBe('forgedLinkId1');
    expect(res.body.created).toBeGreaterThan(1);
  });

  it('refuses an empty link with 400 naming link', async () => {
    const p = await createProfile(t, owner);
    const body = expectD4(await t.post('/social-media-link/create', { profileId: p.id, type: 'website', link: '   ', name: '' }, owner), 400);
    expect(body.field).toBe('link');
    expect(await readOwnLinks(t, owner, p.id)).toEqual([]);
  });

  it('refuses an unknown type with 400 naming type', async () => {
    const p = await createProfile(t, owner);
    const body = expectD4(await t.post('/social-media-link/create', { profileId: p.id, type: 'myspace', link: 'https://myspace.com/x' }, owner), 400);
    expect(body.field).toBe('type');
  });

  it('refuses a sort of 0 with 400 naming sort (sort is 1-based)', async () => {
    const p = await createProfile(t, owner);
    const body = expectD4(await t.post('/social-media-link/create', { profileId: p.id, type: 'website', link: 'https://x.example', sort: 0 }, owner), 400);
    expect(body.field).toBe('sort');
  });

  it('answers 404 cmc/profile-not-found for an unknown profile', async () => {
    expectD4(
      await t.post('/social-media-link/create', { profileId: 'noSuchProfile', type: 'website', link: 'https://x.example' }, owner),
      404,
      'cmc/profile-not-found',
    );
  });

  it('shows the new link on the profile and touches its updated time', async () => {
    const p = await createProfile(t, owner);
    await new Promise((r) => setTimeout(r, 5));
    const l = await createLink(t, owner, p.id);
    const back = await readOwnProfile(t, owner, p.id);
    expect(back.socialMediaLinks.map((x) => x.id)).toEqual([l.id]);
    expect(back.updated).toBeGreaterThan(p.updated);
  });
});

describe('POST /social-media-link/update', () => {
  it('changes link, name and type and answers the link', async () => {
    const p = await createProfile(t, owner);
    const l = await createLink(t, owner, p.id, { type: 'website', link: 'https://old.example', name: 'Old' });
    const res = await t.post(
      '/social-media-link/update',
      { socialMediaLinkId: l.id, type: 'github', link: 'https://github.com/erika', name: 'GitHub', sort: 1 },
      owner,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ id: l.id, socialMediaLinkId: l.id, type: 'github', link: 'https://github.com/erika', name: 'GitHub', sort: 1 });
    const back = await t.post('/find/own/social-media-link/by-id', { socialMediaLinkId: l.id }, owner);
    expect(back.body).toMatchObject({ type: 'github', link: 'https://github.com/erika', name: 'GitHub' });
  });

  it('keeps fields that are not sent', async () => {
    const p = await createProfile(t, owner);
    const l = await createLink(t, owner, p.id, { type: 'xing', link: 'https://xing.com/x', name: 'Xing' });
    const res = await t.post('/social-media-link/update', { socialMediaLinkId: l.id, name: 'XING' }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ type: 'xing', link: 'https://xing.com/x', name: 'XING', sort: 1 });
  });

  it('moves a link to a new sort and renumbers 1..n', async () => {
    const p = await createProfile(t, owner);
    const links: Link[] = [];
    for (const n of [1, 2, 3, 4]) links.push(await createLink(t, owner, p.id, { link: `https://m.example/${n}` }));
    await t.post('/social-media-link/update', { socialMediaLinkId: links[3].id, sort: 1 }, owner);
    expect(await order(p.id)).toEqual({
      sorts: [1, 2, 3, 4],
      links: ['https://m.example/4', 'https://m.example/1', 'https://m.example/2', 'https://m.example/3'],
    });
    await t.post('/social-media-link/update', { socialMediaLinkId: links[3].id, sort: 3 }, owner);
    expect(await order(p.id)).toEqual({
      sorts: [1, 2, 3, 4],
      links: ['https://m.example/1', 'https://m.example/2', 'https://m.example/4', 'https://m.example/3'],
    });
  });

  it('does not move a link to another profile through a profileId in the body', async () => {
    const a = await createProfile(t, owner);
    const b = await createProfile(t, owner);
    const l = await createLink(t, owner, a.id);
    const res = await t.post(
      '/social-media-link/update',
      { socialMediaLinkId: l.id, profileId: b.id, cardProfileId: b.id, userProfileId: 'forged', name: 'Renamed' },
      owner,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ cardProfileId: a.id, userProfileId: owner.userId, name: 'Renamed' });
    expect((await readOwnLinks(t, owner, b.id)).length).toBe(0);
  });

  it('refuses an empty link with 400 naming link and keeps the old value', async () => {
    const p = await createProfile(t, owner);
    const l = await createLink(t, owner, p.id, { link: 'https://keep.example' });
    const body = expectD4(await t.post('/social-media-link/update', { socialMediaLinkId: l.id, link: '' }, owner), 400);
    expect(body.field).toBe('link');
    expect((await readOwnLinks(t, owner, p.id))[0].link).toBe('https://keep.example');
  });

  it('answers 404 cmc/link-not-found for an unknown link', async () => {
    expectD4(await t.post('/social-media-link/update', { socialMediaLinkId: 'noSuchLink1', name: 'x' }, owner), 404, 'cmc/link-not-found');
  });

  it('ends with exactly the order a client saves when it saves every link with its new position 1..n (SPEC 4)', async () => {
    const p = await createProfile(t, owner);
    const links: Link[] = [];
    for (const n of [0, 1, 2, 3, 4]) links.push(await createLink(t, owner, p.id, { link: `https://r.example/${n}` }));
    await fc.assert(
      fc.asyncProperty(fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }), async (permutation) => {
        for (const [index, which] of permutation.entries()) {
          const res = await t.post('/social-media-link/update', { socialMediaLinkId: links[which].id, sort: index + 1 }, owner);
          expect(res.status, res.raw).toBe(200);
        }
        expect(await order(p.id)).toEqual({ sorts: oneToN(5), links: permutation.map((n) => `https://r.example/${n}`) });
      }),
      { numRuns: 12 },
    );
  });
});

describe('POST /social-media-link/remove', () => {
  it('removes the link and renumbers the rest 1..n', async () => {
    const p = await createProfile(t, owner);
    const links: Link[] = [];
    for (const n of [1, 2, 3, 4]) links.push(await createLink(t, owner, p.id, { link: `https://d.example/${n}` }));
    const res = await t.post('/social-media-link/remove', { socialMediaLinkId: links[1].id }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ socialMediaLinkId: links[1].id, removed: true });
    expect(await order(p.id)).toEqual({ sorts: [1, 2, 3], links: ['https://d.example/1', 'https://d.example/3', 'https://d.example/4'] });
    expectD4(await t.post('/find/own/social-media-link/by-id', { socialMediaLinkId: links[1].id }, owner), 404, 'cmc/link-not-found');
    expectD4(await t.post('/social-media-link/remove', { socialMediaLinkId: links[1].id }, owner), 404, 'cmc/link-not-found');
  });
});

describe('link reads', () => {
  it('POST /find/own/social-media-link/by-id answers the link', async () => {
    const p = await createProfile(t, owner);
    const l = await createLink(t, owner, p.id, { type: 'tiktok', link: 'https://tiktok.com/@e' });
    const res = await t.post('/find/own/social-media-link/by-id', { socialMediaLinkId: l.id }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual(l);
  });

  it('POST /find/own/social-media-links/by-profile-id answers the profile links in sort order', async () => {
    const p = await createProfile(t, owner);
    const b = await createLink(t, owner, p.id, { link: 'https://b.example' });
    const a = await createLink(t, owner, p.id, { link: 'https://a.example', sort: 1 });
    const res = await t.post('/find/own/social-media-links/by-profile-id', { profileId: p.id }, owner);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.map((l: { id: string }) => l.id)).toEqual([a.id, b.id]);
  });

  it('POST /social-media-links/show answers the links of a public profile without a token', async () => {
    const p = await createProfile(t, owner);
    const l1 = await createLink(t, owner, p.id, { type: 'instagram', link: 'https://instagram.com/e' });
    const l2 = await createLink(t, owner, p.id, { type: 'website', link: 'https://e.example' });
    const res = await t.post('/social-media-links/show', { profileId: p.id });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.map((l: { id: string; sort: number }) => [l.id, l.sort])).toEqual([
      [l1.id, 1],
      [l2.id, 2],
    ]);
    for (const l of res.body) expect(publicLinkSchema.strict().safeParse(l).success).toBe(true);
  });

  it('POST /social-media-links/show answers 404 cmc/profile-not-found for an unknown profile', async () => {
    expectD4(await t.post('/social-media-links/show', { profileId: 'noSuchProfile' }), 404, 'cmc/profile-not-found');
  });

  it('keeps the links of one profile apart from another profile', async () => {
    const a = await createProfile(t, owner);
    const b = await createProfile(t, owner);
    await createLink(t, owner, a.id);
    await createLink(t, owner, a.id);
    await createLink(t, owner, b.id, { sort: 1 });
    expect((await order(a.id)).sorts).toEqual([1, 2]);
    expect((await order(b.id)).sorts).toEqual([1]);
  });
});
