import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 24: invitations by e-mail. The mail is in the invitee's language and carries a link
 * whose token the accept call takes; the invitee accepts with an existing or a new account;
 * admins resend and revoke; the mail limits hold across instances.
 */

let t: TestApp;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const address = (name: string) => `${name}-${Date.now()}-${++n}@example.org`;
type OutboxMail = { to: string; subject: string; text: string; links: string[] };
const mailsTo = async (to: string) => ((await t.get('/_dev/mail')).body as OutboxMail[]).filter((m) => m.to === to);
/** The token of the newest invitation link mailed to `to`. */
async function tokenFor(to: string): Promise<string> {
  const [mail] = await mailsTo(to);
  const link = mail.links.find((l) => l.includes('/team/accept'))!;
  expect(link.startsWith(`${t.config.publicUrl}/team/accept?token=`)).toBe(true);
  return new URL(link).searchParams.get('token')!;
}
async function organisation(): Promise<{ organisationId: string; owner: TestUser }> {
  const [owner] = await quickOwners(t, 1);
  const res = await t.post('/organisation/create', { name: `Team ${++n}` }, owner);
  return { organisationId: res.body.organisationId, owner };
}
const invite = (user: TestUser, body: object, acceptLanguage?: string) =>
  t.call({
    method: 'POST',
    url: '/organisation/invite',
    payload: body,
    headers: { ...user.auth, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) },
  });

describe('POST /organisation/invite', () => {
  it('invites several addresses at once, one mail each, listed as pending by GET /find/own/organisation/invitations', async () => {
    const { organisationId, owner } = await organisation();
    const emails = [address('anna'), address('ben')];
    const res = await invite(owner, { organisationId, emails, role: 'member' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.invitations.map((i: { email: string; status: string }) => [i.email, i.status])).toEqual(emails.map((e) => [e, 'pending']));
    for (const to of emails) expect(await mailsTo(to)).toHaveLength(1);
    const list = await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner);
    expect(list.body.invitations).toHaveLength(2);
    expect(JSON.stringify(list.body)).not.toMatch(/token/i);
  });

  it('writes the mail in the invitee account’s language, else the language of the admin’s request', async () => {
    const { organisationId, owner } = await organisation();
    const [existing] = await quickOwners(t, 1);
    await t.app.db.updateTable('user').set({ language: 'en' }).where('id', '=', existing.userId).execute();
    const newcomer = address('neu');
    await invite(owner, { organisationId, emails: [existing.email, newcomer] }, 'de-DE,de;q=0.9');
    expect((await mailsTo(existing.email))[0].subject).toMatch(/^Invitation to join a team/);
    const german = (await mailsTo(newcomer))[0];
    expect(german.subject).toMatch(/^Einladung in ein Team/);
    expect(german.text).toContain('Einladung annehmen');
  });

  it("keeps the organisation's name, free text of whoever made it, out of the subject and quotes it in the body (issue 33)", async () => {
    const [owner] = await quickOwners(t, 1);
    const bait = 'Security alert: your account is locked, verify at evil.example';
    const organisationId = (await t.post('/organisation/create', { name: `${bait}\n\nReply now` }, owner)).body.organisationId as string;
    for (const language of ['en', 'de']) {
      const to = address(`bait-${language}`);
      expect((await invite(owner, { organisationId, emails: [to] }, language)).status).toBe(200);
      const [mail] = await mailsTo(to);
      expect(mail.subject).toBe(
        language === 'de' ? 'Einladung in ein Team für Ihre digitale Visitenkarte' : 'Invitation to join a team for your digital business card',
      );
      expect(mail.subject).not.toMatch(/alert|evil|locked/i);
      expect(mail.text).toContain(language === 'de' ? `„${bait} Reply now“` : `“${bait} Reply now”`);
      expect(mail.text).toContain(owner.email);
    }
  });

  it('refuses bad input naming the field, and stores nothing', async () => {
    const { organisationId, owner } = await organisation();
    expect(expectD4(await invite(owner, { organisationId, emails: ['not an address'] }), 400).field).toMatch(/^emails/);
    expect(expectD4(await invite(owner, { organisationId, emails: [] }), 400).field).toBe('emails');
    expect(expectD4(await invite(owner, { organisationId, emails: [address('x')], role: 'owner' }), 400).field).toBe('role');
    const twice = address('twice');
    expect(expectD4(await invite(owner, { organisationId, emails: [twice, twice] }), 400).field).toBe('emails');
    expect((await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner)).body.invitations).toEqual([]);
  });

  it('answers 403 to a member and 404 to another organisation’s admin', async () => {
    const { organisationId, owner } = await organisation();
    const [member] = await quickOwners(t, 1);
    await invite(owner, { organisationId, emails: [member.email] });
    await t.post('/organisation/invitation/accept', { token: await tokenFor(member.email) }, member);
    expectD4(await invite(member, { organisationId, emails: [address('friend')] }), 403, 'cmc/forbidden');
    const other = await organisation();
    expectD4(await invite(other.owner, { organisationId, emails: [address('spam')] }), 404, 'cmc/organisation-not-found');
    expectD4(await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, other.owner), 404);
  });

  it('limits invitation mails per address across instances: the fourth in a day is 429, sent from either instance', async () => {
    const { organisationId, owner } = await organisation();
    const second = await t.secondInstance();
    try {
      const to = address('limited');
      expect((await invite(owner, { organisationId, emails: [to] })).status).toBe(200);
      const [first] = (await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner)).body.invitations;
      expect((await second.post('/organisation/invitation/resend', { organisationId, invitationId: first.invitationId }, owner)).status).toBe(200);
      expect((await t.post('/organisation/invitation/resend', { organisationId, invitationId: first.invitationId }, owner)).status).toBe(200);
      const refused = await second.post('/organisation/invitation/resend', { organisationId, invitationId: first.invitationId }, owner);
      expectD4(refused, 429, 'cmc/rate-limited');
      expect(refused.headers['retry-after']).toBeDefined();
      expect(await mailsTo(to)).toHaveLength(3);
    } finally {
      await second.close();
    }
  });
});

