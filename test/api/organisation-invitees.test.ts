import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { acceptInvitation } from '../support/organisations.ts';

/**
 * Issue 24: invitations from the admin's CSV with names and job titles. `POST
 * /organisation/invite` takes `invitees` beside `emails`; the invitation keeps the name and job
 * title, and the company profile the invitee makes from a template after accepting starts with
 * them (the template's values and what the member sends still win).
 */

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const address = (name: string) => `${name}-${Date.now()}-${++n}@example.org`;
async function organisation(): Promise<{ organisationId: string; owner: TestUser }> {
  const [owner] = await quickOwners(t, 1);
  const res = await t.post('/organisation/create', { name: `Team ${++n}` }, owner);
  return { organisationId: res.body.organisationId, owner };
}

describe('POST /organisation/invite with invitees', () => {
  it('stores names and job titles beside plain addresses, one mail each, and lists them to admins', async () => {
    const { organisationId, owner } = await organisation();
    const anna = address('anna');
    const ben = address('ben');
    const res = await t.post(
      '/organisation/invite',
      { organisationId, emails: [ben], invitees: [{ email: anna.toUpperCase(), firstName: ' Anna ', lastName: 'Berg', jobTitle: 'Sales' }] },
      owner,
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body.invitations.map((i: { email: string; firstName: string; jobTitle: string }) => [i.email, i.firstName, i.jobTitle])).toEqual([
      [ben, '', ''],
      [anna, 'Anna', 'Sales'],
    ]);
    const listed = await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner);
    expect(listed.body.invitations).toEqual(
      expect.arrayContaining([expect.objectContaining({ email: anna, firstName: 'Anna', lastName: 'Berg', jobTitle: 'Sales', status: 'pending' })]),
    );
    const mails = (await t.get('/_dev/mail')).body as Array<{ to: string }>;
    expect(mails.filter((m) => m.to === anna || m.to === ben)).toHaveLength(2);
  });

  it('answers 400 naming the field for a bad address, a too long job title, an address twice or nobody, and sends nothing', async () => {
    const { organisationId, owner } = await organisation();
    const invite = (body: object) => t.post('/organisation/invite', { organisationId, ...body }, owner);
    const a = address('a');
    expect(expectD4(await invite({ invitees: [{ email: 'nope' }] }), 400).field).toBe('invitees.0.email');
    expect(expectD4(await invite({ invitees: [{ email: a, jobTitle: 'x'.repeat(201) }] }), 400).field).toBe('invitees.0.jobTitle');
    expect(expectD4(await invite({ emails: [a], invitees: [{ email: a }] }), 400).field).toBe('invitees.0.email');
    expect(expectD4(await invite({ invitees: [{ email: a }, { email: a.toUpperCase() }] }), 400).field).toBe('invitees.1.email');
    expect(expectD4(await invite({ invitees: [] }), 400).field).toBe('emails');
    const many = Array.from({ length: 101 }, (_, i) => ({ email: `p${i}-${a}` }));
    expect(expectD4(await invite({ invitees: many }), 400).field).toBe('invitees');
    const mails = (await t.get('/_dev/mail')).body as Array<{ to: string }>;
    expect(mails.filter((m) => m.to.endsWith(a))).toHaveLength(0);
    expect((await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner)).body.invitations).toEqual([]);
  });

  it('answers 403 to a member and 404 to another organisation’s admin', async () => {
    const { organisationId, owner } = await organisation();
    const [member] = await quickOwners(t, 1);
    await t.post('/organisation/invite', { organisationId, emails: [member.email] }, owner);
    await acceptInvitation(t, member.email, member);
    const body = { organisationId, invitees: [{ email: address('x'), firstName: 'X' }] };
    expectD4(await t.post('/organisation/invite', body, member), 403, 'cmc/forbidden');
    const other = await organisation();
    expectD4(await t.post('/organisation/invite', body, other.owner), 404, 'cmc/organisation-not-found');
  });
});

describe('POST /organisation/invitation/accept, then POST /profile/create {templateId}', () => {
  it('starts the invitee’s company profile with the name and job title of the CSV; the template and what they send win', async () => {
    const { organisationId, owner } = await organisation();
    const template = await t.post(
      '/organisation/template/save',
      { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: ['companyName'] },
      owner,
    );
    const [invitee] = await quickOwners(t, 1);
    // The invitation went to another address than the account's: whoever holds the token gets the details.
    const to = address('mia');
    await t.post('/organisation/invite', { organisationId, invitees: [{ email: to, firstName: 'Mia', lastName: 'Muster', jobTitle: 'Head of Sales' }] }, owner);
    await acceptInvitation(t, to, invitee);
    const created = await t.post('/profile/create', { templateId: template.body.templateId, profileName: 'Work' }, invitee);
    expect(created.status, created.raw).toBe(200);
    expect(created.body).toMatchObject({ firstName: 'Mia', lastName: 'Muster', jobTitle: 'Head of Sales', companyName: 'Acme GmbH' });
    const own = await t.post('/profile/create', { templateId: template.body.templateId, jobTitle: 'CEO' }, invitee);
    expect(own.body).toMatchObject({ firstName: 'Mia', jobTitle: 'CEO' });
    // A private profile does not take them.
    const privateProfile = await t.post('/profile/create', { profileName: 'Private' }, invitee);
    expect(privateProfile.body).toMatchObject({ firstName: '', jobTitle: '' });
  });

  it('gives another member, who joined by a plain address, a blank name', async () => {
    const { organisationId, owner } = await organisation();
    const template = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: {}, locked: [] }, owner);
    const [member] = await quickOwners(t, 1);
    await t.post('/organisation/invite', { organisationId, emails: [member.email] }, owner);
    await acceptInvitation(t, member.email, member);
    const created = await t.post('/profile/create', { templateId: template.body.templateId }, member);
    expect(created.body).toMatchObject({ firstName: '', lastName: '', jobTitle: '' });
  });
});
