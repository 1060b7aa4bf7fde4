import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createProfile, expectD4, quickOwners, registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 25 with organisations (docs/integrations.md "Organisations"): an organisation's owners and
 * admins keep webhooks of the organisation, which receive member.added and member.removed and
 * the events of the members' company profiles, written in the transaction of the change; members
 * get 403 on every call, other organisations' admins 404.
 */

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const ALL_EVENTS = ['lead.created', 'lead.updated', 'lead.deleted', 'profile.updated', 'card.registered', 'card.assigned', 'card.reset'];
const MEMBER_EVENTS = ['member.added', 'member.removed'];

/** An organisation with an owner and a template; `joinOrganisation` adds people through the mailed link. */
async function organisation() {
  const [owner] = await quickOwners(t, 1);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme' }, owner)).body.organisationId as string;
  const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme GmbH' }, locked: [] }, owner);
  expect(saved.status, saved.raw).toBe(200);
  return { organisationId, owner, templateId: saved.body.templateId as string };
}

async function createEndpoint(user: TestUser, body: { organisationId?: string; events: string[] }) {
  const path = `/hook/${Math.random().toString(36).slice(2)}`;
  const res = await t.post('/webhook/create', { url: `http://127.0.0.1:${receiver.port}${path}`, ...body }, user);
  expect(res.status, res.raw).toBe(200);
  return { id: res.body.webhookId as string, secret: res.body.secret as string, path };
}

const verified = (secret: string, r: ReceivedWebhook) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: any };
const typeOf = (r: ReceivedWebhook) => (JSON.parse(r.body) as { type: string }).type;
const atPath = (path: string) => receiver.received.filter((r) => r.path === path);
const waitAt = (path: string, type: string, has = '') => receiver.waitFor((r) => r.path === path && typeOf(r) === type && r.body.includes(has));

let visitors = 0;
async function sendContact(profileId: string) {
  const res = await t.call({
    method: 'POST',
    url: '/send/contact',
    payload: { profileId, senderEmail: `org-v${++visitors}@example.net`, language: 'en' },
    remoteAddress: `10.8.0.${visitors}`,
  });
  expect(res.status, res.raw).toBe(200);
  return (await t.app.db.selectFrom('lead').select('id').where('profileId', '=', profileId).orderBy('created', 'desc').executeTakeFirstOrThrow()).id;
}

/** No more requests arrive at `path` for a moment (the worker polls every 500 ms). */
async function quietAt(path: string, count: number) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(atPath(path).map(typeOf)).toHaveLength(count);
}

