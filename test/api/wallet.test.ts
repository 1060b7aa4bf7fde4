import { execFile } from 'node:child_process';
import { createHash, createPrivateKey, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { decodeJwt, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardLink } from '../../shared/card-link.ts';
import { createDevWalletCertificates, DEV_CERTIFICATE_FILES } from '../../server/features/wallet/dev-certificate.ts';
import { createProfile, expectD4, pngImage, registerCard, upload } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { readZip } from '../support/zip-archive.ts';

/**
 * D11 through the real app: the Apple .pkpass of GET /wallet/download/{cardId} (zip, manifest,
 * detached PKCS#7 checked by the openssl CLI) and the Google "Save to Google Wallet" link of
 * POST /wallet/google/save-url (a JWT checked with the service account's public key).
 */

const run = promisify(execFile);
const PUBLIC_URL = 'https://cards.example.com';
const ISSUER_ID = '3388000000012345678';
const SERVICE_ACCOUNT_EMAIL = 'wallet-signer@contact-cards-test.iam.gserviceaccount.com';

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'wallet-api-'));
});
afterAll(async () => rm(scratch, { recursive: true, force: true }));

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

/** The owner's profile as the pass should show it. */
const PERSON = { personalTitle: 'Dr.', firstName: 'Jürgen', lastName: 'Größe-Übermühl', jobTitle: 'Head of Engineering', companyName: 'Müller & Söhne GmbH' };

/** A registered card whose profile carries PERSON, for `user`. */
async function cardWithPerson(t: TestApp, user: TestUser, overrides: Record<string, string> = {}) {
  const card = await registerCard(t, user, 'firstEditionDark');
  const res = await t.post('/profile/update', { id: card.cardProfileId, ...PERSON, ...overrides }, user);
  expect(res.status, res.raw).toBe(200);
  return { cardId: card.cardId, profileId: card.cardProfileId };
}

const download = (t: TestApp, cardId: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url: `/wallet/download/${encodeURIComponent(cardId)}`, headers: user?.auth });

/** Writes the pass's manifest and signature to a folder and runs `openssl smime -verify` on them. */
async function opensslVerify(files: Map<string, Buffer>, caFile: string, manifest = files.get('manifest.json')!) {
  const dir = await mkdtemp(path.join(scratch, 'verify-'));
  await writeFile(path.join(dir, 'manifest.json'), manifest);
  await writeFile(path.join(dir, 'signature'), files.get('signature')!);
  const signerOut = path.join(dir, 'signer.pem');
  try {
    await run('openssl', [
      'smime',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      path.join(dir, 'signature'),
      '-content',
      path.join(dir, 'manifest.json'),
      '-CAfile',
      caFile,
      '-purpose',
      'any',
      '-signer',
      signerOut,
      '-out',
      path.join(dir, 'verified-content'),
    ]);
    return { ok: true as const, signer: new X509Certificate(await readFile(signerOut)), content: await readFile(path.join(dir, 'verified-content')) };
  } catch (error) {
    return { ok: false as const, stderr: String((error as { stderr?: string }).stderr ?? error) };
  }
}

