import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CERTIFICATE_FILES } from '../../server/features/wallet/dev-certificate.ts';
import { APPLE_WEB_SERVICE_RATE_RULES } from '../../server/features/wallet/apple-web-service.service.ts';
import { expectD4, registerCard } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { readZip } from '../support/zip-archive.ts';

/**
 * Issue 26: a test playing the device's side of Apple's web service for passes ("Adding a web
 * service to update passes") against the real server: register, change the profile, list the
 * updated serial numbers, fetch the pass, verify its signature with openssl and read the new job
 * title from it.
 */

const run = promisify(execFile);
const PASS_TYPE = 'pass.com.example.contactcards';
const DEVICE = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
const PUSH_TOKEN = 'f'.repeat(64);

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let cardId: string;
let profileId: string;
let token: string;
let webServiceURL: string;
let scratch: string;

/** The pass.json of a .pkpass, after openssl verified the signature over its manifest. */
async function verifiedPassJson(pkpass: Buffer): Promise<Record<string, any>> {
  const files = readZip(pkpass);
  const dir = await mkdtemp(path.join(scratch, 'pass-'));
  await writeFile(path.join(dir, 'manifest.json'), files.get('manifest.json')!);
  await writeFile(path.join(dir, 'signature'), files.get('signature')!);
  const ca = path.join(t.config.dataDir, 'wallet-dev', DEV_CERTIFICATE_FILES.wwdr);
  const args = ['-verify', '-binary', '-inform', 'DER', '-in', path.join(dir, 'signature'), '-content', path.join(dir, 'manifest.json')];
  await run('openssl', ['smime', ...args, '-CAfile', ca, '-purpose', 'any', '-out', '/dev/null']);
  const { createHash } = await import('node:crypto');
  const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
  expect(createHash('sha1').update(files.get('pass.json')!).digest('hex')).toBe(manifest['pass.json']);
  return JSON.parse(files.get('pass.json')!.toString('utf8'));
}

