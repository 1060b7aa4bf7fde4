import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildGoogleSaveUrl,
  GOOGLE_SAVE_URL,
  googleGenericObject,
  googleObjectHash,
  googleObjectPatch,
  readGoogleServiceAccount,
  type GoogleSaveInput,
} from './google-wallet.builder.ts';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});
const CLIENT_EMAIL = 'wallet@example-project.iam.gserviceaccount.com';
const LINK = 'https://cards.example.com/card/Ab3xY9kQ';

function input(overrides: Partial<GoogleSaveInput> = {}): GoogleSaveInput {
  return {
    serviceAccount: { client_email: CLIENT_EMAIL, private_key: keys.privateKey },
    issuerId: '3388000000022212345',
    card: { id: 'Ab3xY9kQ', edition: 'rainbow' },
    profile: { personalTitle: '', firstName: 'Anna', lastName: 'Schmidt', jobTitle: 'Head of Sales', companyName: 'Beispiel GmbH' },
    cardLink: LINK,
    origins: ['https://cards.example.com'],
    ...overrides,
  };
}

const jwtOf = (url: string) => url.slice(GOOGLE_SAVE_URL.length);

interface GenericObject {
  id: string;
  classId: string;
  cardTitle: { defaultValue: { language: string; value: string } };
  header: { defaultValue: { language: string; value: string } };
  subheader?: { defaultValue: { language: string; value: string } };
  textModulesData?: { id: string; header: string; body: string }[];
  barcode: { type: string; value: string };
  hexBackgroundColor: string;
  heroImage?: { sourceUri: { uri: string } };
  logo?: { sourceUri: { uri: string } };
}
const objectOf = (url: string) =>
  (decodeJwt(jwtOf(url)) as unknown as { payload: { genericObjects: GenericObject[]; genericClasses: { id: string }[] } }).payload;

