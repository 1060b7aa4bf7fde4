import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24: a template's link set. A profile made from the template gets its company links
 * first; while the template locks `links` the member may add their own but not change or remove
 * those (403 cmc/field-locked naming `links`); a template change replaces them in every member's
 * profile through `profiles.change` (so the public page is rebuilt at once).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const LINKS = [
  { type: 'linkedin', link: 'https://www.linkedin.com/company/acme', name: '' },
  { type: 'website', link: 'https://acme.example/jobs', name: 'Jobs' },
];
type LinkOut = { socialMediaLinkId: string; type: string; link: string; name: string; sort: number };

/** An organisation with an admin and a member, and a template with two company links, locked unless told. */
async function team(locked: string[] = ['companyName', 'links']) {
  const [admin, member] = await quickOwners(t, 2);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin, member);
  const save = (body: object) =>
    t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, links: LINKS, locked, ...body }, admin);
  const saved = await save({});
  expect(saved.status, saved.raw).toBe(200);
  return { organisationId, admin, member, templateId: saved.body.templateId as string, save };
}
const fromTemplate = (user: TestUser, templateId: string) => t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster' }, user);
const linksOf = async (user: TestUser, profileId: string) =>
  (await t.post('/find/own/social-media-links/by-profile-id', { profileId }, user)).body as LinkOut[];

describe('POST /organisation/template/save with links', () => {
  it('keeps the link set with the template (handles become addresses) and lists it to members', async () => {
    const { organisationId, member, save } = await team();
    const res = await save({ links: [...LINKS, { type: 'instagram', link: '@acme' }] });
    expect(res.status, res.raw).toBe(200);
    const list = await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, member);
    const names = list.body.templates.map((x: { name: string }) => x.name);
    expect(names).toEqual(['Standard', 'Standard']);
    const withThree = list.body.templates.find((x: { links: unknown[] }) => x.links.length === 3);
    expect(withThree.links[2]).toEqual({ type: 'instagram', link: 'https://www.instagram.com/acme', name: '' });
    expect(withThree.locked).toEqual(['companyName', 'links']);
  });

  it('refuses a bad link, an unknown type, too many links and an unknown lock with 400 naming the field, and stores nothing', async () => {
    const { organisationId, admin, save } = await team();
    expect(expectD4(await save({ links: [{ type: 'website', link: '' }] }), 400).field).toBe('links.0.link');
    expect(expectD4(await save({ links: [{ type: 'fax', link: 'x' }] }), 400).field).toBe('links.0.type');
    expect(expectD4(await save({ links: [{ type: 'website', link: 'x'.repeat(2049) }] }), 400).field).toBe('links.0.link');
    const many = Array.from({ length: 21 }, (_, i) => ({ type: 'website', link: `https://acme.example/${i}` }));
    expect(expectD4(await save({ links: many }), 400).field).toBe('links');
    expect(expectD4(await save({ locked: ['link'] }), 400).field).toMatch(/^locked/);
    expect((await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, admin)).body.templates).toHaveLength(1);
  });
});

