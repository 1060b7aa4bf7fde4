import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectD4, quickOwners } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';

/**
 * Issue 24: organisations, roles, the member list, role changes, the ownership hand-over and
 * removal. Another organisation's admin gets 404 for every id, a member 403 on admin calls.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** An organisation with an owner, an admin and a member, joined through the real invitation flow. */
async function team(name = 'Acme GmbH') {
  const [owner, admin, member] = await quickOwners(t, 3);
  const created = await t.post('/organisation/create', { name, brandColour: '#1D4ED8' }, owner);
  expect(created.status, created.raw).toBe(200);
  const organisationId = created.body.organisationId as string;
  await joinOrganisation(t, organisationId, owner, admin, 'admin');
  await joinOrganisation(t, organisationId, owner, member, 'member');
  return { organisationId, owner, admin, member };
}

describe('POST /organisation/create and GET /find/own/organisation', () => {
  it('creates an organisation whose creator is its owner, and every member sees it with their role', async () => {
    const { organisationId, owner, member } = await team('Beispiel AG');
    const own = await t.get('/find/own/organisation', owner);
    expect(own.body).toMatchObject({ organisationId, name: 'Beispiel AG', brandColour: '#1d4ed8', role: 'owner', memberCount: 3 });
    const seenByMember = await t.get('/find/own/organisation', member);
    expect(seenByMember.body).toMatchObject({ organisationId, role: 'member' });
  });

  it('answers 404 cmc/organisation-not-found to an account without an organisation', async () => {
    const [loner] = await quickOwners(t, 1);
    expectD4(await t.get('/find/own/organisation', loner), 404, 'cmc/organisation-not-found');
  });

  it('refuses a second organisation for an account that already belongs to one (409)', async () => {
    const { member } = await team();
    expectD4(await t.post('/organisation/create', { name: 'Side business' }, member), 409, 'cmc/already-in-organisation');
  });

  it('names the field of a bad body: empty name, colour that is no colour', async () => {
    const [owner] = await quickOwners(t, 1);
    expect(expectD4(await t.post('/organisation/create', { name: '  ' }, owner), 400, 'cmc/invalid-input').field).toBe('name');
    expect(expectD4(await t.post('/organisation/create', { name: 'X', brandColour: 'blue' }, owner), 400, 'cmc/invalid-input').field).toBe('brandColour');
    expectD4(await t.get('/find/own/organisation', owner), 404);
  });

  it('needs a signed-in owner', async () => {
    expectD4(await t.post('/organisation/create', { name: 'Anon' }), 401, 'cmc/unauthorized');
  });
});

describe('POST /organisation/update', () => {
  it('lets an admin rename the organisation and set its colour; a member gets 403, another organisation 404', async () => {
    const { organisationId, admin, member } = await team();
    const other = await team('Other Ltd');
    const updated = await t.post('/organisation/update', { organisationId, name: 'Acme Group', brandColour: '#0F766E' }, admin);
    expect(updated.status, updated.raw).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Acme Group', brandColour: '#0f766e' });
    expectD4(await t.post('/organisation/update', { organisationId, name: 'Mine now' }, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/update', { organisationId, name: 'Hostile' }, other.owner), 404, 'cmc/organisation-not-found');
    expect((await t.get('/find/own/organisation', admin)).body.name).toBe('Acme Group');
  });

  it('answers 400 naming organisationId when it is missing', async () => {
    const { admin } = await team();
    expect(expectD4(await t.post('/organisation/update', { name: 'X' }, admin), 400).field).toBe('organisationId');
  });
});

describe('GET /find/own/organisation/members', () => {
  it('lists the members with e-mail and role to admins only', async () => {
    const { organisationId, owner, admin, member } = await team();
    const list = await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, admin);
    expect(list.status, list.raw).toBe(200);
    const roles = Object.fromEntries(list.body.members.map((m: { email: string; role: string }) => [m.email, m.role]));
    expect(roles).toEqual({ [owner.email]: 'owner', [admin.email]: 'admin', [member.email]: 'member' });
    expectD4(await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, member), 403, 'cmc/forbidden');
    const other = await team('Other Ltd');
    expectD4(await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, other.admin), 404, 'cmc/organisation-not-found');
    expect(expectD4(await t.get('/find/own/organisation/members', admin), 400).field).toBe('organisationId');
  });
});

