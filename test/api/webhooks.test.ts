import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createProfile, expectD4, quickOwners, registerCard } from '../support/factories.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Issue 25: signed webhooks (Standard Webhooks 1.0) delivered from the outbox to a real receiver on loopback. */

let t: TestApp;
let owner: TestUser;
let receiver: WebhookReceiver;
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  owner = await t.signUp();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const ALL_EVENTS = ['lead.created', 'lead.updated', 'lead.deleted', 'profile.updated', 'card.registered', 'card.assigned', 'card.reset'];
let visitors = 0;
async function sendContact(profileId: string, extra: Record<string, string> = {}) {
  const res = await t.call({
    method: 'POST',
    url: '/send/contact',
    payload: { profileId, senderEmail: `v${++visitors}@example.net`, language: 'en', name: 'Vera Visitor', ...extra },
    remoteAddress: `10.9.0.${visitors}`,
  });
  expect(res.status, res.raw).toBe(200);
  return (await t.app.db.selectFrom('lead').selectAll().where('profileId', '=', profileId).orderBy('created', 'desc').executeTakeFirstOrThrow()).id;
}

/** A new endpoint on the receiver, on a path of its own so a test finds its own deliveries. */
async function createEndpoint(user: TestUser, events = ALL_EVENTS) {
  const path = `/hook/${Math.random().toString(36).slice(2)}`;
  const res = await t.post('/webhook/create', { url: `http://127.0.0.1:${receiver.port}${path}`, events, description: 'CRM' }, user);
  expect(res.status, res.raw).toBe(200);
  return { id: res.body.webhookId as string, secret: res.body.secret as string, path };
}
/** Verifies with the reference library and answers the parsed payload. */
function verified(secret: string, r: ReceivedWebhook) {
  return new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: any };
}
const typeOf = (r: ReceivedWebhook) => (JSON.parse(r.body) as { type: string }).type;
const at = (path: string, type: string) => (r: ReceivedWebhook) => r.path === path && typeOf(r) === type;
const atPath = (path: string) => receiver.received.filter((r) => r.path === path);

async function deliveriesOf(webhookId: string, user = owner) {
  const res = await t.get(`/find/own/webhook-deliveries?webhookId=${webhookId}`, user);
  expect(res.status, res.raw).toBe(200);
  return res.body.deliveries as any[];
}
async function waitForDelivery(webhookId: string, match: (d: any) => boolean, timeoutMs = 10_000, user = owner) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await deliveriesOf(webhookId, user)).find(match);
    if (found) return found;
    if (Date.now() > until) throw new Error('delivery not in the expected state');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The "Webhook disabled" mail to `email`: it follows the change that disabled the endpoint, so it is waited for a moment. */
