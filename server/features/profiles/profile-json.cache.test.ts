import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import type { PublicProfile } from '../../../shared/schemas/public-profile.schema.ts';
import { createProfileJsonCache } from './profile-json.cache.ts';

const profile = { id: 'p1', firstName: 'Jürgen', profileViews: 0, userProfileId: 'u1', socialMediaLinks: [] } as unknown as Profile;
const publicProfile = { id: 'p1', firstName: 'Jürgen', socialMediaLinks: [] } as unknown as PublicProfile;

describe('createProfileJsonCache', () => {
  it("splices the current view count into the owner's cached JSON", async () => {
    const cache = createProfileJsonCache();
    expect(JSON.parse((await cache.json('p1', 1, 7, async () => profile)).toString())).toEqual({ ...profile, profileViews: 7 });
  });

  it('builds once per updated stamp and again after a change', async () => {
    const cache = createProfileJsonCache();
    let builds = 0;
    const build = async () => ({ ...profile, firstName: `v${++builds}` }) as Profile;
    await cache.json('p1', 1, 0, build);
    const same = JSON.parse((await cache.json('p1', 1, 1, build)).toString());
    const changed = JSON.parse((await cache.json('p1', 2, 1, build)).toString());
    expect([same.firstName, changed.firstName, builds]).toEqual(['v1', 'v2', 2]);
  });

  it('answers the very same bytes while the view count stays, and new bytes when it moves', async () => {
    const cache = createProfileJsonCache();
    const build = async () => profile;
    const first = await cache.json('p1', 1, 3, build);
    expect(await cache.json('p1', 1, 3, build)).toBe(first);
    const moved = await cache.json('p1', 1, 4, build);
    expect(moved).not.toBe(first);
    expect(JSON.parse(first.toString()).profileViews).toBe(3);
    expect(JSON.parse(moved.toString()).profileViews).toBe(4);
  });

  it("keeps the public shape apart from the owner's for the same stamp", async () => {
    const cache = createProfileJsonCache();
    await cache.json('p1', 1, 3, async () => profile);
    const pub = await cache.publicJson('p1', 1, async () => ({ profile: publicProfile }));
    expect(JSON.parse(pub.toString())).toEqual({ profile: publicProfile });
    expect(await cache.publicJson('p1', 1, async () => ({ profile: { ...publicProfile, firstName: 'never built' } }))).toBe(pub);
    expect(JSON.parse((await cache.json('p1', 1, 3, async () => profile)).toString()).userProfileId).toBe('u1');
  });
});