describe('POST /organisation/member/role', () => {
  it('lets an admin make a member admin, but not make anyone owner', async () => {
    const { organisationId, admin, member } = await team();
    const promoted = await t.post('/organisation/member/role', { organisationId, userId: member.userId, role: 'admin' }, admin);
    expect(promoted.body).toEqual({ userId: member.userId, role: 'admin' });
    expectD4(await t.post('/organisation/member/role', { organisationId, userId: member.userId, role: 'owner' }, admin), 403, 'cmc/forbidden');
  });

  it('hands ownership over without support: the owner makes an admin owner, then steps down', async () => {
    const { organisationId, owner, admin } = await team();
    expect((await t.post('/organisation/member/role', { organisationId, userId: admin.userId, role: 'owner' }, owner)).status).toBe(200);
    const stepDown = await t.post('/organisation/member/role', { organisationId, userId: owner.userId, role: 'member' }, owner);
    expect(stepDown.status, stepDown.raw).toBe(200);
    expect((await t.get('/find/own/organisation', admin)).body.role).toBe('owner');
    expect((await t.get('/find/own/organisation', owner)).body.role).toBe('member');
  });

  it('never leaves the organisation without an owner (409 cmc/last-owner)', async () => {
    const { organisationId, owner } = await team();
    expectD4(await t.post('/organisation/member/role', { organisationId, userId: owner.userId, role: 'admin' }, owner), 409, 'cmc/last-owner');
    expectD4(await t.post('/organisation/member/remove', { organisationId, userId: owner.userId }, owner), 409, 'cmc/last-owner');
  });

  it('answers 403 to a member, 404 to another organisation and for a user who is not a member, 400 for an unknown role', async () => {
    const { organisationId, admin, member } = await team();
    const other = await team('Other Ltd');
    expectD4(await t.post('/organisation/member/role', { organisationId, userId: member.userId, role: 'admin' }, member), 403);
    expectD4(
      await t.post('/organisation/member/role', { organisationId, userId: member.userId, role: 'admin' }, other.owner),
      404,
      'cmc/organisation-not-found',
    );
    expectD4(await t.post('/organisation/member/role', { organisationId, userId: other.member.userId, role: 'admin' }, admin), 404, 'cmc/member-not-found');
    expect(expectD4(await t.post('/organisation/member/role', { organisationId, userId: member.userId, role: 'boss' }, admin), 400).field).toBe('role');
  });
});

describe('POST /organisation/member/remove', () => {
  it('removes the member and ends every session of theirs at once', async () => {
    const { organisationId, admin, member } = await team();
    expect((await t.get('/find/own/leads', member)).status).toBe(200);
    const removed = await t.post('/organisation/member/remove', { organisationId, userId: member.userId }, admin);
    expect(removed.status, removed.raw).toBe(200);
    expectD4(await t.get('/find/own/leads', member), 401, 'cmc/unauthorized');
    const list = await t.get(`/find/own/organisation/members?organisationId=${organisationId}`, admin);
    expect(list.body.members.map((m: { userId: string }) => m.userId)).not.toContain(member.userId);
    const left = await t.app.db.selectFrom('session').select('id').where('userId', '=', member.userId).execute();
    expect(left).toEqual([]);
  });

  it('lets an admin not remove an owner, a member nobody, another organisation nobody', async () => {
    const { organisationId, owner, admin, member } = await team();
    const other = await team('Other Ltd');
    expectD4(await t.post('/organisation/member/remove', { organisationId, userId: owner.userId }, admin), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/member/remove', { organisationId, userId: admin.userId }, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/organisation/member/remove', { organisationId, userId: member.userId }, other.owner), 404, 'cmc/organisation-not-found');
    expectD4(await t.post('/organisation/member/remove', { organisationId: other.organisationId, userId: other.member.userId }, admin), 404);
    expect((await t.get('/find/own/organisation', member)).status).toBe(200);
    expect(expectD4(await t.post('/organisation/member/remove', { organisationId }, admin), 400).field).toBe('userId');
  });
});

describe('GET /find/own/organisation/audit', () => {
  it('records every admin action with actor, target and time, newest first, for admins only', async () => {
    const { organisationId, owner, admin, member } = await team();
    await t.post('/organisation/member/role', { organisationId, userId: member.userId, role: 'admin' }, owner);
    await t.post('/organisation/member/remove', { organisationId, userId: member.userId }, admin);
    const log = await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, owner);
    expect(log.status, log.raw).toBe(200);
    const entries = log.body.entries as Array<{ actorEmail: string; action: string; target: string; created: number }>;
    expect(entries.slice(0, 2).map((e) => [e.action, e.actorEmail, e.target])).toEqual([
      ['member.remove', admin.email, member.email],
      ['member.role', owner.email, member.email],
    ]);
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['organisation.create', 'invitation.send', 'invitation.accept']));
    const other = await team('Other Ltd');
    expectD4(await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, other.owner), 404);
  });
});

describe('GET /download/organisation-audit.csv', () => {
  it('exports the audit log as CSV in the request language to admins only', async () => {
    const { organisationId, owner, member } = await team();
    const res = await t.call({ method: 'GET', url: `/download/organisation-audit.csv?organisationId=${organisationId}&lng=de`, headers: owner.auth });
    expect(res.status, res.raw).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.raw
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('"Zeit","Handelnde Person","Aktion","Ziel","Details"');
    expect(lines.some((l) => l.includes(`"invitation.send","${member.email}"`))).toBe(true);
    expectD4(await t.call({ method: 'GET', url: `/download/organisation-audit.csv?organisationId=${organisationId}`, headers: member.auth }), 403);
    const other = await team('Other Ltd');
    expectD4(await t.call({ method: 'GET', url: `/download/organisation-audit.csv?organisationId=${organisationId}`, headers: other.owner.auth }), 404);
  });
});
