import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLinkRepository } from '../../server/features/profiles/link.repository.ts';
import { createProfileRepository } from '../../server/features/profiles/profile.repository.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile } from '../support/factories.ts';

/**
 * Issue 11, point 1: a write cannot forget the cache. Writes to a profile, its links, its
 * images or a card's assignment take a `ProfileChange`, which only `profiles.change` makes,
 * after bumping the profiles' `updated` stamps in the same transaction.
 */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
});
afterAll(async () => t.close());

const stampOf = async (id: string) => Number((await t.app.db.selectFrom('profile').select('updated').where('id', '=', id).executeTakeFirstOrThrow()).updated);

describe('profiles.change', () => {
  it('bumps the stamp of every given profile in the transaction of the write, before it', async () => {
    const profiles = createProfileRepository(t.app.db);
    const [a, b] = [await createProfile(t, owner), await createProfile(t, owner)];
    const before = [await stampOf(a.id), await stampOf(b.id)];
    const seenInside = await profiles.change([a.id, b.id, a.id, null], async (change) => {
      const row = await change.selectFrom('profile').select('updated').where('id', '=', a.id).executeTakeFirstOrThrow();
      return Number(row.updated);
    });
    expect(seenInside).toBeGreaterThan(before[0]);
    expect(await stampOf(a.id)).toBe(seenInside);
    expect(await stampOf(b.id)).toBeGreaterThan(before[1]);
  });

  it('leaves nothing behind when the write fails: neither the write nor the stamp', async () => {
    const profiles = createProfileRepository(t.app.db);
    const links = createLinkRepository(t.app.db);
    const p = await createProfile(t, owner);
    const before = await stampOf(p.id);
    const now = Date.now();
    await expect(
      profiles.change([p.id], async (change) => {
        await links.insert(
          {
            id: 'halfWritten1',
            profileId: p.id,
            userId: owner.userId,
            type: 'website',
            link: 'https://a.example',
            name: 'A',
            sort: 1,
            created: now,
            updated: now,
          },
          change,
        );
        throw new Error('the second step failed');
      }),
    ).rejects.toThrow('the second step failed');
    expect(await stampOf(p.id)).toBe(before);
    expect(await links.listByProfile(p.id)).toEqual([]);
  });

  it('is the only way to get a write handle: a plain database handle does not type-check', () => {
    const links = createLinkRepository(t.app.db);
    const write = () =>
      // @ts-expect-error a link write needs the ProfileChange of its profile, not the database
      links.delete('anyLink', t.app.db);
    expect(typeof write).toBe('function');
  });
});