describe('buildGoogleSaveUrl', () => {
  it('answers a save link whose JWT verifies with the service account public key', async () => {
    const url = await buildGoogleSaveUrl(input());
    expect(url.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const { payload, protectedHeader } = await jwtVerify(jwtOf(url), createPublicKey(keys.publicKey), {
      issuer: CLIENT_EMAIL,
      audience: 'google',
      algorithms: ['RS256'],
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload.typ).toBe('savetowallet');
    expect(payload.origins).toEqual(['https://cards.example.com']);
    expect(typeof payload.iat).toBe('number');
  });

  it('does not verify with another key', async () => {
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await expect(jwtVerify(jwtOf(await buildGoogleSaveUrl(input())), other.publicKey)).rejects.toThrow();
  });

  it('carries a generic object with the card link as QR code', async () => {
    const { genericObjects, genericClasses } = objectOf(await buildGoogleSaveUrl(input()));
    expect(genericObjects).toHaveLength(1);
    const object = genericObjects[0];
    expect(object.barcode).toEqual({ type: 'QR_CODE', value: LINK });
    expect(object.id).toBe('3388000000022212345.Ab3xY9kQ');
    expect(object.classId).toBe('3388000000022212345.contact_card');
    expect(genericClasses).toEqual([{ id: object.classId }]);
    expect(object.cardTitle.defaultValue).toEqual({ language: 'en', value: 'Rainbow' });
    expect(object.header.defaultValue.value).toBe('Anna Schmidt');
    expect(object.subheader?.defaultValue.value).toBe('Head of Sales');
    expect(object.textModulesData).toEqual([{ id: 'company', header: 'Company', body: 'Beispiel GmbH' }]);
    expect(object.hexBackgroundColor).toBe('#312e81');
    expect(object.heroImage).toBeUndefined();
  });

  it('speaks German when asked, takes a class suffix and optional images', async () => {
    const url = await buildGoogleSaveUrl(
      input({
        language: 'de',
        classSuffix: 'cards-2025',
        card: { id: 'c0in', edition: 'firstEditionCoin' },
        heroImageUrl: 'https://cards.example.com/assets/editions/firstEditionCoin.png',
        logoUrl: 'https://cards.example.com/logo.png',
      }),
    );
    const object = objectOf(url).genericObjects[0];
    expect(object.classId).toBe('3388000000022212345.cards-2025');
    expect(object.cardTitle.defaultValue).toEqual({ language: 'de', value: 'First Edition Münze' });
    expect(object.textModulesData?.[0].header).toBe('Firma');
    expect(object.heroImage?.sourceUri.uri).toBe('https://cards.example.com/assets/editions/firstEditionCoin.png');
    expect(object.logo?.sourceUri.uri).toBe('https://cards.example.com/logo.png');
  });

  it('leaves out empty job title and company, and still has a header', async () => {
    const url = await buildGoogleSaveUrl(input({ profile: { personalTitle: '', firstName: '', lastName: '', jobTitle: '', companyName: '' } }));
    const object = objectOf(url).genericObjects[0];
    // Issue 21: the neutral name of shared/display-name.ts (the edition is the card title).
    expect(object.header.defaultValue.value).toBe('Contact');
    expect(object.subheader).toBeUndefined();
    expect(object.textModulesData).toBeUndefined();
  });

  it('stays short enough for a save link (Google advises under 1800 characters)', async () => {
    const jwt = jwtOf(
      await buildGoogleSaveUrl(
        input({
          profile: {
            personalTitle: 'Prof. Dr.',
            firstName: 'Maximiliane',
            lastName: 'Musterfrau-Beispiel',
            jobTitle: 'Head of International Business Development',
            companyName: 'Beispielunternehmen Holding GmbH & Co. KG',
          },
        }),
      ),
    );
    expect(jwt.length).toBeLessThan(1800);
  });

  it('refuses ids Google would reject', async () => {
    await expect(buildGoogleSaveUrl(input({ issuerId: 'abc' }))).rejects.toThrow(TypeError);
    await expect(buildGoogleSaveUrl(input({ classSuffix: 'a/b' }))).rejects.toThrow(TypeError);
    await expect(buildGoogleSaveUrl(input({ card: { id: 'a b', edition: 'rainbow' } }))).rejects.toThrow(TypeError);
  });
});

describe('the PATCH that keeps a saved pass current (issue 26)', () => {
  it('carries the same fields as the save link’s object, without the id and the class', async () => {
    const saved = objectOf(await buildGoogleSaveUrl(input({ heroImageUrl: 'https://cards.example.com/e.png' }))).genericObjects[0];
    const patch = googleObjectPatch(googleGenericObject(input({ heroImageUrl: 'https://cards.example.com/e.png' })));
    const { id: _id, classId: _classId, ...fields } = saved;
    expect(patch).toEqual({ ...fields, logo: null });
    expect(patch).not.toHaveProperty('id');
    expect(patch).not.toHaveProperty('classId');
  });

  it('sends a removed job title, company or image as null, so Google clears it instead of keeping the old one', () => {
    const patch = googleObjectPatch(
      googleGenericObject(input({ profile: { personalTitle: '', firstName: 'Anna', lastName: 'Schmidt', jobTitle: '', companyName: '' } })),
    );
    expect(patch).toMatchObject({ subheader: null, textModulesData: null, logo: null, heroImage: null });
    expect(patch.header).toEqual({ defaultValue: { language: 'en', value: 'Anna Schmidt' } });
  });

  it('names the object by the card id, or by the object key of a later owner’s pass of the same card', () => {
    expect(googleGenericObject(input()).id).toBe('3388000000022212345.Ab3xY9kQ');
    expect(googleGenericObject(input({ objectKey: 'Ab3xY9kQ-x7Kp2mQa' })).id).toBe('3388000000022212345.Ab3xY9kQ-x7Kp2mQa');
    expect(() => googleGenericObject(input({ objectKey: 'a/b' }))).toThrow(TypeError);
  });

  it('hashes what the pass shows: a new job title or language changes the hash, the same content keeps it', () => {
    const base = googleObjectHash(googleGenericObject(input()));
    expect(googleObjectHash(googleGenericObject(input()))).toBe(base);
    const promoted = input({ profile: { ...input().profile, jobTitle: 'Chief Revenue Officer' } });
    expect(googleObjectHash(googleGenericObject(promoted))).not.toBe(base);
    expect(googleObjectHash(googleGenericObject(input({ language: 'de' })))).not.toBe(base);
  });
});

describe('readGoogleServiceAccount', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'google-sa-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads client_email and private_key from a service-account JSON key', async () => {
    const file = path.join(dir, 'sa.json');
    await writeFile(file, JSON.stringify({ type: 'service_account', client_email: CLIENT_EMAIL, private_key: keys.privateKey, project_id: 'x' }));
    expect(await readGoogleServiceAccount(file)).toEqual({ client_email: CLIENT_EMAIL, private_key: keys.privateKey });
  });

  it('keeps private_key_id when the file has one (the kid of the token request)', async () => {
    const file = path.join(dir, 'sa-kid.json');
    await writeFile(file, JSON.stringify({ client_email: CLIENT_EMAIL, private_key: keys.privateKey, private_key_id: 'f00d' }));
    expect(await readGoogleServiceAccount(file)).toEqual({ client_email: CLIENT_EMAIL, private_key: keys.privateKey, private_key_id: 'f00d' });
  });

  it('refuses a file without a key, with a broken key, or that is not JSON', async () => {
    const noKey = path.join(dir, 'no-key.json');
    await writeFile(noKey, JSON.stringify({ client_email: CLIENT_EMAIL }));
    await expect(readGoogleServiceAccount(noKey)).rejects.toThrow(/not a service-account key/);
    const badKey = path.join(dir, 'bad-key.json');
    await writeFile(badKey, JSON.stringify({ client_email: CLIENT_EMAIL, private_key: 'nope' }));
    await expect(readGoogleServiceAccount(badKey)).rejects.toThrow(/not a PEM private key/);
    const notJson = path.join(dir, 'x.json');
    await writeFile(notJson, '{');
    await expect(readGoogleServiceAccount(notJson)).rejects.toThrow(/cannot read/);
  });
});
