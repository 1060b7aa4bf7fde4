import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(async () => t.close());

describe('smoke', () => {
  it('creates a profile and reads it back', async () => {
    const u = await t.signUp();
    const created = await t.post('/profile/create', { profileName: 'Work', firstName: 'Jürgen' }, u);
    expect(created.status, created.raw).toBe(200);
    const got = await t.post('/find/own/profile/by-id', { profileId: created.body.id }, u);
    expect(got.body.firstName).toBe('Jürgen');
    const shown = await t.post('/profile/show', { profileId: created.body.id }, undefined);
    expect(shown.status, shown.raw).toBe(200);
  });
});