describe('a template’s network names and paths (issue 35)', () => {
  it("publishes a LinkedIn company name or path as the company's page on every member's page, never https://company/…", async () => {
    const { member, templateId, save } = await team();
    const res = await save({
      templateId,
      links: [
        { type: 'linkedin', link: 'company/acme-gmbh' },
        { type: 'xing', link: 'acme' },
        { type: 'linkedin', link: '@acme' },
        { type: 'twitter', link: '@acme' },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    const profile = (await fromTemplate(member, templateId)).body;
    expect((await linksOf(member, profile.id)).map((l) => l.link)).toEqual([
      'https://www.linkedin.com/company/acme-gmbh',
      'https://www.xing.com/pages/acme',
      'https://www.linkedin.com/company/acme',
      'https://x.com/acme',
    ]);
    const page = (await t.get(`/p/${profile.id}?lng=en`)).raw;
    expect(page).toContain('href="https://www.linkedin.com/company/acme-gmbh"');
    expect(page).not.toMatch(/href="https:\/\/company\//);
    // The vCard carries the same addresses.
    const vcard = (await t.get(`/download/generate-vcf-with-comment?profileId=${profile.id}`)).raw;
    expect(vcard).toContain('https://www.linkedin.com/company/acme-gmbh');
  });

  it('refuses a network link that cannot become an address with 400 naming the link, and stores nothing', async () => {
    const { organisationId, admin, save } = await team();
    const refused = expectD4(await save({ links: [LINKS[1], { type: 'linkedin', link: 'https://company/acme' }] }), 400, 'cmc/invalid-input');
    expect(refused.field).toBe('links.1.link');
    expect(refused.message).toMatch(/user name or a full address/);
    expect(expectD4(await save({ links: [{ type: 'instagram', link: 'acme gmbh' }] }), 400).field).toBe('links.0.link');
    expect((await t.get(`/find/own/organisation/templates?organisationId=${organisationId}`, admin)).body.templates).toHaveLength(1);
  });
});

describe('a company profile made from a template with links', () => {
  it('starts with the company links first and the member’s own after them (POST /profile/save creation too)', async () => {
    const { member, templateId } = await team();
    const created = (await fromTemplate(member, templateId)).body;
    expect((await linksOf(member, created.id)).map((l) => [l.type, l.link, l.sort])).toEqual([
      ['linkedin', 'https://www.linkedin.com/company/acme', 1],
      ['website', 'https://acme.example/jobs', 2],
    ]);
    const saved = await t.post('/profile/save', { profile: { templateId, firstName: 'Mia' }, links: [{ type: 'github', link: 'mia' }] }, member);
    expect(saved.status, saved.raw).toBe(200);
    expect((await linksOf(member, saved.body.id)).map((l) => l.type)).toEqual(['linkedin', 'website', 'github']);
    const company = (await linksOf(member, saved.body.id)).slice(0, 2).map((l) => l.socialMediaLinkId);
    expect((await t.post('/find/own/profile/locked-fields', { profileId: saved.body.id }, member)).body).toEqual({
      lockedFields: ['companyName', 'links'],
      lockedLinkIds: expect.arrayContaining(company),
    });
    expect((await t.post('/find/own/profile/locked-fields', { profileId: saved.body.id }, member)).body.lockedLinkIds).toHaveLength(2);
  });

  it('answers 403 cmc/field-locked naming links when the member changes or removes a locked company link, and lets them add and reorder', async () => {
    const { member, templateId } = await team();
    const profile = (await fromTemplate(member, templateId)).body;
    const [linkedin, jobs] = await linksOf(member, profile.id);
    const locked = (res: Awaited<ReturnType<typeof t.post>>) => expect(expectD4(res, 403, 'cmc/field-locked').field).toBe('links');
    locked(await t.post('/social-media-link/update', { socialMediaLinkId: linkedin.socialMediaLinkId, link: 'https://evil.example' }, member));
    locked(await t.post('/social-media-link/remove', { socialMediaLinkId: jobs.socialMediaLinkId }, member));
    const keep = (l: LinkOut) => ({ socialMediaLinkId: l.socialMediaLinkId, type: l.type, link: l.link, name: l.name });
    locked(await t.post('/profile/save', { profile, links: [keep(linkedin)] }, member));
    locked(await t.post('/profile/save', { profile, links: [keep(linkedin), { ...keep(jobs), name: 'Mine' }] }, member));
    expect((await linksOf(member, profile.id)).map(keep)).toEqual([keep(linkedin), keep(jobs)]);
    // Their own link is theirs; moving a company link is fine.
    const own = await t.post('/social-media-link/create', { profileId: profile.id, type: 'github', link: 'mia' }, member);
    expect(own.status, own.raw).toBe(200);
    expect((await t.post('/social-media-link/update', { socialMediaLinkId: linkedin.socialMediaLinkId, sort: 2 }, member)).status).toBe(200);
    const ok = await t.post('/profile/save', { profile, links: [keep(jobs), keep(linkedin), { type: 'xing', link: 'https://xing.example/mia' }] }, member);
    expect(ok.status, ok.raw).toBe(200);
    expect((await linksOf(member, profile.id)).map((l) => l.type)).toEqual(['website', 'linkedin', 'xing']);
  });

  it('lets the member change and remove company links the template does not lock', async () => {
    const { member, templateId } = await team(['companyName']);
    const profile = (await fromTemplate(member, templateId)).body;
    const [linkedin, jobs] = await linksOf(member, profile.id);
    expect((await t.post('/social-media-link/update', { socialMediaLinkId: linkedin.socialMediaLinkId, link: 'https://mia.example' }, member)).status).toBe(
      200,
    );
    expect((await t.post('/social-media-link/remove', { socialMediaLinkId: jobs.socialMediaLinkId }, member)).status).toBe(200);
    expect((await t.post('/find/own/profile/locked-fields', { profileId: profile.id }, member)).body).toEqual({
      lockedFields: ['companyName'],
      lockedLinkIds: [],
    });
  });
});

describe('a change of a template’s locked links', () => {
  it('replaces the company links in every member’s profile and page at once, keeping each member’s own links after them', async () => {
    const { organisationId, admin, member, templateId, save } = await team();
    const [second] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, admin, second);
    const profiles = [(await fromTemplate(member, templateId)).body, (await fromTemplate(second, templateId)).body];
    await t.post('/social-media-link/create', { profileId: profiles[0].id, type: 'github', link: 'mia' }, member);
    expect((await t.get(`/p/${profiles[0].id}?lng=en`)).raw).toContain('acme.example/jobs');
    const changed = await save({ templateId, links: [{ type: 'website', link: 'https://acme.example/careers', name: 'Careers' }] });
    expect(changed.status, changed.raw).toBe(200);
    expect((await linksOf(member, profiles[0].id)).map((l) => [l.link, l.sort])).toEqual([
      ['https://acme.example/careers', 1],
      ['https://github.com/mia', 2],
    ]);
    expect((await linksOf(second, profiles[1].id)).map((l) => l.link)).toEqual(['https://acme.example/careers']);
    const page = (await t.get(`/p/${profiles[0].id}?lng=en`)).raw;
    expect(page).toContain('acme.example/careers');
    expect(page).not.toContain('acme.example/jobs');
  });

  it('leaves the links of a former member and of a template that does not lock them alone', async () => {
    const { organisationId, admin, member, templateId, save } = await team(['companyName']);
    const profile = (await fromTemplate(member, templateId)).body;
    await save({ templateId, links: [] });
    expect(await linksOf(member, profile.id)).toHaveLength(2);
    await save({ templateId, locked: ['links'] });
    const leaver = await t.signUp();
    await joinOrganisation(t, organisationId, admin, leaver);
    const left = (await fromTemplate(leaver, templateId)).body;
    await t.post('/organisation/member/remove', { organisationId, userId: leaver.userId }, admin);
    await save({ templateId, links: [], locked: ['links'] });
    expect(await linksOf(member, profile.id)).toHaveLength(0);
    const signIn = await t.post('/api/auth/sign-in/email', { email: leaver.email, password: leaver.password });
    const again = { ...leaver, auth: { authorization: `Bearer ${signIn.body.token}` } };
    expect(await linksOf(again, left.id)).toHaveLength(2);
  });
});
