import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { createWebhookSecretBox, newWebhookSecret } from '../../server/features/integrations/webhook-signing.ts';
import { UNREADABLE_SECRET_ERROR } from '../../server/features/integrations/webhook-delivery.ts';

/**
 * Issue 25's endpoint secrets at rest: stored encrypted (`enc:v1:`, AES-256-GCM under a key taken
 * from AUTH_SECRET), read back where the worker signs, and secrets stored plain before still
 * signing until a start seals them. Rows are read and written directly with the app's database.
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

async function createEndpoint(user: TestUser) {
  const path = `/hook/${Math.random().toString(36).slice(2)}`;
  const res = await t.post('/webhook/create', { url: `http://127.0.0.1:${receiver.port}${path}`, events: ['lead.created'] }, user);
  expect(res.status, res.raw).toBe(200);
  return { id: res.body.webhookId as string, secret: res.body.secret as string, path };
}
const storedRow = (id: string) =>
  t.app.db.selectFrom('webhookEndpoint').select(['secret', 'previousSecret', 'previousSecretUntil']).where('id', '=', id).executeTakeFirstOrThrow();
const setStored = (id: string, values: { secret: string; previousSecret?: string | null; previousSecretUntil?: number | null }) =>
  t.app.db.updateTable('webhookEndpoint').set(values).where('id', '=', id).execute();

/** Queues a `webhook.test` event and answers the request the receiver got for it. */
async function testEvent(user: TestUser, webhookId: string): Promise<ReceivedWebhook> {
  const res = await t.post('/webhook/test', { webhookId }, user);
  expect(res.status, res.raw).toBe(200);
  return receiver.waitFor((r) => r.headers['webhook-id'] === res.body.deliveryId);
}
const verifies = (secret: string, r: ReceivedWebhook) => (new Webhook(secret).verify(r.body, r.headers) as { type: string }).type === 'webhook.test';
/** The stored value names nothing of the secret: neither whole nor its base64 key. */
function expectSealed(stored: string | null, secret: string) {
  expect(stored).toMatch(/^enc:v1:[A-Za-z0-9_-]+$/);
  expect(stored).not.toContain(secret.slice(6, 30));
}

