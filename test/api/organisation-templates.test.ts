import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAMP_CACHE_MS } from '../../server/features/profiles/profile-stamps.ts';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24: templates with locked fields. A member's profile made from a template carries its
 * values; a locked field is 403 cmc/field-locked naming it; a template change reaches every
 * member's profile (page, vCard) at once, on every instance.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const later = (ms: number) => new Promise((r) => setTimeout(r, ms));
const VALUES = { companyName: 'Acme GmbH', companyWebsiteUrl: 'https://acme.example', city: 'Köln', businessPhoneNumber: '+49 221 1234' };

/** An organisation with an admin and a member (joined through the mailed link) and a template locking name and website. */
async function team() {
  const [admin, member] = await quickOwners(t, 2);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin, member);
  const saved = await t.post(
    '/organisation/template/save',
    { organisationId, name: 'Standard', values: VALUES, locked: ['companyName', 'companyWebsiteUrl'] },
    admin,
  );
  expect(saved.status, saved.raw).toBe(200);
  return { organisationId, admin, member, templateId: saved.body.templateId as string };
}
const fromTemplate = (user: TestUser, templateId: string, extra: object = {}) =>
  t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster', ...extra }, user);

describe('POST /organisation/template/save and GET /find/own/organisation/templates', () => {
  it('keeps templates that members may read and admins see with the number of profiles following them', async () => {
    const { organisationId, admin, member, templateId } = await team();
    await fromTemplate(member, templateId);
    const forMember = await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, member);
    expect(forMember.body.templates).toEqual([
      expect.objectContaining({ templateId, name: 'Standard', values: VALUES, locked: ['companyName', 'companyWebsiteUrl'], profileCount: 0 }),
    ]);
    const forAdmin = await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, admin);
    expect(forAdmin.body.templates[0].profileCount).toBe(1);
  });

  it('answers 403 to a member saving, 404 to another organisation for its id and template id', async () => {
    const { organisationId, member, templateId } = await team();
    const other = await team();
    const body = { organisationId, name: 'Hijack', values: {}, locked: [] };
    expectD4(await t.post('/organisation/template/save', body, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/template/save', body, other.admin), 404, 'cmc/organisation-not-found');
    expectD4(await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, other.member), 404);
    const foreign = { organisationId: other.organisationId, templateId, name: 'Hijack', values: {}, locked: [] };
    expectD4(await t.post('/organisation/template/save', foreign, other.admin), 404, 'cmc/template-not-found');
  });

  it('refuses a field a template cannot set, an unknown locked field and an empty name, naming each', async () => {
    const { organisationId, admin } = await team();
    const save = (body: object) => t.post('/organisation/template/save', { organisationId, name: 'X', values: {}, locked: [], ...body }, admin);
    expect(expectD4(await save({ values: { firstName: 'Boss' } }), 400).field).toMatch(/^values/);
    expect(expectD4(await save({ locked: ['password'] }), 400).field).toMatch(/^locked/);
    expect(expectD4(await save({ name: '' }), 400).field).toBe('name');
    expect((await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, admin)).body.templates).toHaveLength(1);
  });
});