describe('POST /organisation/invitation/accept', () => {
  it('lets an existing account join with the mailed token, once', async () => {
    const { organisationId, owner } = await organisation();
    const [existing] = await quickOwners(t, 1);
    await invite(owner, { organisationId, emails: [existing.email], role: 'admin' });
    const token = await tokenFor(existing.email);
    const joined = await t.post('/organisation/invitation/accept', { token }, existing);
    expect(joined.status, joined.raw).toBe(200);
    expect(joined.body).toMatchObject({ organisationId, role: 'admin' });
    expectD4(await t.post('/organisation/invitation/accept', { token }, existing), 404, 'cmc/invitation-not-found');
  });

  it('lets a new account, signed up after the mail came, join with it', async () => {
    const { organisationId, owner } = await organisation();
    const email = address('new');
    await invite(owner, { organisationId, emails: [email] });
    const token = await tokenFor(email);
    const newcomer = await t.signUp({ email });
    const joined = await t.post('/organisation/invitation/accept', { token }, newcomer);
    expect(joined.body).toMatchObject({ organisationId, role: 'member' });
  });

  it('refuses a revoked, an unknown or an expired token, and an account already in an organisation', async () => {
    const { organisationId, owner } = await organisation();
    const [a, b, c] = await quickOwners(t, 3);
    await invite(owner, { organisationId, emails: [a.email, b.email, c.email] });
    const invitations = (await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner)).body.invitations as Array<{
      invitationId: string;
      email: string;
    }>;
    const idOf = (email: string) => invitations.find((i) => i.email === email)!.invitationId;
    const revoked = await t.post('/organisation/invitation/revoke', { organisationId, invitationId: idOf(a.email) }, owner);
    expect(revoked.body.status).toBe('revoked');
    expectD4(await t.post('/organisation/invitation/accept', { token: await tokenFor(a.email) }, a), 404, 'cmc/invitation-not-found');
    expectD4(await t.post('/organisation/invitation/accept', { token: 'x'.repeat(43) }, a), 404, 'cmc/invitation-not-found');
    await t.app.db
      .updateTable('organisationInvitation')
      .set({ expires: Date.now() - 1 })
      .where('id', '=', idOf(b.email))
      .execute();
    expectD4(await t.post('/organisation/invitation/accept', { token: await tokenFor(b.email) }, b), 404, 'cmc/invitation-not-found');
    const elsewhere = await organisation();
    expectD4(await t.post('/organisation/invitation/accept', { token: await tokenFor(c.email) }, elsewhere.owner), 409, 'cmc/already-in-organisation');
    expect(expectD4(await t.post('/organisation/invitation/accept', {}, c), 400).field).toBe('token');
    expectD4(await t.post('/organisation/invitation/accept', { token: await tokenFor(c.email) }), 401);
    // The refused accept left the invitation usable.
    expect((await t.post('/organisation/invitation/accept', { token: await tokenFor(c.email) }, c)).status).toBe(200);
  });
});