describe('GET /wallet/download/{cardId} with the development certificate', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let cardId: string;
  let pass: { status: number; headers: Record<string, unknown>; body: Buffer };
  let files: Map<string, Buffer>;
  let devDir: string;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    devDir = path.join(t.config.dataDir, 'wallet-dev');
    [owner, stranger] = await Promise.all([t.signUp(), t.signUp()]);
    const card = await cardWithPerson(t, owner);
    cardId = card.cardId;
    const image = await upload(t, owner, 'profileImage', card.profileId, await pngImage(400, 300, '#2a9d8f'));
    expect(image.status, image.raw).toBe(200);
    const res = await download(t, cardId, owner);
    pass = { status: res.statusCode, headers: res.headers, body: res.rawPayload };
    expect(pass.status, res.body).toBe(200);
    files = readZip(pass.body);
  });
  afterAll(async () => t.close());

  it('answers the own card as application/vnd.apple.pkpass saved as WalletCard-{id}.pkpass', () => {
    expect(pass.headers['content-type']).toBe('application/vnd.apple.pkpass');
    expect(pass.headers['content-disposition']).toBe(`attachment; filename="WalletCard-${cardId}.pkpass"`);
    expect(pass.headers['cache-control']).toBe('no-store');
  });

  it('is a zip whose manifest.json lists the SHA-1 of every other file, and only those', () => {
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    const others = [...files.keys()].filter((name) => name !== 'manifest.json' && name !== 'signature').sort();
    expect(Object.keys(manifest).sort()).toEqual(others);
    expect(others).toEqual(expect.arrayContaining(['pass.json', 'icon.png', 'icon@2x.png', 'logo.png']));
    for (const name of others) expect(manifest[name], name).toBe(sha1(files.get(name)!));
  });

  it('has a detached PKCS#7 signature over the manifest that openssl accepts with the development CA of DATA_DIR/wallet-dev', async () => {
    const result = await opensslVerify(files, path.join(devDir, DEV_CERTIFICATE_FILES.wwdr));
    expect(result.ok, result.ok ? '' : result.stderr).toBe(true);
    if (!result.ok) return;
    // Detached: the signature holds no copy of the manifest; openssl verified the file we gave it.
    expect(result.content.equals(files.get('manifest.json')!)).toBe(true);
    const devSigner = new X509Certificate(await readFile(path.join(devDir, DEV_CERTIFICATE_FILES.signerCert)));
    expect(result.signer.fingerprint256).toBe(devSigner.fingerprint256);
  });

  it('has a signature that openssl rejects once a single manifest byte changes', async () => {
    const manifest = Buffer.from(files.get('manifest.json')!);
    manifest[manifest.indexOf('pass.json') + 1] ^= 0x01;
    const result = await opensslVerify(files, path.join(devDir, DEV_CERTIFICATE_FILES.wwdr), manifest);
    expect(result.ok).toBe(false);
  });

  it('has a signature that openssl rejects against a CA that did not issue the signer', async () => {
    const foreign = await createDevWalletCertificates();
    const foreignCa = path.join(scratch, 'foreign-ca.pem');
    await writeFile(foreignCa, foreign.wwdr);
    const result = await opensslVerify(files, foreignCa);
    expect(result.ok).toBe(false);
  });

  it('carries the owner’s name, job title and company from the card’s profile in pass.json', () => {
    const json = JSON.parse(files.get('pass.json')!.toString('utf8'));
    const fields = [...json.generic.primaryFields, ...json.generic.secondaryFields, ...json.generic.auxiliaryFields];
    const value = (key: string) => fields.find((f: { key: string }) => f.key === key)?.value;
    expect(value('name')).toBe('Dr. Jürgen Größe-Übermühl');
    expect(value('jobTitle')).toBe(PERSON.jobTitle);
    expect(value('company')).toBe(PERSON.companyName);
  });

  it('has one QR barcode whose message is the card link {PUBLIC_URL}/card/{cardId}?src=wallet', () => {
    const json = JSON.parse(files.get('pass.json')!.toString('utf8'));
    const link = `${PUBLIC_URL}/card/${cardId}?src=wallet`;
    expect(link).toBe(cardLink(PUBLIC_URL, cardId, 'wallet'));
    expect(json.barcodes).toEqual([expect.objectContaining({ format: 'PKBarcodeFormatQR', message: link })]);
    // Older iOS versions read only the singular field; passkit-generator writes both or neither.
    if (json.barcode) expect(json.barcode.message).toBe(link);
  });

  it('names the card as serial number and the configured pass type and team ids', () => {
    const json = JSON.parse(files.get('pass.json')!.toString('utf8'));
    expect(json).toMatchObject({
      formatVersion: 1,
      serialNumber: cardId,
      passTypeIdentifier: t.config.wallet.apple.passTypeId,
      teamIdentifier: t.config.wallet.apple.teamId,
    });
  });

  it('shows the uploaded profile image as the pass thumbnail in PNG', () => {
    const thumbnail = files.get('thumbnail.png');
    expect(thumbnail).toBeDefined();
    expect(thumbnail!.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(true);
  });

  it('makes the development certificate once in DATA_DIR/wallet-dev, key readable by the owner only, and signs later passes with it', async () => {
    const signerFile = path.join(devDir, DEV_CERTIFICATE_FILES.signerCert);
    const before = await readFile(signerFile, 'utf8');
    expect((await stat(path.join(devDir, DEV_CERTIFICATE_FILES.signerKey))).mode & 0o077).toBe(0);

    const again = await download(t, cardId, owner);
    expect(again.statusCode).toBe(200);
    expect(await readFile(signerFile, 'utf8')).toBe(before);
    const result = await opensslVerify(readZip(again.rawPayload), path.join(devDir, DEV_CERTIFICATE_FILES.wwdr));
    expect(result.ok, result.ok ? '' : result.stderr).toBe(true);
    if (result.ok) expect(result.signer.fingerprint256).toBe(new X509Certificate(before).fingerprint256);
  });

  it('answers another user’s card with 404 cmc/card-not-found and no file', async () => {
    const res = await download(t, cardId, stranger);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toBeUndefined();
    expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 404, 'cmc/card-not-found');
  });

  it('answers a card id that was never minted with 404 cmc/card-not-found', async () => {
    const res = await download(t, 'neverMinted0000', owner);
    expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 404, 'cmc/card-not-found');
  });

  it('answers 401 without a token and sends no file', async () => {
    const res = await download(t, cardId);
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(res.json()).toMatchObject({ status: 401, code: expect.any(String) });
  });

  it('answers 409 cmc/card-without-profile for an own card whose profile was detached', async () => {
    const detached = await cardWithPerson(t, owner);
    await t.app.db.updateTable('card').set({ profileId: null }).where('id', '=', detached.cardId).execute();
    const res = await download(t, detached.cardId, owner);
    expect(res.headers['content-disposition']).toBeUndefined();
    const body = expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 409, 'cmc/card-without-profile');
    expect(body.message).toMatch(/profile/i);
  });
});

