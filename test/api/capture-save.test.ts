import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTURE_EVENT_SAVE_RULE, CAPTURE_SAVE_RULE } from '../../server/features/capture/capture-save.service.ts';
import type { RateRule } from '../../server/lib/rate-limiter.ts';
import { createProfile, expectD4, quickOwners } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 36: POST /capture/save (a capture stored as a lead once per clientId and account),
 * POST /capture/event/save and GET /find/own/capture/events (an owner's own events and the
 * organisation's shared ones), through the real app: idempotency, ownership, bad input naming
 * the field, the limits per account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

async function fill(rule: RateRule, subject: string) {
  for (let done = 0; done < rule.max; done += 50) {
    await Promise.all(Array.from({ length: Math.min(50, rule.max - done) }, () => t.app.platform.rateLimiter.hit(rule, subject)));
  }
}

/** An owner with one profile. */
async function ownerWithProfile(): Promise<{ user: TestUser; profileId: string }> {
  const [user] = await quickOwners(t, 1);
  const profileId = (await createProfile(t, user!, { firstName: 'Olga', lastName: 'Owner' })).id;
  return { user: user!, profileId };
}

const capture = (overrides: Record<string, unknown> = {}) => ({
  clientId: randomUUID(),
  method: 'paper',
  capturedAt: new Date(Date.now() - 60_000).toISOString(),
  firstName: 'Emily',
  lastName: 'Carter',
  jobTitle: 'Head of Sales',
  company: 'Harbour & Finch',
  email: 'Emily@HarbourFinch.com',
  phone: '+44 20 7946 0018',
  mobile: '+44 7911 123456',
  website: 'harbourfinch.com',
  street: '12 Quay Street',
  zip: 'BS1 4DJ',
  city: 'Bristol',
  country: 'United Kingdom',
  note: 'Wants a demo in January.\nMet at the booth.',
  tags: ['hot', 'demo'],
  ...overrides,
});
const save = (body: unknown, user?: TestUser) => t.post('/capture/save', body, user);
const leadsOf = async (user: TestUser) => (await t.get('/find/own/leads', user)).body.leads as Array<Record<string, unknown>>;

describe('POST /capture/save', () => {
  it('stores the capture as a lead of the owner with method, note, tags, fields and capturedAt', async () => {
    const { user, profileId } = await ownerWithProfile();
    const body = capture();
    const res = await save(body, user);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ leadId: expect.any(String), created: true });
    const [lead] = await leadsOf(user);
    expect(lead).toMatchObject({
      id: res.body.leadId,
      profileId,
      method: 'paper',
      email: 'emily@harbourfinch.com',
      name: 'Emily Carter',
      firstName: 'Emily',
      lastName: 'Carter',
      jobTitle: 'Head of Sales',
      company: 'Harbour & Finch',
      phone: '+44 20 7946 0018',
      mobile: '+44 7911 123456',
      city: 'Bristol',
      note: 'Wants a demo in January.\nMet at the booth.',
      tags: ['hot', 'demo'],
      eventId: '',
      capturedAt: Date.parse(body.capturedAt),
      status: 'new',
      consentText: '',
    });
    // The owner's search finds it by its note and tags too.
    const found = await t.get('/find/own/leads?q=demo%20bristol', user);
    expect(found.body.leads.map((l: { id: string }) => l.id)).toEqual([res.body.leadId]);
  });

  it('is idempotent by clientId: the same clientId again answers the same lead and changes nothing', async () => {
    const { user } = await ownerWithProfile();
    const body = capture({ method: 'badge' });
    const first = await save(body, user);
    expect(first.status, first.raw).toBe(200);
    const again = await save({ ...body, note: 'changed', firstName: 'Someone' }, user);
    expect(again.status, again.raw).toBe(200);
    expect(again.body).toEqual({ leadId: first.body.leadId, created: false });
    // Sent at once (a phone retrying while the first answer is on its way): still one lead.
    const racing = await Promise.all([1, 2, 3].map(() => save({ ...body, clientId: 'race-' + body.clientId }, user)));
    expect(racing.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(racing.map((r) => r.body.leadId)).size).toBe(1);
    expect(racing.filter((r) => r.body.created)).toHaveLength(1);
    const leads = await leadsOf(user);
    expect(leads).toHaveLength(2);
    expect(leads.find((l) => l.id === first.body.leadId)).toMatchObject({ note: body.note, firstName: 'Emily' });
  });

  it("keeps clientIds per account: another owner's same clientId is that owner's own lead", async () => {
    const a = await ownerWithProfile();
    const b = await ownerWithProfile();
    const body = capture();
    const first = await save(body, a.user);
    const second = await save(body, b.user);
    expect(second.body.created).toBe(true);
    expect(second.body.leadId).not.toBe(first.body.leadId);
    expect((await leadsOf(b.user)).map((l) => l.id)).toEqual([second.body.leadId]);
    expect((await leadsOf(a.user)).map((l) => l.id)).toEqual([first.body.leadId]);
  });

  it("refuses another owner's profile and event as not found, naming the field", async () => {
    const a = await ownerWithProfile();
    const b = await ownerWithProfile();
    expect(expectD4(await save(capture({ profileId: b.profileId }), a.user), 404, 'cmc/profile-not-found').field).toBe('profileId');
    const event = await t.post('/capture/event/save', { name: 'b’s fair', startsOn: '2026-11-20', endsOn: '2026-11-22' }, b.user);
    expect(event.status, event.raw).toBe(200);
    expect(expectD4(await save(capture({ eventId: event.body.id }), a.user), 404, 'cmc/not-found').field).toBe('eventId');
    expect(await leadsOf(a.user)).toHaveLength(0);
  });

  it('needs a signed-in owner', async () => {
    expectD4(await save(capture()), 401, 'cmc/unauthorized');
  });

  it('answers 400 naming the field for bad input', async () => {
    const { user } = await ownerWithProfile();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ clientId: undefined }, 'clientId'],
      [{ clientId: 'a b' }, 'clientId'],
      [{ method: 'fax' }, 'method'],
      [{ capturedAt: 'yesterday' }, 'capturedAt'],
      [{ capturedAt: Date.now() + 24 * 60 * 60 * 1000 }, 'capturedAt'],
      [{ email: 'not-an-address' }, 'email'],
      [{ email: '', phone: '', mobile: '', firstName: '', lastName: '' }, 'email'],
      [{ firstName: 'x'.repeat(101) }, 'firstName'],
      [{ company: 'a\nb' }, 'company'],
      [{ tags: 'hot' }, 'tags'],
      [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ tags: [''] }, 'tags.0'],
      [{ note: 'x'.repeat(2001) }, 'note'],
      [{ eventId: 'no such/id' }, 'eventId'],
    ];
    for (const [change, field] of cases) {
      const body = { ...capture(), ...change };
      const res = expectD4(await save(body, user), 400, 'cmc/invalid-input');
      expect(res.field, JSON.stringify(change)).toBe(field);
    }
    expect(await leadsOf(user)).toHaveLength(0);
    // A name alone, or a phone alone, is enough.
    expect((await save(capture({ email: '', phone: '', mobile: '', lastName: '' }), user)).status).toBe(200);
    expect((await save(capture({ email: null, firstName: null, lastName: null, mobile: null, method: 'manual' }), user)).status).toBe(200);
  });

  it('asks for a profile first when the owner has none', async () => {
    const [user] = await quickOwners(t, 1);
    expect(expectD4(await save(capture(), user), 400, 'cmc/invalid-input').field).toBe('profileId');
  });

  it("answers 429 past the account's limit, on any instance, and leaves other accounts alone", async () => {
    const a = await ownerWithProfile();
    const b = await ownerWithProfile();
    await fill(CAPTURE_SAVE_RULE, a.user.userId);
    const res = await save(capture(), a.user);
    expectD4(res, 429, 'cmc/rate-limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await save(capture(), b.user)).status).toBe(200);
  });
});

