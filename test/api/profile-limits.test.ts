import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfileRepository } from '../../server/features/profiles/profile.repository.ts';
import { PROFILE_CREATION_RULE, PROFILE_LIMITS } from '../../server/features/profiles/profile.service.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectD4, profileInput } from '../support/factories.ts';

/** Issue 10, point 2: an account cannot create profiles without end (each one is a page that can send mail). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const liveProfiles = async (userId: string) =>
  Number(
    (
      await t.app.db
        .selectFrom('profile')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('status', '!=', 'DELETED')
        .executeTakeFirstOrThrow()
    ).n,
  );

/** Profiles made through the service, as earlier hours' creations would have left them. */
async function fillUpTo(userId: string, count: number) {
  const profiles = createProfileRepository(t.app.db);
  for (let i = 0; i < count; i++) {
    await profiles.change([], (change) =>
      t.app.features.profiles.profiles.insertProfile({ userId } as never, { profileName: `Earlier ${i}` } as never, change),
    );
  }
}

describe('POST /profile/create limits', () => {
  it(`allows ${PROFILE_CREATION_RULE.max} creations an hour, then answers 429 with Retry-After`, async () => {
    const owner = await t.signUp();
    for (let i = 0; i < PROFILE_CREATION_RULE.max; i++) expect((await t.post('/profile/create', profileInput(), owner)).status).toBe(200);
    const refused = await t.post('/profile/create', profileInput(), owner);
    expectD4(refused, 429, 'cmc/rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await liveProfiles(owner.userId)).toBe(PROFILE_CREATION_RULE.max);
    // The limit is the account's, not everybody's.
    expect((await t.post('/profile/create', profileInput(), await t.signUp())).status).toBe(200);
  });

  it(`keeps at most ${PROFILE_LIMITS.maxLive} profiles per account; deleting one makes room`, async () => {
    const owner = await t.signUp();
    await fillUpTo(owner.userId, PROFILE_LIMITS.maxLive);
    const refused = await t.post('/profile/create', profileInput(), owner);
    expectD4(refused, 409, 'cmc/profile-limit-reached');
    expect(await liveProfiles(owner.userId)).toBe(PROFILE_LIMITS.maxLive);

    const any = await t.app.db.selectFrom('profile').select('id').where('userId', '=', owner.userId).executeTakeFirstOrThrow();
    expect((await t.post('/profile/delete', { profileId: any.id }, owner)).status).toBe(200);
    expect((await t.post('/profile/create', profileInput(), owner)).status).toBe(200);
  });

  it('lets exactly one of five concurrent creations take the last free place', async () => {
    const owner = await t.signUp();
    await fillUpTo(owner.userId, PROFILE_LIMITS.maxLive - 1);
    const results = await Promise.all(Array.from({ length: 5 }, () => t.post('/profile/create', profileInput(), owner)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await liveProfiles(owner.userId)).toBe(PROFILE_LIMITS.maxLive);
  });
});