describe('POST /webhook/create {organisationId} and GET /find/own/webhooks?organisationId=', () => {
  it('lets owners and admins keep the organisation’s webhooks, apart from their own', async () => {
    const { organisationId, owner } = await organisation();
    const [admin] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, admin, 'admin');
    const endpoint = await createEndpoint(admin, { organisationId, events: [...MEMBER_EVENTS, 'lead.created'] });
    const own = await createEndpoint(owner, { events: ['lead.created'] });

    const listed = await t.get(`/find/own/webhooks?organisationId=${organisationId}`, owner);
    expect(listed.status, listed.raw).toBe(200);
    expect(listed.body.webhooks).toEqual([
      expect.objectContaining({ id: endpoint.id, organisationId, events: [...MEMBER_EVENTS, 'lead.created'], enabled: true }),
    ]);
    expect((await t.get('/find/own/webhooks', admin)).body.webhooks).toEqual([]);
    expect((await t.get('/find/own/webhooks', owner)).body.webhooks).toEqual([expect.objectContaining({ id: own.id, organisationId: null })]);
    // Any owner or admin manages it, not only the one who made it.
    expect((await t.post('/webhook/update', { webhookId: endpoint.id, description: 'CRM' }, owner)).body).toMatchObject({ description: 'CRM' });
    const test = await t.post('/webhook/test', { webhookId: endpoint.id }, owner);
    expect(test.status, test.raw).toBe(200);
    expect(verified(endpoint.secret, await waitAt(endpoint.path, 'webhook.test')).data).toMatchObject({ webhookId: endpoint.id });
    const deliveries = await t.get(`/find/own/webhook-deliveries?webhookId=${endpoint.id}`, owner);
    expect(deliveries.body.deliveries.map((d: any) => d.id)).toEqual([test.body.deliveryId]);
    expect((await t.post('/webhook/redeliver', { deliveryId: test.body.deliveryId }, admin)).status).toBe(200);
    const rotated = await t.post('/webhook/rotate-secret', { webhookId: endpoint.id }, owner);
    expect(rotated.status, rotated.raw).toBe(200);
  });

  it('refuses member.added and member.removed on an owner’s own webhook with a 400 naming events', async () => {
    const [user] = await quickOwners(t, 1);
    const url = `http://127.0.0.1:${receiver.port}/hook/own`;
    expect(expectD4(await t.post('/webhook/create', { url, events: ['lead.created', 'member.added'] }, user), 400).field).toBe('events');
    const own = await createEndpoint(user, { events: ['lead.created'] });
    expect(expectD4(await t.post('/webhook/update', { webhookId: own.id, events: ['member.removed'] }, user), 400).field).toBe('events');
  });

  it('answers 403 to a member and 404 to another organisation’s admin, on every call', async () => {
    const { organisationId, owner } = await organisation();
    const [member] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, member);
    const endpoint = await createEndpoint(owner, { organisationId, events: MEMBER_EVENTS });
    const { deliveryId } = (await t.post('/webhook/test', { webhookId: endpoint.id }, owner)).body;
    const stranger = (await organisation()).owner;
    const url = `http://127.0.0.1:${receiver.port}/hook/x`;
    const webhookId = endpoint.id;
    const calls = (user: TestUser) => [
      t.post('/webhook/create', { url, events: MEMBER_EVENTS, organisationId }, user),
      t.get(`/find/own/webhooks?organisationId=${organisationId}`, user),
      t.post('/webhook/update', { webhookId, enabled: false }, user),
      t.post('/webhook/rotate-secret', { webhookId }, user),
      t.post('/webhook/test', { webhookId }, user),
      t.get(`/find/own/webhook-deliveries?webhookId=${webhookId}`, user),
      t.post('/webhook/redeliver', { deliveryId }, user),
      t.post('/webhook/delete', { webhookId }, user),
    ];
    for (const res of await Promise.all(calls(member))) expectD4(res, 403, 'cmc/forbidden');
    const codes = ['cmc/organisation-not-found', 'cmc/organisation-not-found', ...Array(4).fill('cmc/webhook-not-found'), 'cmc/delivery-not-found'];
    const answers = await Promise.all(calls(stranger));
    answers.slice(0, 7).forEach((res, i) => expectD4(res, 404, codes[i]));
    expectD4(answers[7], 404, 'cmc/webhook-not-found');
    // Nothing changed: the endpoint is there, on, with its one delivery.
    const listed = (await t.get(`/find/own/webhooks?organisationId=${organisationId}`, owner)).body.webhooks;
    expect(listed).toEqual([expect.objectContaining({ id: webhookId, enabled: true })]);
    // And nothing refused reached the audit log: only the owner's creation.
    const audit = (await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, owner)).body.entries as Array<{ action: string }>;
    expect(audit.filter((e) => e.action.startsWith('webhook.')).map((e) => e.action)).toEqual(['webhook.create']);
  });
});

