import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4 } from '../support/factories.ts';
import { companySignIn, createCompanySignInApp, sessionOf } from '../support/company-sign-in.ts';
import type { OidcTestProvider } from '../support/oidc-test-provider.ts';
import type { TestApp } from '../support/test-app.ts';
import { mailsTo } from '../support/organisations.ts';
import { entraUser, PATCH_OP, scim, scimOrganisation } from './scim-support.ts';

/**
 * Issue 27 with company sign-in (OIDC) configured: a person the directory provisions gets a
 * mail to sign in with the company account instead of an invitation, and joins at that sign-in
 * without a password: a member at once, their SCIM user linked, their company profile made from
 * the template of their group. On SQLite and, with DATABASE_URL, PostgreSQL.
 */

let t: TestApp;
let provider: OidcTestProvider;
beforeAll(async () => {
  ({ t, provider } = await createCompanySignInApp());
});
afterAll(async () => t.close());

type Mail = { to: string; subject: string; text: string; links: string[] };
const mailsOf = async (email: string) => ((await t.get('/_dev/mail')).body as Mail[]).filter((m) => m.to === email);
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
let counter = 0;
const address = () => `person${++counter}.${Date.now()}@directory.example`;

/** An organisation with a SCIM token and two templates, the second named like a group. */
async function organisationWithTemplates() {
  const org = await scimOrganisation(t);
  for (const name of ['Standard', 'Field Sales']) {
    const saved = await t.post(
      '/organisation/template/save',
      { organisationId: org.organisationId, name, values: { companyName: `Acme ${name}` }, locked: ['companyName'] },
      org.admin,
    );
    expect(saved.status, saved.raw).toBe(200);
  }
  return org;
}

describe('POST /scim/v2/Users with company sign-in configured', () => {
  it('mails the person to sign in with the company account (no invitation link, no password), audited', async () => {
    const org = await organisationWithTemplates();
    const email = address();
    const created = await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(email));
    expect(created.status, created.raw).toBe(201);

    const [mail] = await mailsOf(email);
    // Issue 33: the organisation's name (free text) is quoted in the body, never in the subject.
    expect(mail.subject).toBe('Your digital business card is ready');
    expect(mail.text).toMatch(/“Acme[^”]*”/);
    expect(mail.links).toContain(`${t.config.publicUrl}/login?company=1`);
    expect(mail.links.some((l) => l.includes('/team/accept'))).toBe(false);
    expect(mail.text).toContain(provider.env.OIDC_BUTTON_LABEL ?? '');
    expect(await mailsTo(t, email)).toEqual([]);
    const invitations = await t.get(`/find/own/organisation/invitations?organisationId=${org.organisationId}`, org.admin);
    expect(invitations.body.invitations).toEqual([]);
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries as Array<{
      action: string;
      target: string;
    }>;
    expect(audit.map((e) => `${e.action} ${e.target}`)).toContain(`invitation.company ${email}`);
  });
});

describe('company sign-in of a provisioned address', () => {
  it('joins the organisation at the first sign-in, links the SCIM user and makes the company profile from the group’s template', async () => {
    const org = await organisationWithTemplates();
    const email = address();
    const scimUserId = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(email))).body.id as string;
    expect((await scim(t, org.token, 'POST', '/scim/v2/Groups', { displayName: 'Field Sales', members: [{ value: scimUserId }] })).status).toBe(201);

    const { location, jar } = await companySignIn(t, provider, email);
    expect(location).toBe('/login?sso=done');
    const session = (await sessionOf(t, jar))!;
    const own = await t.call({ method: 'GET', url: '/find/own/organisation', headers: bearer(session.session.token) });
    expect(own.status, own.raw).toBe(200);
    expect(own.body).toMatchObject({ organisationId: org.organisationId, role: 'member' });

    const linked = await t.app.db.selectFrom('scimUser').select('userId').where('id', '=', scimUserId).executeTakeFirstOrThrow();
    expect(linked.userId).toBe(session.user.id);
    const profiles = await t.app.db.selectFrom('profile').selectAll().where('userId', '=', session.user.id).where('status', '!=', 'DELETED').execute();
    expect(profiles).toHaveLength(1);
    expect(profiles[0]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Analyst', companyName: 'Acme Field Sales' });
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries as Array<{
      action: string;
      target: string;
      actorEmail: string;
    }>;
    expect(audit.filter((e) => e.action === 'member.join-scim')).toEqual([expect.objectContaining({ target: email, actorEmail: email })]);

    // Signing in again joins nothing more and makes no second profile.
    await companySignIn(t, provider, email);
    expect(await t.app.db.selectFrom('profile').select('id').where('userId', '=', session.user.id).where('status', '!=', 'DELETED').execute()).toHaveLength(1);
    const again = (await t.get(`/find/own/organisation/audit?organisationId=${org.organisationId}`, org.admin)).body.entries as Array<{ action: string }>;
    expect(again.filter((e) => e.action === 'member.join-scim')).toHaveLength(1);
  });

  it('joins nobody whose address the directory did not provision, deactivated or linked to another account', async () => {
    const org = await organisationWithTemplates();
    // Not provisioned: an ordinary company sign-in, no organisation.
    const stranger = (await sessionOf(t, (await companySignIn(t, provider, address())).jar))!;
    expectD4(await t.call({ method: 'GET', url: '/find/own/organisation', headers: bearer(stranger.session.token) }), 404);

    // Deactivated before the first sign-in: stays outside.
    const leaver = address();
    const leaverId = (await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(leaver))).body.id as string;
    const off = await scim(t, org.token, 'PATCH', `/scim/v2/Users/${leaverId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: 'replace', path: 'active', value: false }],
    });
    expect(off.status, off.raw).toBe(200);
    const left = (await sessionOf(t, (await companySignIn(t, provider, leaver)).jar))!;
    expectD4(await t.call({ method: 'GET', url: '/find/own/organisation', headers: bearer(left.session.token) }), 404);

    // An account already in another organisation stays there.
    const elsewhere = await scimOrganisation(t);
    const moved = address();
    const otherUser = (await scim(t, elsewhere.token, 'POST', '/scim/v2/Users', entraUser(moved))).body.id as string;
    const first = (await sessionOf(t, (await companySignIn(t, provider, moved)).jar))!;
    expect((await t.app.db.selectFrom('scimUser').select('userId').where('id', '=', otherUser).executeTakeFirstOrThrow()).userId).toBe(first.user.id);
    await scim(t, org.token, 'POST', '/scim/v2/Users', entraUser(moved));
    await companySignIn(t, provider, moved);
    const own = await t.call({ method: 'GET', url: '/find/own/organisation', headers: bearer(first.session.token) });
    expect(own.body.organisationId).toBe(elsewhere.organisationId);
  });
});
