import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 25: a receiver that is down or slow delays nothing else. One owner's endpoint that
 * accepts connections and never answers (every attempt waits out the 10 s timeout) must not hold
 * back another owner's deliveries behind it.
 */

let t: TestApp;
let receiver: WebhookReceiver;
let dead: net.Server;
const hanging = new Set<net.Socket>();
beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  receiver = await startWebhookReceiver();
  dead = net.createServer((socket) => {
    hanging.add(socket);
    socket.on('close', () => hanging.delete(socket));
  });
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  // The hanging attempts end at once, so the worker stops without waiting out their timeout.
  for (const socket of hanging) socket.destroy();
  await t.close();
  await receiver.close();
  await new Promise<void>((resolve) => dead.close(() => resolve()));
});

async function endpoint(user: Awaited<ReturnType<TestApp['signUp']>>, url: string) {
  const res = await t.post('/webhook/create', { url, events: ['lead.created'] }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body.webhookId as string;
}

describe('a dead receiver', () => {
  it('holds back no other endpoint’s deliveries while its own attempts wait out the timeout', async () => {
    const stuck = await t.signUp();
    const deadId = await endpoint(stuck, `http://127.0.0.1:${(dead.address() as AddressInfo).port}/hook`);
    // More than one claim's worth of deliveries to the dead endpoint, all due now.
    for (let i = 0; i < 25; i++) expect((await t.post('/webhook/test', { webhookId: deadId }, stuck)).status).toBe(200);
    await expect.poll(() => hanging.size, { timeout: 5000 }).toBeGreaterThan(0);

    const other = await t.signUp();
    const liveId = await endpoint(other, `${receiver.url}/other`);
    const queued = Date.now();
    const { deliveryId } = (await t.post('/webhook/test', { webhookId: liveId }, other)).body;
    const request = await receiver.waitFor((r) => r.headers['webhook-id'] === deliveryId, 9000);
    // Within a few polls, not after the dead endpoint's 10 s timeout.
    expect(Date.now() - queued).toBeLessThan(4000);
    expect(request.path).toBe('/hook/other');
    // The dead endpoint's attempts were still hanging meanwhile: they had not timed out yet. It
    // holds at most one batch (20) of attempts at once; its other 5 wait for those to end.
    expect(hanging.size).toBeGreaterThan(0);
    expect(hanging.size).toBeLessThanOrEqual(20);
  });
});