describe('POST /capture/event/save and GET /find/own/capture/events', () => {
  it('saves and lists an owner’s own event with the captures made at it', async () => {
    const { user } = await ownerWithProfile();
    const made = await t.post('/capture/event/save', { name: 'Hannover Messe', startsOn: '2026-04-20', endsOn: '2026-04-24' }, user);
    expect(made.status, made.raw).toBe(200);
    expect(made.body).toMatchObject({ name: 'Hannover Messe', organisationId: null, editable: true, captures: 0 });
    await save(capture({ eventId: made.body.id }), user);
    await save(capture({ eventId: made.body.id, method: 'qr' }), user);
    const changed = await t.post(
      '/capture/event/save',
      { eventId: made.body.id, name: 'Hannover Messe 2026', startsOn: '2026-04-20', endsOn: '2026-04-25' },
      user,
    );
    expect(changed.status, changed.raw).toBe(200);
    const listed = await t.get('/find/own/capture/events', user);
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.events).toEqual([expect.objectContaining({ id: made.body.id, name: 'Hannover Messe 2026', endsOn: '2026-04-25', captures: 2 })]);
    const leads = await leadsOf(user);
    expect(leads.map((l) => [l.eventId, l.eventName])).toEqual([
      [made.body.id, 'Hannover Messe 2026'],
      [made.body.id, 'Hannover Messe 2026'],
    ]);
  });

  it('shares an organisation’s event with its members; only owners and admins make or change it; admins see every member’s captures at it', async () => {
    const [admin, member, outsider] = await quickOwners(t, 3);
    const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, admin)).body.organisationId as string;
    await joinOrganisation(t, organisationId, admin, member);
    const privateProfile = (await createProfile(t, member, { firstName: 'Mia', lastName: 'Privat' })).id;
    await createProfile(t, outsider, { firstName: 'Otto' });

    expectD4(await t.post('/capture/event/save', { name: 'Mine', startsOn: '2026-05-01', endsOn: '2026-05-01', organisationId }, member), 403, 'cmc/forbidden');
    expectD4(await t.post('/capture/event/save', { name: 'Theirs', startsOn: '2026-05-01', endsOn: '2026-05-01', organisationId }, outsider), 404);
    const event = await t.post('/capture/event/save', { name: 'dmexco', startsOn: '2026-09-16', endsOn: '2026-09-17', organisationId }, admin);
    expect(event.status, event.raw).toBe(200);
    const forMember = (await t.get('/find/own/capture/events', member)).body.events;
    expect(forMember).toEqual([expect.objectContaining({ id: event.body.id, organisationId, organisationName: 'Acme', editable: false })]);
    expect((await t.get('/find/own/capture/events', outsider)).body.events).toEqual([]);
    expectD4(
      await t.post('/capture/event/save', { eventId: event.body.id, name: 'x', startsOn: '2026-09-16', endsOn: '2026-09-17', organisationId }, member),
      403,
    );
    expectD4(
      await t.post('/capture/event/save', { eventId: event.body.id, name: 'x', startsOn: '2026-09-16', endsOn: '2026-09-17', organisationId }, outsider),
      404,
    );

    // The member captures at it, on their private profile (they have no company profile): the admin sees it; an outsider cannot use the event.
    const saved = await save(capture({ eventId: event.body.id }), member);
    expect(saved.status, saved.raw).toBe(200);
    expect((await leadsOf(member))[0]).toMatchObject({ profileId: privateProfile, eventName: 'dmexco' });
    expectD4(await save(capture({ eventId: event.body.id }), outsider), 404);
    const team = await t.get(`/find/own/organisation/leads?organisationId=${organisationId}`, admin);
    expect(team.status, team.raw).toBe(200);
    expect(team.body.leads).toEqual([expect.objectContaining({ id: saved.body.leadId, memberId: member.userId, method: 'paper', eventName: 'dmexco' })]);
    // A capture of the member without the event stays private.
    await save(capture(), member);
    expect((await t.get(`/find/own/organisation/leads?organisationId=${organisationId}`, admin)).body.leads).toHaveLength(1);
    // The organisation's statistics count it for the member and the event, not the private one.
    const stats = await t.get(`/find/own/organisation/stats?organisationId=${organisationId}&days=7`, admin);
    expect(stats.status, stats.raw).toBe(200);
    expect(stats.body.members.find((m: { userId: string }) => m.userId === member.userId)).toMatchObject({ captures: 1 });
    expect(stats.body.members.find((m: { userId: string }) => m.userId === admin.userId)).toMatchObject({ captures: 0 });
    expect(stats.body.events).toEqual([{ eventId: event.body.id, name: 'dmexco', captures: 1 }]);
  });

  it('answers 400 naming the field for a bad event', async () => {
    const { user } = await ownerWithProfile();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ name: '' }, 'name'],
      [{ name: 'x'.repeat(101) }, 'name'],
      [{ startsOn: '2026-02-30' }, 'startsOn'],
      [{ endsOn: 'soon' }, 'endsOn'],
      [{ startsOn: '2026-05-02', endsOn: '2026-05-01' }, 'endsOn'],
      [{ organisationId: 'a/b' }, 'organisationId'],
      [{ eventId: 'NoSuchEvent1' }, 'eventId'],
    ];
    for (const [change, field] of cases) {
      const res = await t.post('/capture/event/save', { name: 'Fair', startsOn: '2026-05-01', endsOn: '2026-05-01', ...change }, user);
      expect(res.body.field, JSON.stringify(change)).toBe(field);
      expect([400, 404]).toContain(res.status);
    }
    expectD4(await t.post('/capture/event/save', { name: 'Fair', startsOn: '2026-05-01', endsOn: '2026-05-01' }), 401);
    expectD4(await t.get('/find/own/capture/events'), 401);
  });

  it("answers 429 past the account's limit of event saves", async () => {
    const { user } = await ownerWithProfile();
    await fill(CAPTURE_EVENT_SAVE_RULE, user.userId);
    expectD4(await t.post('/capture/event/save', { name: 'Fair', startsOn: '2026-05-01', endsOn: '2026-05-01' }, user), 429, 'cmc/rate-limited');
  });
});
