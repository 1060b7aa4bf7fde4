import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook, WEBHOOK_MAX_ANSWER_BYTES } from '../../server/features/integrations/webhook-sender.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/** Issue 25: no request forgery into the operator's network; slow, huge and redirecting receivers. */

let t: TestApp;
let owner: TestUser;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // http is allowed (the receiver has no certificate); private addresses are not.
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1' });
  owner = await t.signUp();
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function firstAttempt(app: TestApp, user: TestUser, url: string) {
  const created = await app.post('/webhook/create', { url, events: ['lead.created'] }, user);
  expect(created.status, created.raw).toBe(200);
  const webhookId = created.body.webhookId;
  expect((await app.post('/webhook/test', { webhookId }, user)).status).toBe(200);
  const until = Date.now() + 8000;
  for (;;) {
    const [delivery] = (await app.get(`/find/own/webhook-deliveries?webhookId=${webhookId}`, user)).body.deliveries;
    if (delivery?.attemptLog.length) return delivery.attemptLog[0];
    if (Date.now() > until) throw new Error('no attempt');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('the address guard, checked when connecting', () => {
  it.each([
    ['loopback', () => `http://127.0.0.1:${receiver.port}/hook`],
    ['IPv6 loopback', () => `http://[::1]:${receiver.port}/hook`],
    ['a private address', () => 'http://10.0.0.1/hook'],
    ['a link-local address', () => 'http://169.254.10.10/hook'],
    ['the cloud metadata address', () => 'http://169.254.169.254/latest/meta-data'],
    ['a DNS name that resolves to loopback', () => `http://localhost:${receiver.port}/hook`],
    // Issue 33: IPv4-compatible and IPv4-translated IPv6 forms of loopback and the metadata address.
    ['IPv4-compatible loopback [::127.0.0.1]', () => `http://[::127.0.0.1]:${receiver.port}/hook`],
    ['IPv4-translated loopback [::ffff:0:127.0.0.1]', () => `http://[::ffff:0:127.0.0.1]:${receiver.port}/hook`],
    ['the metadata address as [::a9fe:a9fe]', () => 'http://[::a9fe:a9fe]/latest/meta-data'],
  ])('refuses %s: the attempt fails without a request', async (_name, url) => {
    const attempt = await firstAttempt(t, owner, url());
    expect(attempt).toMatchObject({ responseStatus: null, error: expect.stringMatching(/^refused: /) });
    expect(receiver.received).toHaveLength(0);
  });

  it('with WEBHOOKS_ALLOW_PRIVATE reaches loopback but still refuses the metadata address', async () => {
    const open = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
    try {
      const user = await open.signUp();
      expect(await firstAttempt(open, user, `http://localhost:${receiver.port}/open`)).toMatchObject({ responseStatus: 200, error: null });
      expect(await firstAttempt(open, user, 'http://169.254.169.254/latest/meta-data')).toMatchObject({
        responseStatus: null,
        error: expect.stringMatching(/metadata/),
      });
      // Issue 33: every metadata address and all of link-local, in any form.
      for (const url of [
        'http://100.100.100.200/latest/meta-data',
        'http://169.254.10.10/',
        'http://[::a9fe:a9fe]/',
        'http://[fd00:ec2::254]/',
        'http://[fe80::1]/',
      ])
        expect(await firstAttempt(open, user, url), url).toMatchObject({
          responseStatus: null,
          error: expect.stringMatching(/^refused: .*(metadata|link-local)/),
        });
    } finally {
      await open.close();
    }
  });
});

describe('receivers that misbehave', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      request.resume();
      if (request.url === '/slow') return void setTimeout(() => response.end('late'), 2000);
      if (request.url === '/huge') return void response.end('x'.repeat(1024 * 1024));
      if (request.url === '/redirect') return void response.writeHead(302, { location: '/elsewhere' }).end();
      response.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const send = (path: string, timeoutMs?: number) => sendWebhook({ url: `${base}${path}`, headers: {}, body: '{}', allowPrivate: true, timeoutMs });

  it('gives up on a receiver that does not answer in time', async () => {
    const result = await send('/slow', 300);
    expect(result).toMatchObject({ status: null, error: 'no answer within 0.3 s' });
    expect(result.durationMs).toBeLessThan(1500);
  });
  it('reads at most 64 KB of an answer', async () => {
    const result = await send('/huge');
    expect(result.status).toBe(200);
    expect(result.body).toHaveLength(WEBHOOK_MAX_ANSWER_BYTES);
  });
  it('does not follow redirects: a 3xx is the answer', async () => {
    expect(await send('/redirect')).toMatchObject({ status: 302, error: null });
  });
});