describe('POST /profile/create {templateId} and locked fields', () => {
  it('creates the member’s profile with the template’s values and their own', async () => {
    const { member, templateId } = await team();
    const res = await fromTemplate(member, templateId, { city: 'Bonn' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({ companyName: 'Acme GmbH', companyWebsiteUrl: 'https://acme.example', city: 'Bonn', firstName: 'Mia' });
  });

  it('refuses another organisation’s template (404) and a locked field given another value (403 naming it)', async () => {
    const { member, templateId } = await team();
    const other = await team();
    expectD4(await fromTemplate(other.member, templateId), 404, 'cmc/template-not-found');
    const [loner] = await quickOwners(t, 1);
    expectD4(await fromTemplate(loner, templateId), 404, 'cmc/template-not-found');
    expect(expectD4(await fromTemplate(member, templateId, { companyName: 'Mine' }), 403, 'cmc/field-locked').field).toBe('companyName');
  });

  it('answers POST /profile/update and POST /profile/save 403 cmc/field-locked for a locked field, and saves unlocked ones', async () => {
    const { member, templateId } = await team();
    const profile = (await fromTemplate(member, templateId)).body;
    const locked = expectD4(await t.post('/profile/update', { id: profile.id, companyWebsiteUrl: 'https://evil.example' }, member), 403, 'cmc/field-locked');
    expect(locked.field).toBe('companyWebsiteUrl');
    const saved = await t.post('/profile/save', { profile: { ...profile, companyName: 'Other Ltd' }, links: [] }, member);
    expect(expectD4(saved, 403, 'cmc/field-locked').field).toBe('companyName');
    // The editor sends the whole profile back: unchanged locked values pass, unlocked changes are saved.
    const ok = await t.post('/profile/save', { profile: { ...profile, city: 'Bonn', jobTitle: 'Sales' }, links: [] }, member);
    expect(ok.status, ok.raw).toBe(200);
    expect(ok.body).toMatchObject({ companyName: 'Acme GmbH', city: 'Bonn', jobTitle: 'Sales' });
  });

  it('leaves the member’s private profiles free: no template, no lock', async () => {
    const { member } = await team();
    const own = await createProfile(t, member, { companyName: 'Side project' });
    const res = await t.post('/profile/update', { id: own.id, companyName: 'Still mine' }, member);
    expect(res.status, res.raw).toBe(200);
  });

  it('lifts the locks of a member who has left the organisation: the profile stays theirs', async () => {
    const { organisationId, admin, templateId } = await team();
    const leaver = await t.signUp();
    await joinOrganisation(t, organisationId, admin, leaver);
    const profile = (await fromTemplate(leaver, templateId)).body;
    await t.post('/organisation/member/remove', { organisationId, userId: leaver.userId }, admin);
    const signIn = await t.post('/api/auth/sign-in/email', { email: leaver.email, password: leaver.password });
    const again = { ...leaver, auth: { authorization: `Bearer ${signIn.body.token}` } };
    const res = await t.post('/profile/update', { id: profile.id, companyName: 'Freelance' }, again);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.companyName).toBe('Freelance');
  });
});

describe('POST /find/own/profile/locked-fields (the editor shows them read-only)', () => {
  const lockedFields = (user: TestUser, profileId: string) => t.post('/find/own/profile/locked-fields', { profileId }, user);

  it('names the fields the template locks on a company profile, and none on a private one', async () => {
    const { member, templateId } = await team();
    const company = (await fromTemplate(member, templateId)).body;
    const res = await lockedFields(member, company.id);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ lockedFields: ['companyName', 'companyWebsiteUrl'], lockedLinkIds: [] });
    const own = await createProfile(t, member, { companyName: 'Side project' });
    expect((await lockedFields(member, own.id)).body).toEqual({ lockedFields: [], lockedLinkIds: [] });
  });

  it("answers another owner's profile with 404, an anonymous caller with 401 and a missing id with 400 naming it", async () => {
    const { member, templateId } = await team();
    const company = (await fromTemplate(member, templateId)).body;
    const [stranger] = await quickOwners(t, 1);
    expectD4(await lockedFields(stranger, company.id), 404, 'cmc/profile-not-found');
    expectD4(await t.post('/find/own/profile/locked-fields', { profileId: company.id }), 401);
    expect(JSON.stringify(expectD4(await t.post('/find/own/profile/locked-fields', {}, member), 400))).toContain('profileId');
  });
});

describe('a template change', () => {
  it('reaches every member’s profile, page and vCard at once, and another instance within the stamp time', async () => {
    const { organisationId, admin, member, templateId } = await team();
    const [second] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, admin, second);
    const profiles = [(await fromTemplate(member, templateId)).body, (await fromTemplate(second, templateId)).body];
    const other = await t.secondInstance();
    try {
      for (const p of profiles) expect((await other.get(`/p/${p.id}?lng=en`)).raw).toContain('Acme GmbH');
      const changed = { ...VALUES, companyName: 'Acme Group AG', city: 'Berlin' };
      const saved = await t.post(
        '/organisation/template/save',
        { organisationId, templateId, name: 'Standard', values: changed, locked: ['companyName'] },
        admin,
      );
      expect(saved.body).toEqual({ templateId });
      for (const p of profiles) {
        expect((await t.get(`/p/${p.id}?lng=en`)).raw).toContain('Acme Group AG');
        expect((await t.get(`/download/generate-vcf-with-comment?profileId=${p.id}`)).raw).toContain('Acme Group AG');
      }
      // Unlocked fields stay the member's: the city was not locked.
      expect((await t.post('/profile/show', { profileId: profiles[0].id })).body.profile.city).toBe('Köln');
      // The website is no longer locked: the member may change it now.
      expect((await t.post('/profile/update', { id: profiles[0].id, companyWebsiteUrl: 'https://mia.example' }, member)).status).toBe(200);
      if (!process.env.REDIS_URL) await later(STAMP_CACHE_MS + 100);
      for (const p of profiles) expect((await other.get(`/p/${p.id}?lng=en`)).raw).toContain('Acme Group AG');
      const audit = await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, admin);
      expect(audit.body.entries[0]).toMatchObject({ action: 'template.update', actorEmail: admin.email, target: 'Standard' });
    } finally {
      await other.close();
    }
  });
});
