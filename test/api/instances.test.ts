import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SESSION_CACHE_MS } from '../../server/auth/owner.guard.ts';
import { STAMP_CACHE_MS } from '../../server/repositories/profile.repository.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, createProfile } from '../support/factories.ts';

// DESIGN "Scale-out": N stateless instances on one database. Each instance keeps a profile's
// stamp and a found session for a second; these suites check what that promises.

let t: TestApp;
let other: Awaited<ReturnType<TestApp['secondInstance']>>;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  other = await t.secondInstance();
  owner = await t.signUp();
});
afterAll(async () => {
  await other.close();
  await t.close();
});

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
const show = (app: { post: TestApp['post'] }, profileId: string) => app.post('/profile/show', { profileId }, undefined).then((r) => r);

describe('two instances on one database', () => {
  it('show an edit made through one instance on the other within the stamp cache time', async () => {
    const profile = await createProfile(t, owner, { firstName: 'Ada' });
    expect((await other.post('/profile/show', { profileId: profile.id })).body.profile.firstName).toBe('Ada');
    expect((await t.post('/profile/update', { id: profile.id, firstName: 'Grace' }, owner)).status).toBe(200);
    // The instance that made the change shows it at once.
    expect((await show(t, profile.id)).body.profile.firstName).toBe('Grace');
    await later(STAMP_CACHE_MS + 100);
    expect((await show(other, profile.id)).body.profile.firstName).toBe('Grace');
    const page = await other.get(`/p/${profile.id}?lng=en`);
    expect(page.raw).toContain('Grace');
  });

  it('hide a deactivated profile on the other instance within the stamp cache time', async () => {
    const profile = await createProfile(t, owner);
    expect((await show(other, profile.id)).status).toBe(200);
    expect((await t.post('/profile/deactivate', { profileId: profile.id }, owner)).status).toBe(200);
    await later(STAMP_CACHE_MS + 100);
    expect((await show(other, profile.id)).status).toBe(404);
  });

  it('add up the views both count, exactly, once both have written them', async () => {
    const profile = await createProfile(t, owner);
    const visits = (app: { post: TestApp['post']; app: TestApp['app'] }, n: number) =>
      Promise.all(
        Array.from({ length: n }, () =>
          app.app.inject({ method: 'POST', url: '/profile/show', payload: { profileId: profile.id }, headers: { 'user-agent': BROWSER_UA } }),
        ),
      );
    await Promise.all([visits(t, 150), visits(other, 250)]);
    // One after the other: on SQLite both instances share this test's process, and a writer
    // waiting for the file's lock would block the other's commit (real instances are processes).
    await t.app.services.views.flush();
    await other.app.services.views.flush();
    const row = await t.app.db.selectFrom('profile').select('profileViews').where('id', '=', profile.id).executeTakeFirstOrThrow();
    expect(Number(row.profileViews)).toBe(400);
  });

  it('refuse a signed-out token at once on the instance that signed out, and within the session cache time on the other', async () => {
    const user = await t.signUp();
    expect((await other.get('/find/own/profiles/active', user)).status).toBe(200);
    const out = await t.call({ method: 'POST', url: '/api/auth/sign-out', headers: { ...user.auth, origin: t.config.publicUrl }, payload: {} });
    expect(out.status).toBe(200);
    expect((await t.get('/find/own/profiles/active', user)).status).toBe(401);
    await later(SESSION_CACHE_MS + 100);
    expect((await other.get('/find/own/profiles/active', user)).status).toBe(401);
  });
});