describe('GET /wallet/download/{cardId} with the operator’s Apple certificates', () => {
  let t: TestApp;
  let owner: TestUser;
  let caFile: string;

  beforeAll(async () => {
    // Stand-ins shaped like Apple's files: the certificate as DER (.cer), the key encrypted.
    const set = await createDevWalletCertificates({ passTypeId: 'pass.com.acme.cards', teamId: 'ACME123456' });
    const dir = await mkdtemp(path.join(scratch, 'apple-'));
    caFile = path.join(dir, 'AppleWWDRCAG4.pem');
    await writeFile(path.join(dir, 'pass.cer'), new X509Certificate(set.signerCert).raw);
    await writeFile(
      path.join(dir, 'pass-key.pem'),
      createPrivateKey(set.signerKey).export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'open sesame' }),
    );
    await writeFile(caFile, set.wwdr);
    t = await createTestApp({
      PUBLIC_URL,
      APPLE_PASS_CERT: path.join(dir, 'pass.cer'),
      APPLE_PASS_KEY: path.join(dir, 'pass-key.pem'),
      APPLE_PASS_KEY_PASSPHRASE: 'open sesame',
      APPLE_WWDR_CERT: caFile,
      APPLE_PASS_TYPE_ID: 'pass.com.acme.cards',
      APPLE_TEAM_ID: 'ACME123456',
    });
    owner = await t.signUp();
  });
  afterAll(async () => t.close());

  it('signs with the configured certificate, writes the configured ids and makes no development certificate', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const res = await download(t, cardId, owner);
    expect(res.statusCode, res.body).toBe(200);
    const files = readZip(res.rawPayload);
    const result = await opensslVerify(files, caFile);
    expect(result.ok, result.ok ? '' : result.stderr).toBe(true);
    if (result.ok) expect(result.signer.subject).toContain('pass.com.acme.cards');
    expect(JSON.parse(files.get('pass.json')!.toString('utf8'))).toMatchObject({ passTypeIdentifier: 'pass.com.acme.cards', teamIdentifier: 'ACME123456' });
    expect(existsSync(path.join(t.config.dataDir, 'wallet-dev'))).toBe(false);
  });
});