/** A request as Wallet sends it, to the path under the pass's webServiceURL. */
function device(
  method: 'GET' | 'POST' | 'DELETE',
  suffix: string,
  options: { token?: string; body?: object; headers?: Record<string, string>; ip?: string } = {},
) {
  const url = new URL(webServiceURL + suffix);
  return t.call({
    method,
    url: url.pathname + url.search,
    headers: { ...(options.token !== undefined ? { authorization: `ApplePass ${options.token}` } : {}), ...options.headers },
    ...(options.body ? { payload: options.body } : {}),
    remoteAddress: options.ip ?? '10.9.8.7',
  });
}
/** GET …/v1/passes/{type}/{serial} with the raw bytes of the answer. */
const fetchPass = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `${new URL(webServiceURL).pathname}/v1/passes/${PASS_TYPE}/${cardId}`, headers, remoteAddress: '10.9.8.7' });
const registration = (serial = cardId, type = PASS_TYPE) => `/v1/devices/${DEVICE}/registrations/${type}/${serial}`;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'apple-pass-updates-'));
  t = await createTestApp();
  [owner, stranger] = await Promise.all([t.signUp(), t.signUp()]);
  const card = await registerCard(t, owner, 'firstEditionDark');
  cardId = card.cardId;
  profileId = card.cardProfileId;
  expect((await t.post('/profile/update', { id: profileId, firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Analyst' }, owner)).status).toBe(200);
  const download = await t.app.inject({ method: 'GET', url: `/wallet/download/${cardId}`, headers: owner.auth });
  expect(download.statusCode, download.body).toBe(200);
  const pass = await verifiedPassJson(download.rawPayload);
  token = pass.authenticationToken;
  webServiceURL = pass.webServiceURL;
});
afterAll(async () => {
  await t.close();
  await rm(scratch, { recursive: true, force: true });
});

describe("Apple's web service for passes (issue 26)", () => {
  it('puts the web service and a per-pass token of at least 16 characters into every downloaded pass', () => {
    expect(webServiceURL).toBe(`${t.config.publicUrl}/wallet/apple`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  it('POST /wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber} answers 201 for a new device, 200 for a known one, 401 for a wrong token', async () => {
    expect((await device('POST', registration(), { token, body: { pushToken: PUSH_TOKEN } })).status).toBe(201);
    expect((await device('POST', registration(), { token, body: { pushToken: PUSH_TOKEN } })).status).toBe(200);
    expectD4(await device('POST', registration(), { token: token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')), body: { pushToken: PUSH_TOKEN } }), 401);
    expectD4(await device('POST', registration(), { body: { pushToken: PUSH_TOKEN } }), 401);
    // The right token under another pass type, or for another card, authorizes nothing.
    expectD4(await device('POST', registration(cardId, 'pass.com.other.type'), { token, body: { pushToken: PUSH_TOKEN } }), 401);
    const [otherCard] = await t.mintCards('rainbow', 1);
    expectD4(await device('POST', registration(otherCard), { token, body: { pushToken: PUSH_TOKEN } }), 401);
  });

  it('refuses a registration with a malformed push token or device id with 400 naming the field', async () => {
    const bad = expectD4(await device('POST', registration(), { token, body: { pushToken: 'not a token!' } }), 400);
    expect(bad.field ?? bad.detail).toContain('pushToken');
    expectD4(await device('POST', `/v1/devices/bad%20device/registrations/${PASS_TYPE}/${cardId}`, { token, body: { pushToken: PUSH_TOKEN } }), 400);
  });

  it('GET /wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier} lists the changed passes with a new tag, and 204 when none changed', async () => {
    const all = await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}`);
    expect(all.status, all.raw).toBe(200);
    expect(all.body.serialNumbers).toEqual([cardId]);
    const tag = all.body.lastUpdated as string;
    expect(tag).toMatch(/^\d+$/);
    // An empty passesUpdatedSince (a known pitfall) lists every pass, like none.
    expect((await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=`)).body.serialNumbers).toEqual([cardId]);
    expect((await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`)).status).toBe(204);

    // The owner changes the job title: the pass is listed again, with a later tag.
    expect((await t.post('/profile/update', { id: profileId, jobTitle: 'Chief Analyst' }, owner)).status).toBe(200);
    const changed = await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=${tag}`);
    expect(changed.status, changed.raw).toBe(200);
    expect(changed.body.serialNumbers).toEqual([cardId]);
    expect(Number(changed.body.lastUpdated)).toBeGreaterThan(Number(tag));
    expect((await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=${changed.body.lastUpdated}`)).status).toBe(204);
    // An edit the pass does not show (the bio) changes nothing for it.
    expect((await t.post('/profile/update', { id: profileId, bio: 'Numbers.' }, owner)).status).toBe(200);
    expect((await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=${changed.body.lastUpdated}`)).status).toBe(204);
    expectD4(await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}?passesUpdatedSince=yesterday`), 400);
  });

  it('GET /wallet/apple/v1/passes/{passTypeIdentifier}/{serialNumber} sends the latest signed pass with the new job title, and 304 to a device that holds it', async () => {
    const latest = await fetchPass({ authorization: `ApplePass ${token}`, 'if-modified-since': new Date(Date.now() - 3_600_000).toUTCString() });
    expect(latest.statusCode, latest.body).toBe(200);
    expect(latest.headers['content-type']).toBe('application/vnd.apple.pkpass');
    const pass = await verifiedPassJson(latest.rawPayload);
    expect(pass.generic.secondaryFields).toEqual([expect.objectContaining({ key: 'jobTitle', value: 'Chief Analyst' })]);
    expect(pass.serialNumber).toBe(cardId);
    expect(pass.authenticationToken).toBe(token);
    const lastModified = String(latest.headers['last-modified']);
    expect((await device('GET', `/v1/passes/${PASS_TYPE}/${cardId}`, { token, headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    expectD4(await device('GET', `/v1/passes/${PASS_TYPE}/${cardId}`, { token: 'x'.repeat(43) }), 401);
  });

  it("never answers another owner's pass: a stranger's own pass token does not open this one", async () => {
    const card = await registerCard(t, stranger);
    expect((await t.post('/profile/update', { id: card.cardProfileId, firstName: 'Eve' }, stranger)).status).toBe(200);
    const theirs = await verifiedPassJson((await t.app.inject({ method: 'GET', url: `/wallet/download/${card.cardId}`, headers: stranger.auth })).rawPayload);
    expectD4(await device('GET', `/v1/passes/${PASS_TYPE}/${cardId}`, { token: theirs.authenticationToken }), 401);
    expectD4(await device('POST', registration(), { token: theirs.authenticationToken, body: { pushToken: PUSH_TOKEN } }), 401);
  });

  it('POST /wallet/apple/v1/log takes the device log, and refuses a body without logs with 400', async () => {
    expect((await device('POST', '/v1/log', { body: { logs: ['[2026-11-26] Web service error for pass.com.example.contactcards'] } })).status).toBe(200);
    expectD4(await device('POST', '/v1/log', { body: { lines: [] } }), 400);
  });

  it('limits the device log per address across requests (429 with Retry-After)', async () => {
    const ip = '10.77.1.2';
    for (let i = 0; i < APPLE_WEB_SERVICE_RATE_RULES.log.max; i++) expect((await device('POST', '/v1/log', { body: { logs: [] }, ip })).status).toBe(200);
    const refused = await device('POST', '/v1/log', { body: { logs: [] }, ip });
    expectD4(refused, 429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('DELETE /wallet/apple/v1/devices/{deviceLibraryIdentifier}/registrations/{passTypeIdentifier}/{serialNumber} ends the updates; a reset card leaves its old pass unauthorized', async () => {
    expect((await device('DELETE', registration(), { token })).status).toBe(200);
    expect((await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}`)).status).toBe(204);
    expect((await device('POST', registration(), { token, body: { pushToken: PUSH_TOKEN } })).status).toBe(201);
    expect((await t.post('/card/delete', { cardId }, owner)).status).toBe(200);
    expectD4(await device('GET', `/v1/passes/${PASS_TYPE}/${cardId}`, { token }), 401);
    expect((await device('GET', `/v1/devices/${DEVICE}/registrations/${PASS_TYPE}`)).status).toBe(204);
  });
});
