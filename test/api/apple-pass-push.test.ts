import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createSecureServer, type Http2SecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { readZip } from '../support/zip-archive.ts';

/**
 * Issue 26: when a change alters what a registered pass shows, its devices get an APNs push.
 * The machine cannot reach Apple, so a local HTTP/2 server with its own certificate stands in
 * for api.push.apple.com (APNS_HOST, APNS_PORT, APNS_CA) and checks each request as Apple would:
 * the path, `apns-topic`, `apns-push-type`, `apns-priority` and the ES256 JWT of the .p8 key.
 */

const run = promisify(execFile);
const PASS_TYPE = 'pass.com.example.contactcards';
const TEAM_ID = 'TEAM123456';
const KEY_ID = 'KEY1234567';
const LIVE_TOKEN = 'a'.repeat(64);
/** A device that removed the pass: the stand-in answers 410 Unregistered, as APNs does. */
const GONE_TOKEN = 'b'.repeat(64);

interface Push {
  headers: IncomingHttpHeaders;
  body: string;
}

let scratch: string;
let apns: Http2SecureServer;
const pushes: Push[] = [];
let publicKeyPem: string;
let t: TestApp;
let owner: TestUser;
let cardId: string;
let profileId: string;
let token: string;

async function waitForPushes(count: number, ms = 5000) {
  const deadline = Date.now() + ms;
  while (pushes.length < count) {
    if (Date.now() > deadline) throw new Error(`${pushes.length} pushes arrived, expected ${count}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const deviceCall = (method: 'GET' | 'POST', url: string, body?: object) =>
  t.call({ method, url, headers: { authorization: `ApplePass ${token}` }, ...(body ? { payload: body } : {}), remoteAddress: '10.44.0.1' });

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'apns-stand-in-'));
  const key = path.join(scratch, 'key.pem');
  const cert = path.join(scratch, 'cert.pem');
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    ...subject,
  ]);
  apns = createSecureServer({ key: await readFile(key), cert: await readFile(cert) });
  apns.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      pushes.push({ headers, body });
      const gone = String(headers[':path']).endsWith(GONE_TOKEN);
      stream.respond({ ':status': gone ? 410 : 200, 'apns-id': '6e1d1b1c-0000-4000-8000-000000000001', 'content-type': 'application/json' });
      stream.end(gone ? JSON.stringify({ reason: 'Unregistered', timestamp: Date.now() }) : '');
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, '127.0.0.1', resolve));

  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const p8 = path.join(scratch, `AuthKey_${KEY_ID}.p8`);
  await writeFile(p8, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' }).toString();

  t = await createTestApp({
    APPLE_TEAM_ID: TEAM_ID,
    APNS_KEY: p8,
    APNS_KEY_ID: KEY_ID,
    APNS_HOST: 'localhost',
    APNS_PORT: String((apns.address() as AddressInfo).port),
    APNS_CA: cert,
  });
  owner = await t.signUp();
  const card = await registerCard(t, owner);
  cardId = card.cardId;
  profileId = card.cardProfileId;
  expect((await t.post('/profile/update', { id: profileId, firstName: 'Ada', jobTitle: 'Analyst' }, owner)).status).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: `/wallet/download/${cardId}`, headers: owner.auth });
  expect(download.statusCode, download.body).toBe(200);
  token = JSON.parse(readZip(download.rawPayload).get('pass.json')!.toString('utf8')).authenticationToken;
  for (const [device, pushToken] of [
    ['device0live', LIVE_TOKEN],
    ['device1gone', GONE_TOKEN],
  ])
    expect((await deviceCall('POST', `/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}/${cardId}`, { pushToken })).status).toBe(201);
});
afterAll(async () => {
  await t?.close();
  await new Promise((resolve) => apns?.close(resolve));
  await rm(scratch, { recursive: true, force: true });
});

describe('pass update pushes over APNs (issue 26)', () => {
  it('pushes to every registered device when the job title on the pass changes, as Apple expects the request', async () => {
    expect(pushes).toHaveLength(0);
    expect((await t.post('/profile/update', { id: profileId, jobTitle: 'Chief Analyst' }, owner)).status).toBe(200);
    await waitForPushes(2);
    expect(pushes.map((p) => p.headers[':path']).sort()).toEqual([`/3/device/${LIVE_TOKEN}`, `/3/device/${GONE_TOKEN}`]);
    for (const push of pushes) {
      expect(push.headers[':method']).toBe('POST');
      expect(push.headers['apns-topic']).toBe(PASS_TYPE);
      expect(push.headers['apns-push-type']).toBe('background');
      expect(push.headers['apns-priority']).toBe('5');
      // The empty payload of a pass update: node-apn leaves the body out for `{}`.
      expect(['', '{}']).toContain(push.body);
      const jwt = String(push.headers.authorization).replace(/^bearer /, '');
      expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'ES256', kid: KEY_ID });
      const { payload } = await jwtVerify(jwt, await importSPKI(publicKeyPem, 'ES256'));
      expect(payload.iss).toBe(TEAM_ID);
      expect(Math.abs(Number(payload.iat) - Date.now() / 1000)).toBeLessThan(120);
    }
  });

  it('drops the registration of a device APNs calls Unregistered (410), and keeps the others', async () => {
    const listed = async (device: string) => (await deviceCall('GET', `/wallet/apple/v1/devices/${device}/registrations/${PASS_TYPE}`)).status;
    const deadline = Date.now() + 5000;
    while ((await listed('device1gone')) !== 204 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(await listed('device1gone')).toBe(204);
    expect(await listed('device0live')).toBe(200);
  });

  it('sends no push for an edit the pass does not show, and one when the card shows another profile', async () => {
    const before = pushes.length;
    expect((await t.post('/profile/update', { id: profileId, bio: 'Numbers.' }, owner)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect(pushes).toHaveLength(before);
    const other = await t.post('/profile/create', { firstName: 'Grace', jobTitle: 'Admiral' }, owner);
    expect(other.status, other.raw).toBe(200);
    expect((await t.post('/card/profile/change', { cardId, profileId: other.body.id }, owner)).status).toBe(200);
    await waitForPushes(before + 1);
    expect(pushes.at(-1)!.headers[':path']).toBe(`/3/device/${LIVE_TOKEN}`);
  });
});