describe('GET /wallet/download/{cardId} in production without Apple certificates', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ NODE_ENV: 'production', PUBLIC_URL, AUTH_SECRET: 'a-production-secret-of-at-least-32-chars', MAIL_OUTBOX: '1' });
    owner = await t.signUp();
  });
  afterAll(async () => t.close());

  it('answers 503 cmc/not-configured in D4 shape and makes no development certificate', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const res = await download(t, cardId, owner);
    expect(res.headers['content-disposition']).toBeUndefined();
    expectD4({ status: res.statusCode, body: res.json(), raw: res.body }, 503, 'cmc/not-configured');
    expect(existsSync(path.join(t.config.dataDir, 'wallet-dev'))).toBe(false);
  });
});

describe('POST /wallet/google/save-url', () => {
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let publicKeyPem: string;

  beforeAll(async () => {
    const keys = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    publicKeyPem = keys.publicKey;
    // Shaped like the JSON key the Google Cloud console hands out (fields the server ignores included).
    const keyFile = path.join(scratch, 'service-account.json');
    await writeFile(
      keyFile,
      JSON.stringify({
        type: 'service_account',
        project_id: 'contact-cards-test',
        private_key_id: 'abc123',
        private_key: keys.privateKey,
        client_email: SERVICE_ACCOUNT_EMAIL,
      }),
    );
    t = await createTestApp({ PUBLIC_URL, GOOGLE_WALLET_SERVICE_ACCOUNT: keyFile, GOOGLE_WALLET_ISSUER_ID: ISSUER_ID });
    [owner, stranger] = await Promise.all([t.signUp(), t.signUp()]);
  });
  afterAll(async () => t.close());

  const saveUrl = (cardId: string, user?: TestUser, headers: Record<string, string> = {}) =>
    t.call({ method: 'POST', url: '/wallet/google/save-url', payload: { cardId }, headers: { ...user?.auth, ...headers } });

  /** The JWT of a save URL, after checking the URL's fixed part. */
  function jwtOf(url: string): string {
    const prefix = 'https://pay.google.com/gp/v/save/';
    expect(url.startsWith(prefix), url).toBe(true);
    return url.slice(prefix.length);
  }

  it('answers a save URL whose JWT verifies RS256 with the service account’s public key', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const res = await saveUrl(cardId, owner);
    expect(res.status, res.raw).toBe(200);
    expect(Object.keys(res.body)).toEqual(['url']);
    const jwt = jwtOf(res.body.url);
    expect(decodeProtectedHeader(jwt)).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    const { payload } = await jwtVerify(jwt, await importSPKI(publicKeyPem, 'RS256'), {
      algorithms: ['RS256'],
      issuer: SERVICE_ACCOUNT_EMAIL,
      audience: 'google',
    });
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual([PUBLIC_URL]);
  });

  it('fails verification with any other key', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const jwt = jwtOf((await saveUrl(cardId, owner)).body.url);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey;
    await expect(jwtVerify(jwt, other, { algorithms: ['RS256'] })).rejects.toThrow();
  });

  it('carries a generic pass object with the card link as QR value and the owner’s name, job title and company', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const payload = decodeJwt(jwtOf((await saveUrl(cardId, owner)).body.url)) as any;
    const objects = payload.payload.genericObjects;
    expect(objects).toHaveLength(1);
    const object = objects[0];
    expect(object.id).toBe(`${ISSUER_ID}.${cardId}`);
    expect(object.classId.startsWith(`${ISSUER_ID}.`)).toBe(true);
    expect(payload.payload.genericClasses).toEqual([expect.objectContaining({ id: object.classId })]);
    expect(object.barcode).toEqual({ type: 'QR_CODE', value: `${PUBLIC_URL}/card/${cardId}?src=wallet` });
    expect(object.header.defaultValue.value).toBe('Dr. Jürgen Größe-Übermühl');
    expect(object.subheader.defaultValue.value).toBe(PERSON.jobTitle);
    expect(object.textModulesData).toEqual([expect.objectContaining({ body: PERSON.companyName })]);
  });

  it('writes the pass texts in the caller’s language', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const german = decodeJwt(jwtOf((await saveUrl(cardId, owner, { 'accept-language': 'de-DE,de;q=0.9' })).body.url)) as any;
    const english = decodeJwt(jwtOf((await saveUrl(cardId, owner, { 'accept-language': 'en-US' })).body.url)) as any;
    expect(german.payload.genericObjects[0].textModulesData[0].header).toBe('Firma');
    expect(german.payload.genericObjects[0].header.defaultValue.language).toBe('de');
    expect(english.payload.genericObjects[0].textModulesData[0].header).toBe('Company');
  });

  it('answers another user’s card with 404 cmc/card-not-found and no URL', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const body = expectD4(await saveUrl(cardId, stranger), 404, 'cmc/card-not-found');
    expect(body).not.toHaveProperty('url');
  });

  it('answers 401 without a token', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const res = await saveUrl(cardId);
    expect(res.status).toBe(401);
    expect(res.body).not.toHaveProperty('url');
  });

  it('answers 409 cmc/card-without-profile for an own card whose profile was detached', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    await t.app.db.updateTable('card').set({ profileId: null }).where('id', '=', cardId).execute();
    expectD4(await saveUrl(cardId, owner), 409, 'cmc/card-without-profile');
  });

  it('answers 400 naming the field when cardId is missing', async () => {
    const res = await t.post('/wallet/google/save-url', {}, owner);
    const body = expectD4(res, 400);
    expect(body.field).toBe('cardId');
  });
});

