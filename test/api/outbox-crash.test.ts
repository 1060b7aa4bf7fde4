import type { ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { startApnsStandIn, type ApnsStandIn } from '../support/apns-stand-in.ts';
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from '../support/google-wallet-stand-in.ts';
import { serverProcessSettings, startServerProcess } from '../support/server-process.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';
import { readZip } from '../support/zip-archive.ts';

/**
 * Issue 34: kill -9 of the server between a profile change's commit and its effects loses none
 * of them: the change wrote its webhook delivery, its Google Wallet update and its Apple Wallet
 * push into the one outbox inside its own transaction, and the restarted server sends all three.
 * A real server process on SQLite, a real webhook receiver, the Google Wallet stand-in and the
 * APNs stand-in on loopback.
 */

const CLIENT_EMAIL = 'wallet-updater@contact-cards-test.iam.gserviceaccount.com';
const ISSUER_ID = '3388000000099999999';
const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const PASS_TYPE = 'pass.com.example.contactcards';
const PUSH_TOKEN = 'c'.repeat(64);
let standIn: GoogleWalletStandIn | undefined;
let apns: ApnsStandIn | undefined;
let server: ChildProcess | undefined;
let receiver: WebhookReceiver | undefined;
let dataDir = '';

afterAll(async () => {
  server?.kill('SIGKILL');
  await receiver?.close();
  await standIn?.close();
  await apns?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A free loopback port, not listened on yet. */
async function freePort(): Promise<number> {
  const probe = http.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('the outbox across a crash (issue 34)', () => {
  it('sends the webhook, the Google Wallet update and the Apple Wallet push of a profile change after kill -9 between its commit and their delivery', async () => {
    standIn = await startGoogleWalletStandIn({ publicKeyPem: keys.publicKey, clientEmail: CLIENT_EMAIL });
    apns = await startApnsStandIn({ teamId: 'TEAM123456', keyId: 'KEY1234567' });
    const settings = serverProcessSettings('outbox-crash', {
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
      DEMO_CARDS: '1',
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      ...standIn.env,
      ...apns.env,
    });
    ({ dataDir } = settings);
    const keyFile = path.join(dataDir, 'service-account.json');
    fs.writeFileSync(keyFile, JSON.stringify({ type: 'service_account', private_key_id: 'k1', private_key: keys.privateKey, client_email: CLIENT_EMAIL }));
    const env = { ...settings.env, GOOGLE_WALLET_SERVICE_ACCOUNT: keyFile };
    const { base } = settings;
    const json = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: base, ...headers },
        body: JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as any };
    };
    server = await startServerProcess(env, base);

    const email = `outbox-crash-${Date.now()}@example.com`;
    expect((await json('/api/auth/sign-up/email', { email, password: 'long enough pw', name: 'x' })).status).toBe(200);
    const mails = (await (await fetch(`${base}/_dev/mail`)).json()) as Array<{ to: string; links: string[] }>;
    const link = mails.find((m) => m.to === email)!.links.find((l) => l.includes('token='))!;
    expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);
    const auth = { authorization: `Bearer ${(await json('/api/auth/sign-in/email', { email, password: 'long enough pw' })).body.token}` };
    // The demo card the fresh database got (DEMO_CARDS=1), registered to this owner, and its Google pass saved.
    const database = new SqliteDatabase(path.join(dataDir, 'contact-cards.sqlite'), { readonly: true });
    const { id: cardId } = database.prepare('select id from card limit 1').get() as { id: string };
    const registered = await json('/card/register', { cardId, firebaseUserEmail: email }, auth);
    expect(registered.status).toBe(200);
    const profileId = registered.body.cardProfileId as string;
    expect((await json('/profile/update', { id: profileId, firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Analyst' }, auth)).status).toBe(200);
    const saveUrl = await json('/wallet/google/save-url', { cardId }, auth);
    expect(saveUrl.status).toBe(200);
    const objectId = (decodeJwt((saveUrl.body.url as string).split('/save/')[1]) as any).payload.genericObjects[0].id as string;
    // The Apple pass downloaded, and a phone registered for its updates (Apple's web service call).
    const pass = await fetch(`${base}/wallet/download/${cardId}`, { headers: auth });
    expect(pass.status).toBe(200);
    const passToken = JSON.parse(
      readZip(Buffer.from(await pass.arrayBuffer()))
        .get('pass.json')!
        .toString('utf8'),
    ).authenticationToken as string;
    const registration = await fetch(`${base}/wallet/apple/v1/devices/device0/registrations/${PASS_TYPE}/${cardId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `ApplePass ${passToken}` },
      body: JSON.stringify({ pushToken: PUSH_TOKEN }),
    });
    expect(registration.status).toBe(201);
    // The webhook receiver is down while the change is made: nothing can be delivered before the crash.
    const receiverPort = await freePort();
    const hook = await json('/webhook/create', { url: `http://127.0.0.1:${receiverPort}/crm`, events: ['profile.updated'] }, auth);
    expect(hook.status).toBe(200);

    // The change; the Google update waits 2 s (its coalescing delay): the kill comes before.
    expect((await json('/profile/update', { id: profileId, jobTitle: 'Survivor' }, auth)).status).toBe(200);
    server.kill('SIGKILL');
    await new Promise((resolve) => server!.once('exit', resolve));
    expect(standIn.patchesOf(objectId)).toHaveLength(0);
    const pushedBeforeCrash = apns.pushes.length;
    const waiting = database.prepare('select type, status, attempts, payload from "outboxMessage" order by type').all() as Array<{ type: string }>;
    expect(waiting.map((m) => m.type)).toEqual(expect.arrayContaining(['wallet.google.object', 'webhook.delivery']));
    database.close();

    receiver = await startWebhookReceiver(receiverPort);
    const { received } = receiver;
    const restartedAt = Date.now();
    server = await startServerProcess(env, base);

    // Within the first retry (5 s) after the restart, or at once when no attempt was made before it.
    await expect.poll(() => received.length, { timeout: 20_000, interval: 100 }).toBeGreaterThan(0);
    const event = new Webhook(hook.body.secret).verify(received[0].body, received[0].headers) as { type: string; data: { id: string } };
    expect(event).toMatchObject({ type: 'profile.updated', data: { id: profileId } });
    await expect.poll(() => standIn!.patchesOf(objectId).length, { timeout: 20_000, interval: 100 }).toBe(1);
    expect(standIn.patchesOf(objectId)[0].body.subheader.defaultValue.value).toBe('Survivor');
    // The phone is told once the change is sent, whether or not the push left before the crash.
    await expect
      .poll(() => apns!.pushes.filter((push) => push.headers[':path'] === `/3/device/${PUSH_TOKEN}`).length, { timeout: 20_000, interval: 100 })
      .toBeGreaterThan(0);
    // Exactly once each.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(received).toHaveLength(1);
    expect(standIn.patchesOf(objectId)).toHaveLength(1);
    const pushes = apns.pushes.map(
      (push, i) => `${i < pushedBeforeCrash ? 'before' : 'after'} ${push.at - restartedAt} ms ${push.headers[':path']} ${push.status}`,
    );
    expect(
      apns.pushes.length - pushedBeforeCrash,
      `pushes: ${pushes.join('; ')}; waiting at the kill: ${waiting.map((m) => JSON.stringify(m)).join(', ')}`,
    ).toBeLessThanOrEqual(1);
  }, 120_000);
});