async function mailedTo(email: string) {
  for (let i = 0; ; i++) {
    const mail = (await t.app.mailer.outbox()).find((m) => m.to === email && m.subject === 'Webhook disabled');
    if (mail || i === 50) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('POST /webhook/create and GET /find/own/webhooks', () => {
  it('answers the id and a whsec_ secret once; the list shows the endpoint without its secret', async () => {
    const endpoint = await createEndpoint(owner, ['lead.created']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const list = await t.get('/find/own/webhooks', owner);
    expect(list.status).toBe(200);
    expect(list.body.webhooks.find((w: any) => w.id === endpoint.id)).toMatchObject({
      events: ['lead.created'],
      description: 'CRM',
      enabled: true,
      disabledReason: null,
    });
    expect(list.raw).not.toContain(endpoint.secret.slice(6));
  });

  it('refuses bad input with a 400 naming the field: no https URL, no events, an unknown event, a long description', async () => {
    const strict = await createTestApp();
    try {
      const user = await strict.signUp();
      expect(expectD4(await strict.post('/webhook/create', { url: 'http://crm.example.com/hook', events: ['lead.created'] }, user), 400).field).toBe('url');
    } finally {
      await strict.close();
    }
    expect(expectD4(await t.post('/webhook/create', { url: 'ftp://crm.example.com/hook', events: ['lead.created'] }, owner), 400).field).toBe('url');
    expect(expectD4(await t.post('/webhook/create', { url: 'not a url', events: ['lead.created'] }, owner), 400).field).toBe('url');
    expect(expectD4(await t.post('/webhook/create', { url: 'https://crm.example.com/hook', events: [] }, owner), 400).field).toBe('events');
    expect(expectD4(await t.post('/webhook/create', { url: 'https://crm.example.com/hook', events: ['lead.exploded'] }, owner), 400).field).toMatch(/^events/);
    expect(
      expectD4(await t.post('/webhook/create', { url: 'https://crm.example.com/hook', events: ['lead.created'], description: 'x'.repeat(201) }, owner), 400)
        .field,
    ).toBe('description');
    expect(expectD4(await t.post('/webhook/update', { url: 'https://crm.example.com/hook' }, owner), 400).field).toBe('webhookId');
    expect(expectD4(await t.get('/find/own/webhook-deliveries', owner), 400).field).toBe('webhookId');
    expect(expectD4(await t.post('/webhook/redeliver', {}, owner), 400).field).toBe('deliveryId');
    expect((await t.post('/webhook/create', { url: 'https://crm.example.com/hook', events: ['lead.created'] })).status).toBe(401);
  });
});

describe('deliveries signed per Standard Webhooks 1.0', () => {
  it('delivers lead.created with consent, source and the same webhook-id the log shows, verified by the reference library', async () => {
    const endpoint = await createEndpoint(owner, ['lead.created']);
    const profile = await createProfile(t, owner);
    const leadId = await sendContact(profile.id);
    const request = await receiver.waitFor(at(endpoint.path, 'lead.created'));
    const payload = verified(endpoint.secret, request);
    expect(payload.type).toBe('lead.created');
    expect(new Date(payload.timestamp).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(payload.data).toMatchObject({
      id: leadId,
      profileId: profile.id,
      name: 'Vera Visitor',
      source: 'link',
      consent: { version: expect.any(String), at: expect.any(String) },
    });
    expect(payload.data.consent.text.length).toBeGreaterThan(10);
    expect(payload.data.card).toBeNull();
    expect(payload.data.searchText).toBeUndefined();
    expect(request.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(Math.abs(Number(request.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(() => new Webhook(endpoint.secret).verify(request.body.replace('Vera', 'Vero'), request.headers)).toThrow();

    const delivery = await waitForDelivery(endpoint.id, (d) => d.status === 'delivered');
    expect(delivery).toMatchObject({
      id: request.headers['webhook-id'],
      eventType: 'lead.created',
      attempts: 1,
      lastResponseStatus: 200,
      payload: request.body,
    });
    expect(delivery.attemptLog).toHaveLength(1);
    expect(delivery.attemptLog[0]).toMatchObject({ responseStatus: 200, error: null, responseBody: 'ok', requestHeaders: { 'webhook-id': delivery.id } });
    expect(delivery.attemptLog[0].durationMs).toBeGreaterThanOrEqual(0);
  });

  it('announces lead.updated, lead.deleted by the owner and lead.deleted through the visitor’s mail link', async () => {
    const endpoint = await createEndpoint(owner, ['lead.updated', 'lead.deleted']);
    const profile = await createProfile(t, owner);
    const first = await sendContact(profile.id);
    const second = await sendContact(profile.id);
    expect((await t.post('/lead/update', { leadId: first, status: 'followedUp' }, owner)).status).toBe(200);
    expect(verified(endpoint.secret, await receiver.waitFor(at(endpoint.path, 'lead.updated'))).data).toMatchObject({ id: first, status: 'followedUp' });
    expect((await t.post('/lead/delete', { leadId: first }, owner)).status).toBe(200);
    expect(verified(endpoint.secret, await receiver.waitFor((r) => at(endpoint.path, 'lead.deleted')(r) && r.body.includes(first))).data).toMatchObject({
      id: first,
      deletedBy: 'owner',
    });

    const token = await t.app.features.leads.leads.deletionToken(second);
    const page = await t.app.inject({
      method: 'POST',
      url: '/delete/lead',
      payload: new URLSearchParams({ token, lng: 'en' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(page.statusCode).toBe(200);
    const erased = verified(endpoint.secret, await receiver.waitFor((r) => at(endpoint.path, 'lead.deleted')(r) && r.body.includes(second)));
    expect(erased.data).toMatchObject({ id: second, profileId: profile.id, deletedBy: 'visitor' });
    // Only the subscribed events: no lead.created reached this endpoint.
    expect(atPath(endpoint.path).map(typeOf).sort()).toEqual(['lead.deleted', 'lead.deleted', 'lead.updated']);
  });

  it('announces profile.updated, card.registered, card.assigned and card.reset', async () => {
    const endpoint = await createEndpoint(owner, ['profile.updated', 'card.registered', 'card.assigned', 'card.reset']);
    const profile = await createProfile(t, owner);
    expect((await t.post('/profile/update', { id: profile.id, firstName: 'Renamed' }, owner)).status).toBe(200);
    expect(verified(endpoint.secret, await receiver.waitFor((r) => at(endpoint.path, 'profile.updated')(r) && r.body.includes('Renamed'))).data).toMatchObject({
      id: profile.id,
      firstName: 'Renamed',
    });
    const card = await registerCard(t, owner);
    expect(verified(endpoint.secret, await receiver.waitFor(at(endpoint.path, 'card.registered'))).data).toMatchObject({ id: card.cardId ?? card.id });
    const other = await createProfile(t, owner);
    const cardId = (card as any).cardId ?? (card as any).id;
    expect((await t.post('/card/profile/change', { cardId, profileId: other.id }, owner)).status).toBe(200);
    expect(verified(endpoint.secret, await receiver.waitFor(at(endpoint.path, 'card.assigned'))).data).toEqual({ id: cardId, profileId: other.id });
    expect((await t.post('/card/delete', { cardId }, owner)).status).toBe(200);
    expect(verified(endpoint.secret, await receiver.waitFor(at(endpoint.path, 'card.reset'))).data).toEqual({ id: cardId });
  });
});

describe('POST /webhook/rotate-secret, POST /webhook/test, POST /webhook/redeliver, POST /webhook/update, GET /find/own/webhook-deliveries', () => {
  it('signs with the new and the old secret side by side after a rotation, each verifying', async () => {
    const endpoint = await createEndpoint(owner, ['lead.created']);
    const rotated = await t.post('/webhook/rotate-secret', { webhookId: endpoint.id }, owner);
    expect(rotated.status, rotated.raw).toBe(200);
    expect(rotated.body.secret).not.toBe(endpoint.secret);
    const test = await t.post('/webhook/test', { webhookId: endpoint.id }, owner);
    expect(test.status, test.raw).toBe(200);
    const request = await receiver.waitFor(at(endpoint.path, 'webhook.test'));
    expect(request.headers['webhook-id']).toBe(test.body.deliveryId);
    expect(request.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verified(endpoint.secret, request).data).toMatchObject({ webhookId: endpoint.id });
    expect(verified(rotated.body.secret, request).type).toBe('webhook.test');
    const listed = (await t.get('/find/own/webhooks', owner)).body.webhooks.find((w: any) => w.id === endpoint.id);
    expect(listed.previousSecretUntil - Date.now()).toBeGreaterThan(23 * 3600_000);
  });

  it('retries a failed attempt later, and a redelivery sends the same message again at once', async () => {
    const endpoint = await createEndpoint(owner, ['lead.created']);
    receiver.state.status = 500;
    try {
      const { deliveryId } = (await t.post('/webhook/test', { webhookId: endpoint.id }, owner)).body;
      const failed = await waitForDelivery(endpoint.id, (d) => d.id === deliveryId && d.attempts === 1);
      expect(failed).toMatchObject({ status: 'pending', lastResponseStatus: 500 });
      // The first retry follows after 5 s (±10 %).
      expect(failed.nextAttemptAt - failed.attemptLog[0].attemptedAt).toBeGreaterThanOrEqual(4500);
      expect(failed.nextAttemptAt - failed.attemptLog[0].attemptedAt).toBeLessThanOrEqual(5500);
      receiver.state.status = 204;
      expect((await t.post('/webhook/redeliver', { deliveryId }, owner)).status).toBe(200);
      const done = await waitForDelivery(endpoint.id, (d) => d.id === deliveryId && d.status === 'delivered', 4000);
      expect(done.attemptLog.map((a: any) => a.responseStatus)).toEqual([500, 204]);
      const sent = atPath(endpoint.path);
      expect(sent).toHaveLength(2);
      expect(new Set(sent.map((r) => r.headers['webhook-id']))).toEqual(new Set([deliveryId]));
    } finally {
      receiver.state.status = 200;
    }
  });

  it('disables the endpoint when the receiver answers 410 Gone and mails the owner', async () => {
    const user = await t.signUp();
    const endpoint = await createEndpoint(user, ['lead.created']);
    receiver.state.status = 410;
    try {
      const { deliveryId } = (await t.post('/webhook/test', { webhookId: endpoint.id }, user)).body;
      const done = await waitForDelivery(endpoint.id, (d) => d.id === deliveryId && d.status === 'failed', 10_000, user);
      expect(done).toMatchObject({ status: 'failed', lastResponseStatus: 410 });
    } finally {
      receiver.state.status = 200;
    }
    const listed = (await t.get('/find/own/webhooks', user)).body.webhooks[0];
    expect(listed).toMatchObject({ enabled: false, disabledReason: 'gone' });
    const mail = await mailedTo(user.email);
    expect(mail?.text).toContain(endpoint.path);
    // A lead now writes no delivery for the disabled endpoint; enabling it again works.
    const profile = await createProfile(t, user);
    await sendContact(profile.id);
    expect(await deliveriesOf(endpoint.id, user)).toHaveLength(1);
    expect((await t.post('/webhook/update', { webhookId: endpoint.id, enabled: true }, user)).body).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('disables an endpoint whose deliveries have failed for five days and mails the owner; a failure before that only retries', async () => {
    const user = await t.signUp();
    const endpoint = await createEndpoint(user, ['lead.created']);
    const DAY = 24 * 3600_000;
    const failingSince = (at: number) => t.app.db.updateTable('webhookEndpoint').set({ failingSince: at }).where('id', '=', endpoint.id).execute();
    receiver.state.status = 503;
    try {
      // Failing for four days: the attempt is retried later, the endpoint stays on.
      await failingSince(Date.now() - 4 * DAY);
      const first = (await t.post('/webhook/test', { webhookId: endpoint.id }, user)).body.deliveryId as string;
      expect(await waitForDelivery(endpoint.id, (d) => d.id === first && d.attempts === 1, 10_000, user)).toMatchObject({ status: 'pending' });
      expect((await t.get('/find/own/webhooks', user)).body.webhooks[0]).toMatchObject({ enabled: true });
      // Failing since more than five days: the next failed attempt stops the endpoint.
      await failingSince(Date.now() - 5 * DAY - 60_000);
      const second = (await t.post('/webhook/test', { webhookId: endpoint.id }, user)).body.deliveryId as string;
      expect(await waitForDelivery(endpoint.id, (d) => d.id === second && d.attempts === 1, 10_000, user)).toMatchObject({
        status: 'failed',
        lastResponseStatus: 503,
      });
    } finally {
      receiver.state.status = 200;
    }
    expect((await t.get('/find/own/webhooks', user)).body.webhooks[0]).toMatchObject({ enabled: false, disabledReason: 'failing' });
    await mailedTo(user.email);
    const mails = (await t.app.mailer.outbox()).filter((m) => m.to === user.email && m.subject === 'Webhook disabled');
    expect(mails).toHaveLength(1);
    expect(mails[0].text).toContain(endpoint.path);
    expect(mails[0].text).toContain('Deliveries have failed for five days.');
    // Stopped: the retry still pending is not sent while the endpoint is off.
    const sent = atPath(endpoint.path).length;
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(atPath(endpoint.path)).toHaveLength(sent);
  });
});

describe('another owner’s webhooks and deliveries', () => {
  it('are 404 on every call, and the list shows only the caller’s own', async () => {
    const endpoint = await createEndpoint(owner, ['lead.created']);
    const { deliveryId } = (await t.post('/webhook/test', { webhookId: endpoint.id }, owner)).body;
    const stranger = await t.signUp();
    const webhookId = endpoint.id;
    expectD4(await t.post('/webhook/update', { webhookId, description: 'mine now' }, stranger), 404, 'cmc/webhook-not-found');
    expectD4(await t.post('/webhook/delete', { webhookId }, stranger), 404, 'cmc/webhook-not-found');
    expectD4(await t.post('/webhook/rotate-secret', { webhookId }, stranger), 404, 'cmc/webhook-not-found');
    expectD4(await t.post('/webhook/test', { webhookId }, stranger), 404, 'cmc/webhook-not-found');
    expectD4(await t.get(`/find/own/webhook-deliveries?webhookId=${webhookId}`, stranger), 404, 'cmc/webhook-not-found');
    expectD4(await t.post('/webhook/redeliver', { deliveryId }, stranger), 404, 'cmc/delivery-not-found');
    expect((await t.get('/find/own/webhooks', stranger)).body.webhooks).toEqual([]);
    // Nothing changed for the owner.
    expect((await t.get('/find/own/webhooks', owner)).body.webhooks.find((w: any) => w.id === webhookId).description).toBe('CRM');
  });

  it('POST /webhook/delete removes the endpoint with its deliveries', async () => {
    const endpoint = await createEndpoint(owner, ['lead.created']);
    await t.post('/webhook/test', { webhookId: endpoint.id }, owner);
    expect((await t.post('/webhook/delete', { webhookId: endpoint.id }, owner)).body).toEqual({ id: endpoint.id, deleted: true });
    expectD4(await t.get(`/find/own/webhook-deliveries?webhookId=${endpoint.id}`, owner), 404);
    expect(await t.app.db.selectFrom('webhookDelivery').select('id').where('endpointId', '=', endpoint.id).execute()).toEqual([]);
  });
});

describe('limits', () => {
  it('refuses more than 30 test events and redeliveries an hour with a 429', async () => {
    const user = await t.signUp();
    const endpoint = await createEndpoint(user, ['lead.created']);
    await t.post('/webhook/update', { webhookId: endpoint.id, enabled: false }, user);
    for (let i = 0; i < 30; i++) expect((await t.post('/webhook/test', { webhookId: endpoint.id }, user)).status).toBe(200);
    expectD4(await t.post('/webhook/test', { webhookId: endpoint.id }, user), 429, 'cmc/rate-limited');
  });
});

describe('lead.created names the card the visitor scanned', () => {
  it('carries the card that shows the profile, and no card for one that does not (nor a malformed id: 400 naming card)', async () => {
    const endpoint = await createEndpoint(owner, ['lead.created']);
    const card = await registerCard(t, owner);
    const viaCard = await sendContact(card.cardProfileId, { source: 'nfc', card: card.cardId });
    const request = await receiver.waitFor(at(endpoint.path, 'lead.created'));
    expect(verified(endpoint.secret, request).data).toMatchObject({ id: viaCard, source: 'nfc', card: card.cardId });
    const listed = (await t.get('/find/own/leads', owner)).body.leads as Array<{ id: string; cardId: string }>;
    expect(listed.find((l) => l.id === viaCard)?.cardId).toBe(card.cardId);

    // Another owner's card id on this profile's form: the lead is kept, without the card.
    const [stranger] = await quickOwners(t, 1);
    const foreign = await registerCard(t, stranger);
    const without = await sendContact(card.cardProfileId, { source: 'card', card: foreign.cardId });
    expect((await t.app.db.selectFrom('lead').select('cardId').where('id', '=', without).executeTakeFirstOrThrow()).cardId).toBe('');

    const bad = await t.call({
      method: 'POST',
      url: '/send/contact',
      payload: { profileId: card.cardProfileId, senderEmail: 'x@example.net', card: '../etc' },
      remoteAddress: '10.9.9.9',
    });
    expect(expectD4(bad, 400).field).toBe('card');
  });
});