describe('POST /wallet/google/save-url without Google Wallet settings', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    owner = await t.signUp();
  });
  afterAll(async () => t.close());

  it('answers 503 cmc/not-configured in D4 shape {status, code, message, detail}', async () => {
    const { cardId } = await cardWithPerson(t, owner);
    const body = expectD4(await t.post('/wallet/google/save-url', { cardId }, owner), 503, 'cmc/not-configured');
    expect(body.message).toMatch(/Google Wallet/);
    expect(body.detail).toMatch(/Google Wallet/);
  });

  it('still answers another user’s card with 404 before saying it is not configured', async () => {
    const stranger = await t.signUp();
    const { cardId } = await cardWithPerson(t, owner);
    expectD4(await t.post('/wallet/google/save-url', { cardId }, stranger), 404, 'cmc/card-not-found');
  });
});

describe('the wallet calls on a profile without a name', () => {
  let t: TestApp;
  let owner: TestUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL });
    owner = await t.signUp();
  });
  afterAll(async () => t.close());

  it('still builds a pass, titled with the neutral name, when the assigned profile has no name or job', async () => {
    const card = await registerCard(t, owner, 'rainbow');
    const profile = await createProfile(t, owner, { firstName: '', lastName: '', jobTitle: '' });
    expect((await t.post('/card/profile/change', { cardId: card.cardId, profileId: profile.id }, owner)).status).toBe(200);
    const res = await download(t, card.cardId, owner);
    expect(res.statusCode, res.body).toBe(200);
    const json = JSON.parse(readZip(res.rawPayload).get('pass.json')!.toString('utf8'));
    // Issue 21: the name rule of shared/display-name.ts; the edition is on the pass in a field of its own.
    expect(json.generic.primaryFields[0].value).toBe('Contact');
    expect(json.generic.secondaryFields).toEqual([]);
    expect(json.barcodes[0].message).toBe(`${PUBLIC_URL}/card/${card.cardId}?src=wallet`);
  });
});