describe('POST /organisation/invitation/show (issue 35: who invites, for the sign-in screen)', () => {
  let clients = 0;
  /** Each case from its own client address: the call is limited per client. */
  const show = (body: object, remoteAddress = `10.35.0.${++clients}`) =>
    t.call({ method: 'POST', url: '/organisation/invitation/show', payload: body, remoteAddress });

  it('answers only the inviting organisation’s name to anyone holding a usable link, with no cookie', async () => {
    const { organisationId, owner } = await organisation();
    const name = (await t.get('/find/own/organisation', owner)).body.name as string;
    const email = address('preview');
    await invite(owner, { organisationId, invitees: [{ email, firstName: 'Pia', lastName: 'Vorschau', jobTitle: 'Sales' }], role: 'admin' });
    const answer = await show({ token: await tokenFor(email) });
    expect(answer.status, answer.raw).toBe(200);
    // Nothing more: not the address, names, role, inviter or the organisation's id.
    expect(answer.body).toEqual({ organisationName: name });
    expect(answer.headers['set-cookie']).toBeUndefined();
  });

  it('answers 404 for an unknown, revoked, used or expired link and 400 naming token for a malformed one', async () => {
    const { organisationId, owner } = await organisation();
    const [a, b] = await quickOwners(t, 2);
    const revokedAddress = address('revoked');
    await invite(owner, { organisationId, emails: [a.email, b.email, revokedAddress] });
    expectD4(await show({ token: 'x'.repeat(43) }), 404, 'cmc/invitation-not-found');
    const invitations = (await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner)).body.invitations as Array<{
      invitationId: string;
      email: string;
    }>;
    const idOf = (email: string) => invitations.find((i) => i.email === email)!.invitationId;
    await t.post('/organisation/invitation/revoke', { organisationId, invitationId: idOf(revokedAddress) }, owner);
    expectD4(await show({ token: await tokenFor(revokedAddress) }), 404, 'cmc/invitation-not-found');
    expect((await t.post('/organisation/invitation/accept', { token: await tokenFor(a.email) }, a)).status).toBe(200);
    expectD4(await show({ token: await tokenFor(a.email) }), 404, 'cmc/invitation-not-found');
    expect((await show({ token: await tokenFor(b.email) })).status).toBe(200);
    await t.app.db
      .updateTable('organisationInvitation')
      .set({ expires: Date.now() - 1 })
      .where('id', '=', idOf(b.email))
      .execute();
    expectD4(await show({ token: await tokenFor(b.email) }), 404, 'cmc/invitation-not-found');
    expect(expectD4(await show({}), 400, 'cmc/invalid-input').field).toBe('token');
    expect(expectD4(await show({ token: 'short' }), 400, 'cmc/invalid-input').field).toBe('token');
  });

  it('is limited per client: the 31st ask in ten minutes is 429, another client still gets its answer', async () => {
    const { organisationId, owner } = await organisation();
    const email = address('limited');
    await invite(owner, { organisationId, emails: [email] });
    const token = await tokenFor(email);
    for (let i = 0; i < 30; i++) expect((await show({ token: 'y'.repeat(43) }, '10.35.1.1')).status).toBe(404);
    expectD4(await show({ token }, '10.35.1.1'), 429, 'cmc/rate-limited');
    expect((await show({ token }, '10.35.1.2')).status).toBe(200);
  });
});

describe('POST /organisation/invitation/resend and POST /organisation/invitation/revoke', () => {
  it('resends with a new link (the old one stops working) and revokes, for the own organisation only', async () => {
    const { organisationId, owner } = await organisation();
    const to = address('again');
    await invite(owner, { organisationId, emails: [to] });
    const oldToken = await tokenFor(to);
    const [inv] = (await t.get(`/find/own/organisation/invitations?organisationId=${organisationId}`, owner)).body.invitations;
    const other = await organisation();
    expectD4(await t.post('/organisation/invitation/resend', { organisationId, invitationId: inv.invitationId }, other.owner), 404);
    expectD4(await t.post('/organisation/invitation/revoke', { organisationId, invitationId: inv.invitationId }, other.owner), 404);
    expectD4(
      await t.post('/organisation/invitation/resend', { organisationId: other.organisationId, invitationId: inv.invitationId }, other.owner),
      404,
      'cmc/invitation-not-found',
    );
    expect((await t.post('/organisation/invitation/resend', { organisationId, invitationId: inv.invitationId }, owner)).status).toBe(200);
    const newToken = await tokenFor(to);
    expect(newToken).not.toBe(oldToken);
    const invitee = await t.signUp({ email: to });
    expectD4(await t.post('/organisation/invitation/accept', { token: oldToken }, invitee), 404);
    expect((await t.post('/organisation/invitation/revoke', { organisationId, invitationId: inv.invitationId }, owner)).status).toBe(200);
    expectD4(await t.post('/organisation/invitation/accept', { token: newToken }, invitee), 404);
    expectD4(await t.post('/organisation/invitation/revoke', { organisationId, invitationId: inv.invitationId }, owner), 409);
    expect(expectD4(await t.post('/organisation/invitation/revoke', { organisationId }, owner), 400).field).toBe('invitationId');
  });
});
