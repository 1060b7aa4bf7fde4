import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfigSchema } from '../../shared/schemas/app-config.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { expectD4, registerCard } from '../support/factories.ts';

/** Health, API docs, translations, the development outbox, QR codes and edition images. */

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://cards.example.com' });
  owner = await t.signUp();
});
afterAll(async () => t.close());

/** Every call of SPEC 7 as OpenAPI writes its path, with its method. */
const SPEC7_CALLS: Array<[string, string]> = [
  ['post', '/social-media-link/create'],
  ['post', '/social-media-link/update'],
  ['post', '/social-media-link/remove'],
  ['post', '/social-media-links/show'],
  ['post', '/find/own/social-media-link/by-id'],
  ['post', '/find/own/social-media-links/by-profile-id'],
  ['post', '/profile/short-link/social-media-links/show'],
  ['post', '/profile/create'],
  ['post', '/profile/update'],
  ['post', '/profile/delete'],
  ['post', '/find/own/profile/by-id'],
  ['get', '/find/own/profiles/active'],
  ['post', '/profile/update/short-link-id'],
  ['post', '/profile/show'],
  ['post', '/send/contact'],
  ['post', '/upload/profileImage'],
  ['post', '/upload/profileLogo'],
  ['post', '/delete/profileLogo'],
  ['get', '/find/own/login-image'],
  ['get', '/download/generate-vcf-with-comment'],
  ['get', '/download/calendar'],
  ['post', '/card/show'],
  ['post', '/find/own/card/by-id'],
  ['get', '/find/own/cards'],
  ['post', '/card/register'],
  ['post', '/card/delete'],
  ['post', '/card/profile/change'],
  ['get', '/wallet/download/{cardId}'],
  ['get', '/locales/{lng}/{file}'],
];

describe('health', () => {
  it('GET /healthz answers ok', async () => {
    const res = await t.get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
  });

  it('GET /readyz answers ready with each component while the database and storage answer', async () => {
    const res = await t.get('/readyz');
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ status: 'ready', components: { database: 'up', redis: t.config.redis ? 'up' : 'off', storage: 'up' } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('app settings: GET /app-config.json', () => {
  it("answers exactly the shared schema's fields, the owner app's type of it (shared/schemas/app-config.schema.ts)", async () => {
    const res = await t.get('/app-config.json');
    expect(res.status).toBe(200);
    const config = appConfigSchema.strict().parse(res.body);
    expect(config).toMatchObject({ publicUrl: 'https://cards.example.com', wallet: { apple: expect.any(Boolean), google: expect.any(Boolean) } });
  });
});

describe('API docs', () => {
  it('GET /docs/json is an OpenAPI document listing every call of SPEC 7 with its method', async () => {
    const res = await t.get('/docs/json');
    expect(res.status).toBe(200);
    expect(res.body.openapi).toMatch(/^3\./);
    for (const [method, url] of SPEC7_CALLS) {
      expect(res.body.paths[url], url).toBeDefined();
      expect(res.body.paths[url][method], `${method.toUpperCase()} ${url}`).toBeDefined();
    }
  });

  it('documents owner calls as needing a bearer token and keeps the auth internals out', async () => {
    const doc = (await t.get('/docs/json')).body;
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/profile/create'].post.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/profile/show'].post.security).toBeUndefined();
    expect(Object.keys(doc.paths).some((p) => p.startsWith('/api/auth') || p.startsWith('/_dev'))).toBe(false);
  });

  it('documents request bodies from the shared schemas', async () => {
    const doc = (await t.get('/docs/json')).body;
    const body = doc.paths['/social-media-link/create'].post.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['profileId', 'type', 'link']));
    expect(Object.keys(body.properties)).toEqual(expect.arrayContaining(['profileId', 'type', 'link', 'name', 'sort']));
  });

  it('GET /docs answers a browsable HTML page', async () => {
    let res = await t.call({ method: 'GET', url: '/docs' });
    if (res.status >= 300 && res.status < 400) res = await t.call({ method: 'GET', url: String(res.headers.location) });
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^text\/html/);
    expect(res.raw).toMatch(/<html/i);
  });
});

