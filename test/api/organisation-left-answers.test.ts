import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24: a removed member's company profile says "no longer works here" on its pages, and the
 * public JSON answers and downloads say the same: `left` with the company's contact, only the
 * person's name, nothing of their personal contact data, links or picture; the vCard is the
 * company's contact. A member who stays keeps their full answers.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const VALUES = { companyName: 'Acme GmbH', companyWebsiteUrl: 'https://acme.example', businessPhoneNumber: '+49 221 1234', city: 'Köln' };
const PERSONAL = { jobTitle: 'Head of Sales', mobileNumber: '+49 170 555', businessEmailAddress: 'mia@acme.example', emailAddress: 'mia@home.example' };

/** Mia's company profile with personal details, a link and an organisation card; then, unless told, Mia is removed. */
async function formerMember({ remove = true } = {}) {
  const [admin, mia] = await quickOwners(t, 2);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin, mia);
  const templateId = (await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: VALUES, locked: [] }, admin)).body.templateId;
  const profile = await t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster', ...PERSONAL }, mia);
  expect(profile.status, profile.raw).toBe(200);
  const profileId = profile.body.id as string;
  await t.post('/social-media-link/create', { profileId, type: 'github', link: 'mia-muster' }, mia);
  const [cardId] = await t.mintCards('rainbow', 1);
  await t.post('/organisation/cards/register', { organisationId, cardIds: [cardId] }, admin);
  expect((await t.post('/organisation/card/assign', { organisationId, cardId, userId: mia.userId }, admin)).status).toBe(200);
  if (remove) expect((await t.post('/organisation/member/remove', { organisationId, userId: mia.userId }, admin)).status).toBe(200);
  return { profileId, cardId, shortLinkId: profile.body.shortLinkId as string };
}
const LEFT = { name: 'Acme GmbH', websiteUrl: 'https://acme.example', phone: '+49 221 1234' };
const leaks = (raw: string) => ['Head of Sales', '+49 170 555', 'mia@acme.example', 'mia@home.example', 'mia-muster', 'Köln'].filter((s) => raw.includes(s));

describe('the public JSON of a former member’s company profile', () => {
  it('POST /profile/show and POST /card/show answer `left` with the company contact, the name, and none of the person’s data', async () => {
    const { profileId, cardId } = await formerMember();
    for (const res of [await t.post('/profile/show', { profileId }), await t.post('/card/show', { cardId })]) {
      expect(res.status, res.raw).toBe(200);
      expect(res.body.left).toEqual(LEFT);
      expect(res.body.profile).toMatchObject({
        id: profileId,
        firstName: 'Mia',
        lastName: 'Muster',
        companyName: 'Acme GmbH',
        companyWebsiteUrl: 'https://acme.example',
        businessPhoneNumber: '+49 221 1234',
        jobTitle: '',
        mobileNumber: '',
        emailAddress: '',
        profileImagePath: null,
        socialMediaLinks: [],
      });
      expect(leaks(res.raw)).toEqual([]);
    }
  });

  it('POST /social-media-links/show and the short-link show answer no links of the person', async () => {
    const { profileId, shortLinkId } = await formerMember();
    const links = await t.post('/social-media-links/show', { profileId });
    expect(links.status, links.raw).toBe(200);
    expect(links.body).toEqual([]);
    const short = await t.post('/profile/short-link/social-media-links/show', { shortLinkId });
    expect(short.status, short.raw).toBe(200);
    expect(short.body).toMatchObject({ firstName: 'Mia', jobTitle: '', socialMediaLinks: [] });
  });

  it('keeps the full answers of a member who stays, without `left`', async () => {
    const { profileId } = await formerMember({ remove: false });
    const res = await t.post('/profile/show', { profileId });
    expect(res.body.left).toBeUndefined();
    expect(res.body.profile).toMatchObject({ jobTitle: 'Head of Sales', mobileNumber: '+49 170 555' });
    expect(res.body.profile.socialMediaLinks).toHaveLength(1);
  });
});

describe('GET /download/generate-vcf-with-comment of a former member’s company profile', () => {
  it('gives the company’s contact, named after the company, instead of the person’s', async () => {
    const { profileId } = await formerMember();
    const res = await t.get(`/download/generate-vcf-with-comment?profileId=${profileId}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.raw).toContain('FN;CHARSET=utf-8:Acme GmbH');
    expect(res.raw).toMatch(/ORG;CHARSET=utf-8:Acme GmbH/);
    expect(res.raw).toContain('+49 221 1234');
    expect(res.raw).toContain('X-ABShowAs:COMPANY');
    expect(res.raw).not.toContain('Mia');
    expect(leaks(res.raw)).toEqual([]);
    expect(String(res.headers['content-disposition'])).toContain('Acme');
  });

  it('keeps the person’s vCard while they are a member', async () => {
    const { profileId } = await formerMember({ remove: false });
    const res = await t.get(`/download/generate-vcf-with-comment?profileId=${profileId}`);
    expect(res.raw).toContain('Mia');
    expect(res.raw).toContain('Head of Sales');
  });
});
