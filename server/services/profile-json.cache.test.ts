import { describe, expect, it } from 'vitest';
import type { Profile } from '../../shared/schemas/profile.schema.ts';
import { createProfileJsonCache, PROFILE_ENVELOPE } from './profile-json.cache.ts';

const profile = { id: 'p1', firstName: 'Jürgen', profileViews: 0, socialMediaLinks: [] } as unknown as Profile;

describe('createProfileJsonCache', () => {
  it('splices the current view count into the cached JSON, plain or in the public envelope', async () => {
    const cache = createProfileJsonCache();
    const build = async () => profile;
    expect(JSON.parse((await cache.json('p1', 1, 7, build)).toString())).toEqual({ ...profile, profileViews: 7 });
    expect(JSON.parse((await cache.json('p1', 1, 8, build, PROFILE_ENVELOPE)).toString())).toEqual({ profile: { ...profile, profileViews: 8 } });
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
});