describe("the organisation's audit log of its webhooks (issue 33)", () => {
  type Entry = { actorEmail: string; action: string; target: string; detail: string };
  const webhookEntries = async (organisationId: string, user: TestUser) =>
    ((await t.get(`/find/own/organisation/audit?organisationId=${organisationId}`, user)).body.entries as Entry[])
      .filter((e) => e.action.startsWith('webhook.'))
      .reverse();

  it('records who made, re-pointed, rotated and deleted an endpoint, never its secret or a query of its address', async () => {
    const { organisationId, owner } = await organisation();
    const [admin] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, admin, 'admin');
    const endpoint = await createEndpoint(admin, { organisationId, events: MEMBER_EVENTS });
    const moved = `http://127.0.0.1:${receiver.port}/elsewhere?key=receiver-secret`;
    expect((await t.post('/webhook/update', { webhookId: endpoint.id, url: moved }, owner)).status).toBe(200);
    expect((await t.post('/webhook/update', { webhookId: endpoint.id, enabled: false }, admin)).status).toBe(200);
    const rotated = await t.post('/webhook/rotate-secret', { webhookId: endpoint.id }, owner);
    expect((await t.post('/webhook/delete', { webhookId: endpoint.id }, admin)).status).toBe(200);

    const entries = await webhookEntries(organisationId, owner);
    const base = `http://127.0.0.1:${receiver.port}`;
    expect(entries.map((e) => [e.actorEmail, e.action, e.target])).toEqual([
      [admin.email, 'webhook.create', `${base}${endpoint.path}`],
      [owner.email, 'webhook.update', `${base}/elsewhere`],
      [admin.email, 'webhook.update', `${base}/elsewhere`],
      [owner.email, 'webhook.rotate', `${base}/elsewhere`],
      [admin.email, 'webhook.delete', `${base}/elsewhere`],
    ]);
    expect(entries[0].detail).toBe(`${endpoint.id}; events: ${MEMBER_EVENTS.join(', ')}`);
    expect(entries[1].detail).toBe(`${endpoint.id}; url: ${base}${endpoint.path} → ${base}/elsewhere`);
    expect(entries[2].detail).toBe(`${endpoint.id}; enabled: false`);
    const raw = JSON.stringify(entries);
    for (const secret of [endpoint.secret, rotated.body.secret, 'receiver-secret']) expect(raw).not.toContain(secret);
  });

  it("writes nothing into any organisation's log for an owner's own endpoint", async () => {
    const { organisationId, owner } = await organisation();
    const own = await createEndpoint(owner, { events: ['lead.created'] });
    await t.post('/webhook/rotate-secret', { webhookId: own.id }, owner);
    await t.post('/webhook/delete', { webhookId: own.id }, owner);
    expect(await webhookEntries(organisationId, owner)).toEqual([]);
  });
});

