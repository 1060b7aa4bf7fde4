import { decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApnsStandIn, type ApnsPush, type ApnsStandIn } from '../support/apns-stand-in.ts';
import { registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { readZip } from '../support/zip-archive.ts';

/**
 * Issue 26: when a change alters what a registered pass shows, its devices get an APNs push.
 * The machine cannot reach Apple, so a local HTTP/2 server with its own certificate stands in
 * for api.push.apple.com (test/support/apns-stand-in.ts: APNS_HOST, APNS_PORT, APNS_CA), and
 * this suite checks each request as Apple would:
 * the path, `apns-topic`, `apns-push-type`, `apns-priority` and the ES256 JWT of the .p8 key.
 */

const PASS_TYPE = 'pass.com.example.contactcards';
const TEAM_ID = 'TEAM123456';
const KEY_ID = 'KEY1234567';
const LIVE_TOKEN = 'a'.repeat(64);
/** A device that removed the pass: the stand-in answers 410 Unregistered, as APNs does. */
const GONE_TOKEN = 'b'.repeat(64);

let apns: ApnsStandIn;
let pushes: ApnsPush[] = [];
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
  apns = await startApnsStandIn({ teamId: TEAM_ID, keyId: KEY_ID });
  apns.gone.add(GONE_TOKEN);
  pushes = apns.pushes;
  publicKeyPem = apns.publicKeyPem;
  t = await createTestApp(apns.env);
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
  await apns?.close();
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

  it('tries a push APNs could not take (429) again through the outbox (issue 34), and then delivers it', async () => {
    const outbox = t.app.platform.outbox;
    const messages = () => t.app.db.selectFrom('outboxMessage').selectAll().where('type', '=', 'wallet.apple.push').execute();
    await outbox.pause(['wallet.apple.push']);
    try {
      const before = pushes.length;
      // 429 to the request and to node-apn's own three quick retries of it: then the outbox tries it again later.
      apns.failNext.push(...Array(4).fill(429));
      // The card shows Ada's profile again (the test before gave it another).
      expect((await t.post('/card/profile/change', { cardId, profileId }, owner)).status).toBe(200);
      const deadline = Date.now() + 5000;
      while ((await messages()).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
      await outbox.runOnce({ types: ['wallet.apple.push'] });
      expect(pushes.slice(before).map((p) => p.status)).toEqual([429, 429, 429, 429]);
      const [waiting] = await messages();
      expect(waiting).toMatchObject({ status: 'waiting', attempts: 1, lastError: expect.stringMatching(/429/) });
      expect(waiting.availableAt - Date.now()).toBeGreaterThan(3000);
      await outbox.runOnce({ types: ['wallet.apple.push'], now: waiting.availableAt });
      expect(pushes.slice(before).map((p) => p.status)).toEqual([429, 429, 429, 429, 200]);
      expect(pushes.at(-1)!.headers[':path']).toBe(`/3/device/${LIVE_TOKEN}`);
      expect(await messages()).toEqual([]);
    } finally {
      outbox.resume(['wallet.apple.push']);
    }
  });

  it('pushes once when the handlers of two changes to the profile run side by side (issue 34)', async () => {
    const outbox = t.app.platform.outbox;
    const pushMessages = () => t.app.db.selectFrom('outboxMessage').selectAll().where('type', '=', 'wallet.apple.push').execute();
    const changeMessages = () => t.app.db.selectFrom('outboxMessage').select('id').where('type', '=', 'profiles.changed').execute();
    await outbox.pause(['profiles.changed', 'wallet.apple.push']);
    try {
      const before = pushes.length;
      expect((await t.post('/profile/update', { id: profileId, jobTitle: 'Lead Analyst' }, owner)).status).toBe(200);
      expect((await t.post('/profile/update', { id: profileId, jobTitle: 'Head of Analysis' }, owner)).status).toBe(200);
      expect(await changeMessages()).toHaveLength(2);
      // Both claimed in one batch: their handlers run side by side and see the same stored pass.
      expect(await outbox.runOnce({ types: ['profiles.changed'] })).toBe(2);
      const [push, ...more] = await pushMessages();
      expect(more).toEqual([]);
      expect(JSON.parse(push.payload)).toEqual({ serialNumbers: [cardId] });
      await outbox.runOnce({ types: ['wallet.apple.push'] });
      expect(pushes.slice(before).map((p) => p.headers[':path'])).toEqual([`/3/device/${LIVE_TOKEN}`]);
    } finally {
      outbox.resume(['profiles.changed', 'wallet.apple.push']);
    }
  });
});