describe('translations: GET /locales/{lng}/{file}', () => {
  const namespaces = (lng: string) => fs.readdirSync(path.resolve(import.meta.dirname, '../../locales', lng)).filter((f) => f.endsWith('.json'));

  it('serves every translation file under locales/ as it is on disk', async () => {
    for (const lng of ['de', 'en']) {
      const files = namespaces(lng);
      expect(files.length, lng).toBeGreaterThan(0);
      for (const file of files) {
        const res = await t.get(`/locales/${lng}/${file}`);
        expect(res.status, `${lng}/${file}`).toBe(200);
        expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
        expect(res.body).toEqual(JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../locales', lng, file), 'utf8')));
      }
    }
  });

  it('answers an unknown namespace with 404 in D4 shape', async () => {
    expectD4(await t.get('/locales/de/no_such_namespace.json'), 404);
  });

  it('answers a language other than de or en with 400 naming lng', async () => {
    expect(expectD4(await t.get('/locales/fr/login.json'), 400).field).toBe('lng');
  });

  it('does not read files outside the locales folder', async () => {
    const res = await t.get('/locales/de/..%2F..%2Fpackage.json');
    expect([400, 404]).toContain(res.status);
    expectD4(res, res.status);
  });
});

describe('the development outbox', () => {
  it('GET /_dev/mail answers a list outside production', async () => {
    const res = await t.get('/_dev/mail');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it('does not exist in production, nor does the add-translation path POST /locales/add/{lng}/{ns} (D14)', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost', MAIL_OUTBOX: '1' });
    try {
      expectD4(await prod.get('/_dev/mail'), 404);
      expectD4(await prod.post('/locales/add/de/login', { some_key: 'Some text' }), 404);
      expect((await prod.get('/healthz')).status).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe('QR codes and edition images: GET /cards/{cardId}/qr.{format} and GET /cards/editions/{edition}.png', () => {
  it('serves the QR code of a minted card as SVG at qrCodePath', async () => {
    const card = await registerCard(t, owner, 'firstEditionRose');
    expect(card.qrCodePath).toBe(`/cards/${card.cardId}/qr.svg`);
    const res = await t.get(card.qrCodePath);
    expect(res.status).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^image\/svg\+xml/);
    expect(res.raw).toMatch(/<svg[\s>]/);
    expect(res.raw).not.toMatch(/<script/i);
  });

  it('serves the QR code as PNG for download, and it decodes to the card link (D3)', async () => {
    const [cardId] = await t.mintCards('rainbow', 1);
    const res = await t.app.inject({ method: 'GET', url: `/cards/${cardId}/qr.png` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const { data, info } = await sharp(res.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength), info.width, info.height);
    // The printed QR code says where the scan came from (issue 12).
    expect(decoded?.data).toBe(`https://cards.example.com/card/${cardId}?src=qr`);
  });

  it('answers 404 cmc/card-not-found for the QR code of an unknown card', async () => {
    expectD4(await t.get('/cards/neverMinted9/qr.svg'), 404, 'cmc/card-not-found');
    expectD4(await t.get('/cards/neverMinted9/qr.png'), 404, 'cmc/card-not-found');
  });

  it('serves the edition image at the card’s imagePath', async () => {
    const card = await registerCard(t, owner, 'kingOfTheMoment');
    const res = await t.app.inject({ method: 'GET', url: card.imagePath });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['content-type'])).toMatch(/^image\//);
    expect(res.rawPayload.length).toBeGreaterThan(100);
  });
});

describe('API paths (D16)', () => {
  it('answer JSON, never the owner app, even when the browser asks for HTML', async () => {
    const res = await t.call({ method: 'GET', url: '/find/own/cards', headers: { accept: 'text/html' } });
    expectD4(res, 401, 'cmc/unauthorized');
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  });

  it('answer an unknown API path with 404 in D4 shape', async () => {
    expectD4(await t.post('/profile/nonsense', {}), 404, 'cmc/not-found');
    expectD4(await t.get('/find/own/nothing'), 404, 'cmc/not-found');
  });
});
