import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, expectD4, multipartBody, pngImage, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 24 with 26: the owner app's preview of a company profile shows its organisation's brand,
 * as the public page does. GET /find/own/profile/brand answers the brand that the page of the
 * caller's own profile shows (the logo path the page uses), null for any other profile.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const brandOf = (profileId: string, user: TestUser) => t.get(`/find/own/profile/brand?profileId=${encodeURIComponent(profileId)}`, user);
const page = async (path: string) => (await t.call({ method: 'GET', url: path })).raw;

/** The invitation's link opened by `member`: they join the organisation. */
async function join(organisationId: string, admin: TestUser, member: TestUser) {
  await t.post('/organisation/invite', { organisationId, emails: [member.email] }, admin);
  const mails = (await t.get('/_dev/mail')).body as Array<{ to: string; links: string[] }>;
  const link = mails.find((m) => m.to === member.email)!.links.find((l) => l.includes('/team/accept'))!;
  expect((await t.post('/organisation/invitation/accept', { token: new URL(link).searchParams.get('token') }, member)).status).toBe(200);
}

/** An organisation with a brand colour and logo, its member's company profile from a template, and the member's own profile. */
async function team(member?: TestUser) {
  const [admin, quick, outsider] = await quickOwners(t, 3);
  const who = member ?? quick!;
  const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#0f766e', brandColourDark: '#5eead4' }, admin)).body
    .organisationId as string;
  await join(organisationId, admin!, who);
  const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin);
  const company = (await t.post('/profile/create', { templateId: saved.body.templateId, firstName: 'Mia', accentColour: '#6d28d9' }, who)).body;
  const own = await createProfile(t, who, { accentColour: '#6d28d9' });
  const logo = await multipartBody(
    { organisationId },
    { field: 'logo', data: await pngImage(300, 100, '#0f766e'), filename: 'logo.png', contentType: 'image/png' },
  );
  const uploaded = await t.call({ method: 'POST', url: '/organisation/logo', payload: logo.payload, headers: { ...logo.headers, ...admin!.auth } });
  expect(uploaded.status, uploaded.raw).toBe(200);
  return { organisationId, admin: admin!, member: who, outsider: outsider!, company, own, logoPath: uploaded.body.logoPath as string };
}

describe('GET /find/own/profile/brand', () => {
  it("answers the organisation's brand for the caller's company profile, with the logo path its public page shows", async () => {
    const { member, company, logoPath } = await team();
    const res = await brandOf(company.id, member);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ brand: { colour: '#0f766e', colourDark: '#5eead4', logoPath }, pageOrigin: null });
    expect(logoPath).toMatch(/^\/media\/organisations\//);
    expect(await page(`/p/${company.id}`)).toContain(`src="${logoPath}"`);
    // The storage key stays on the server.
    expect(res.raw).not.toContain('logoKey');
  });

  it('answers a new brand at once, and a brand without a logo with a null logo path', async () => {
    const { organisationId, admin, member, company } = await team();
    expect((await t.post('/organisation/update', { organisationId, brandColour: '#1d4ed8' }, admin)).status).toBe(200);
    expect((await t.post('/organisation/logo/delete', { organisationId }, admin)).status).toBe(200);
    expect((await brandOf(company.id, member)).body).toEqual({ brand: { colour: '#1d4ed8', colourDark: '#5eead4', logoPath: null }, pageOrigin: null });
  });

  it("answers null for the caller's own personal profile", async () => {
    const { member, own } = await team();
    const res = await brandOf(own.id, member);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ brand: null, pageOrigin: null });
  });

  it('answers null once the member left the organisation: the page is then the company’s notice, in the company’s brand (issue 35)', async () => {
    // Signed up with a password: the removal ends the member's sessions, and they sign in again.
    const { organisationId, admin, member, company, logoPath } = await team(await t.signUp());
    expect((await t.post('/organisation/member/remove', { organisationId, userId: member.userId }, admin)).status).toBe(200);
    expect(await page(`/p/${company.id}`)).toContain(logoPath);
    const signIn = await t.post('/api/auth/sign-in/email', { email: member.email, password: member.password });
    const res = await brandOf(company.id, { ...member, auth: { authorization: `Bearer ${signIn.body.token}` } });
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ brand: null, pageOrigin: null });
  });

  it("answers 404 naming profileId for another account's profile, also the organisation's admin, and for an unknown or deleted one", async () => {
    const { admin, member, outsider, company, own } = await team();
    for (const [profileId, user] of [
      [company.id, outsider],
      [company.id, admin],
      [own.id, outsider],
      ['nosuchprofile', member],
    ] as const) {
      const body = expectD4(await brandOf(profileId, user), 404, 'cmc/profile-not-found');
      expect(body.field).toBe('profileId');
      expect(JSON.stringify(body)).not.toContain('#0f766e');
    }
    expect((await t.post('/profile/delete', { profileId: own.id }, member)).status).toBe(200);
    expect(expectD4(await brandOf(own.id, member), 404, 'cmc/profile-not-found').field).toBe('profileId');
  });

  it('answers 400 naming profileId for a missing, empty or malformed id, and 401 without a sign-in', async () => {
    const { member, company } = await team();
    for (const url of [
      '/find/own/profile/brand',
      '/find/own/profile/brand?profileId=',
      '/find/own/profile/brand?profileId=a%2Fb',
      `/find/own/profile/brand?profileId=${'x'.repeat(65)}`,
    ]) {
      const res = await t.get(url, member);
      expect(expectD4(res, 400, 'cmc/invalid-input').field, url).toBe('profileId');
    }
    expect((await t.get(`/find/own/profile/brand?profileId=${company.id}`)).status).toBe(401);
  });
});
