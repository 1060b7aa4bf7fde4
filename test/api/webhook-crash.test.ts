import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { serverProcessSettings, startServerProcess } from '../support/server-process.ts';

/**
 * Issue 25: kill -9 of the server between a lead's commit and its delivery loses no event: the
 * event sits in the outbox, written in the lead's own transaction, and the restarted server
 * delivers it. A real server process on SQLite, a real receiver on loopback.
 */

const { dataDir, base, env } = serverProcessSettings('webhook-crash', { WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
let server: ChildProcess | undefined;
let receiver: http.Server | undefined;
const startServer = () => startServerProcess(env, base);
async function json(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}
/** A free loopback port, not listened on yet. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

afterAll(async () => {
  server?.kill('SIGKILL');
  await new Promise<void>((resolve) => (receiver ? receiver.close(() => resolve()) : resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the webhook outbox across a crash', () => {
  it('delivers lead.created after kill -9 between the lead’s commit and its delivery', async () => {
    server = await startServer();
    const email = `crash-${Date.now()}@example.com`;
    expect((await json('/api/auth/sign-up/email', { email, password: 'long enough pw', name: 'x' })).status).toBe(200);
    const outbox = (await (await fetch(`${base}/_dev/mail`)).json()) as Array<{ to: string; links: string[] }>;
    const link = outbox.find((m) => m.to === email)!.links.find((l) => l.includes('token='))!;
    expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
    const { token } = (await json('/api/auth/sign-in/email', { email, password: 'long enough pw' })).body;
    const auth = { authorization: `Bearer ${token}` };
    const profile = (await json('/profile/create', { profileName: 'P', firstName: 'Ada' }, auth)).body;
    // The receiver is down while the lead is stored: nothing can be delivered before the crash.
    const receiverPort = await freePort();
    const hook = await json('/webhook/create', { url: `http://127.0.0.1:${receiverPort}/crm`, events: ['lead.created'] }, auth);
    expect(hook.status).toBe(200);
    const sent = await json('/send/contact', { profileId: profile.id, senderEmail: 'visitor@example.net', language: 'en' });
    expect(sent.status).toBe(200);
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));

    const received: Array<{ headers: Record<string, string>; body: string }> = [];
    receiver = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push({ headers: request.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
        response.end('ok');
      });
    });
    await new Promise<void>((resolve) => receiver!.listen(receiverPort, '127.0.0.1', resolve));
    server = await startServer();
    // Within the first retry (5 s) after the restart, or at once when no attempt was made before it.
    await expect.poll(() => received.length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    const event = new Webhook(hook.body.secret).verify(received[0].body, received[0].headers) as { type: string; data: { email: string } };
    expect(event).toMatchObject({ type: 'lead.created', data: { email: 'visitor@example.net' } });
    // Exactly once.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(received).toHaveLength(1);
  }, 90_000);
});