describe('organisation events', () => {
  it('announces member.added when an invitation is accepted and member.removed when a member is removed, signed', async () => {
    const { organisationId, owner } = await organisation();
    const endpoint = await createEndpoint(owner, { organisationId, events: MEMBER_EVENTS });
    const own = await createEndpoint(owner, { events: ALL_EVENTS });
    const [member] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, member, 'admin');
    const added = verified(endpoint.secret, await waitAt(endpoint.path, 'member.added'));
    expect(added.data).toEqual({ organisationId, userId: member.userId, email: member.email, role: 'admin' });
    const removed = await t.post('/organisation/member/remove', { organisationId, userId: member.userId }, owner);
    expect(removed.status, removed.raw).toBe(200);
    expect(verified(endpoint.secret, await waitAt(endpoint.path, 'member.removed')).data).toEqual({
      organisationId,
      userId: member.userId,
      email: member.email,
      role: 'admin',
    });
    await quietAt(endpoint.path, 2);
    // The owner's own endpoint never hears of the organisation's members.
    expect(atPath(own.path)).toEqual([]);
  });

  it('announces the events of members’ company profiles, not of their private ones, and stops when they leave', async () => {
    const { organisationId, owner, templateId } = await organisation();
    const endpoint = await createEndpoint(owner, { organisationId, events: [...ALL_EVENTS, ...MEMBER_EVENTS] });
    const [member] = await quickOwners(t, 1);
    await joinOrganisation(t, organisationId, owner, member);
    const memberOwn = await createEndpoint(member, { events: ['lead.created'] });
    const company = await t.post('/profile/create', { templateId, firstName: 'Mia', lastName: 'Muster' }, member);
    expect(company.status, company.raw).toBe(200);
    const companyId = company.body.id as string;
    const privateProfile = await createProfile(t, member);

    const lead = await sendContact(companyId);
    expect(verified(endpoint.secret, await waitAt(endpoint.path, 'lead.created', lead)).data).toMatchObject({ id: lead, profileId: companyId });
    expect(verified(memberOwn.secret, await waitAt(memberOwn.path, 'lead.created', lead)).data).toMatchObject({ id: lead });
    expect((await t.post('/lead/update', { leadId: lead, status: 'followedUp' }, member)).status).toBe(200);
    await waitAt(endpoint.path, 'lead.updated', lead);
    expect((await t.post('/profile/update', { id: companyId, firstName: 'Maria' }, member)).status).toBe(200);
    expect(verified(endpoint.secret, await waitAt(endpoint.path, 'profile.updated', 'Maria')).data).toMatchObject({ id: companyId, firstName: 'Maria' });
    const card = await registerCard(t, member);
    const cardId = (card as any).cardId ?? (card as any).id;
    expect((await t.post('/card/profile/change', { cardId, profileId: companyId }, member)).status).toBe(200);
    expect(verified(endpoint.secret, await waitAt(endpoint.path, 'card.assigned', cardId)).data).toEqual({ id: cardId, profileId: companyId });
    expect((await t.post('/card/delete', { cardId }, member)).status).toBe(200);
    expect(verified(endpoint.secret, await waitAt(endpoint.path, 'card.reset', cardId)).data).toEqual({ id: cardId });

    // The member's private profile is theirs alone: its lead reaches their own endpoint only.
    const privateLead = await sendContact(privateProfile.id);
    await waitAt(memberOwn.path, 'lead.created', privateLead);
    // After the removal, the company profile is the former member's own: the organisation hears no more of it.
    expect((await t.post('/organisation/member/remove', { organisationId, userId: member.userId }, owner)).status).toBe(200);
    await waitAt(endpoint.path, 'member.removed', member.userId);
    const count = atPath(endpoint.path).length;
    const lateLead = await sendContact(companyId);
    await waitAt(memberOwn.path, 'lead.created', lateLead);
    await quietAt(endpoint.path, count);
    expect(atPath(endpoint.path).some((r) => r.body.includes(privateLead) || r.body.includes(privateProfile.id))).toBe(false);
  });

  it('announces nothing for a removal that is refused (the last owner)', async () => {
    const { organisationId, owner } = await organisation();
    const endpoint = await createEndpoint(owner, { organisationId, events: MEMBER_EVENTS });
    expectD4(await t.post('/organisation/member/remove', { organisationId, userId: owner.userId }, owner), 409, 'cmc/last-owner');
    await quietAt(endpoint.path, 0);
    expect(await t.app.db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', endpoint.id).execute()).toEqual([]);
  });

  it('mails every owner and admin when the organisation’s endpoint is disabled (410)', async () => {
    const { organisationId, owner } = await organisation();
    const [admin, member] = await quickOwners(t, 2);
    await joinOrganisation(t, organisationId, owner, admin, 'admin');
    await joinOrganisation(t, organisationId, owner, member);
    const endpoint = await createEndpoint(admin, { organisationId, events: MEMBER_EVENTS });
    receiver.state.status = 410;
    try {
      await t.post('/webhook/test', { webhookId: endpoint.id }, owner);
      const deadline = Date.now() + 10_000;
      while ((await t.get(`/find/own/webhooks?organisationId=${organisationId}`, owner)).body.webhooks[0].enabled && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      receiver.state.status = 200;
    }
    expect((await t.get(`/find/own/webhooks?organisationId=${organisationId}`, owner)).body.webhooks[0]).toMatchObject({
      enabled: false,
      disabledReason: 'gone',
    });
    // The mails follow the change that disabled it.
    const mailed = async () => (await t.app.mailer.outbox()).filter((m) => m.subject === 'Webhook disabled' && m.text.includes(endpoint.path));
    for (let i = 0; i < 50 && (await mailed()).length < 2; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    const mails = await mailed();
    expect(mails.map((m) => m.to).sort()).toEqual([owner.email, admin.email].sort());
    expect(mails[0].text).toContain('Your organisation');
  });
});