describe('webhook secrets at rest', () => {
  it('stores a new secret encrypted, and a delivery verifies with the secret the owner was shown', async () => {
    const owner = await t.signUp();
    const endpoint = await createEndpoint(owner);
    const row = await storedRow(endpoint.id);
    expectSealed(row.secret, endpoint.secret);
    expect(row.previousSecret).toBeNull();
    // A fresh IV per secret: two endpoints' stored values share no prefix beyond the version.
    const other = await createEndpoint(owner);
    expect((await storedRow(other.id)).secret.slice(0, 20)).not.toBe(row.secret.slice(0, 20));
    expect(verifies(endpoint.secret, await testEvent(owner, endpoint.id))).toBe(true);
  });

  it('a rotation stores the new and the previous secret encrypted, and both sign', async () => {
    const owner = await t.signUp();
    const endpoint = await createEndpoint(owner);
    const before = await storedRow(endpoint.id);
    const rotated = await t.post('/webhook/rotate-secret', { webhookId: endpoint.id }, owner);
    expect(rotated.status, rotated.raw).toBe(200);
    const row = await storedRow(endpoint.id);
    expectSealed(row.secret, rotated.body.secret);
    expectSealed(row.previousSecret, endpoint.secret);
    // The previous secret is sealed afresh, not the old stored value moved over.
    expect(row.previousSecret).not.toBe(before.secret);
    expect(Number(row.previousSecretUntil)).toBeGreaterThan(Date.now() + 23 * 3600_000);
    const request = await testEvent(owner, endpoint.id);
    expect(request.headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verifies(rotated.body.secret, request)).toBe(true);
    expect(verifies(endpoint.secret, request)).toBe(true);
  });

  it('a secret stored plain before still signs, and the next start of an instance encrypts it', async () => {
    const owner = await t.signUp();
    const endpoint = await createEndpoint(owner);
    const [plain, plainPrevious] = [newWebhookSecret(), newWebhookSecret()];
    await setStored(endpoint.id, { secret: plain, previousSecret: plainPrevious, previousSecretUntil: Date.now() + 3600_000 });
    const legacy = await testEvent(owner, endpoint.id);
    expect(verifies(plain, legacy)).toBe(true);
    expect(verifies(plainPrevious, legacy)).toBe(true);

    // Another instance starting on the database (as after a deploy) seals the plain row at its worker's start.
    const second = await t.secondInstance();
    try {
      for (let i = 0; (await storedRow(endpoint.id)).secret.startsWith('whsec_'); i++) {
        if (i === 100) throw new Error('the plain secret was not encrypted at the start');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await second.close();
    }
    const row = await storedRow(endpoint.id);
    expectSealed(row.secret, plain);
    expectSealed(row.previousSecret, plainPrevious);
    const after = await testEvent(owner, endpoint.id);
    expect(verifies(plain, after)).toBe(true);
    expect(verifies(plainPrevious, after)).toBe(true);
  });

  it('a rotation of a secret stored plain keeps it signing as the previous one, now encrypted', async () => {
    const owner = await t.signUp();
    const endpoint = await createEndpoint(owner);
    const plain = newWebhookSecret();
    await setStored(endpoint.id, { secret: plain });
    const rotated = await t.post('/webhook/rotate-secret', { webhookId: endpoint.id }, owner);
    expect(rotated.status, rotated.raw).toBe(200);
    const row = await storedRow(endpoint.id);
    expectSealed(row.secret, rotated.body.secret);
    expectSealed(row.previousSecret, plain);
    const request = await testEvent(owner, endpoint.id);
    expect(verifies(plain, request)).toBe(true);
    expect(verifies(rotated.body.secret, request)).toBe(true);
  });

  it('sends nothing with a secret that does not open (another AUTH_SECRET, or copied from another endpoint), says so in the log, and a new secret mends it', async () => {
    const owner = await t.signUp();
    const [foreign, copied] = [await createEndpoint(owner), await createEndpoint(owner)];
    await setStored(foreign.id, { secret: createWebhookSecretBox('another server secret, 32 characters').seal(foreign.secret, foreign.id) });
    const source = await createEndpoint(owner);
    await setStored(copied.id, { secret: (await storedRow(source.id)).secret });
    for (const endpoint of [foreign, copied]) {
      const { deliveryId } = (await t.post('/webhook/test', { webhookId: endpoint.id }, owner)).body;
      let attempt: any;
      for (let i = 0; !attempt; i++) {
        if (i === 100) throw new Error('no attempt logged');
        await new Promise((resolve) => setTimeout(resolve, 50));
        const log = await t.get(`/find/own/webhook-deliveries?webhookId=${endpoint.id}`, owner);
        attempt = log.body.deliveries.find((d: any) => d.id === deliveryId)?.attemptLog[0];
      }
      expect(attempt).toMatchObject({ responseStatus: null, error: UNREADABLE_SECRET_ERROR });
      expect(attempt.requestHeaders).toEqual({});
      expect(receiver.received.some((r) => r.headers['webhook-id'] === deliveryId)).toBe(false);
    }
    // The unreadable secret cannot sign, so a rotation keeps no previous one.
    const rotated = await t.post('/webhook/rotate-secret', { webhookId: foreign.id }, owner);
    expect(rotated.status, rotated.raw).toBe(200);
    const row = await storedRow(foreign.id);
    expectSealed(row.secret, rotated.body.secret);
    expect(row).toMatchObject({ previousSecret: null, previousSecretUntil: null });
    const request = await testEvent(owner, foreign.id);
    expect(request.headers['webhook-signature'].split(' ')).toHaveLength(1);
    expect(verifies(rotated.body.secret, request)).toBe(true);
  });
});
