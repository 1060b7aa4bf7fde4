import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPTURE_PARSE_INSTANCE_RULE,
  CAPTURE_PARSE_RULE,
  CAPTURE_READ_INSTANCE_RULE,
  CAPTURE_READ_RULE,
} from '../../server/features/capture/capture.service.ts';
import { MAX_CARD_IMAGE_BYTES } from '../../server/features/capture/card-image.ts';
import type { RateRule } from '../../server/lib/rate-limiter.ts';
import { createProfile, expectD4, multipartBody } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 36: reading a paper card's photo and a code's text through the real app: owner calls
 * only, bad input a 400 (413, 415) naming the field, limits per account and per instance.
 * One real OCR read (a corpus card); the accuracy of many is test/capture's.
 */

let t: TestApp;
let owner: TestUser;
let limited: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  [owner, limited] = await Promise.all([t.signUp(), t.signUp()]);
});
afterAll(async () => t.close());

const CORPUS = path.resolve(import.meta.dirname, '../fixtures/capture');

async function read(user: TestUser | undefined, data: Buffer | null, options: { field?: string; filename?: string; contentType?: string } = {}) {
  const body = await multipartBody(
    {},
    data ? { field: options.field ?? 'image', data, filename: options.filename ?? 'card.jpg', contentType: options.contentType ?? 'image/jpeg' } : undefined,
  );
  return t.call({ method: 'POST', url: '/capture/read', payload: body.payload, headers: { ...body.headers, ...user?.auth } });
}
/** Counts a rule's whole allowance for a subject, as that many earlier requests would have. */
async function fill(rule: RateRule, subject: string) {
  for (let done = 0; done < rule.max; done += 50) {
    await Promise.all(Array.from({ length: Math.min(50, rule.max - done) }, () => t.app.platform.rateLimiter.hit(rule, subject)));
  }
}
const parse = (text: unknown, user: TestUser | undefined = owner) => t.post('/capture/parse', { text }, user);

describe('POST /capture/read', () => {
  it("reads a photographed card's fields with the OCR of this server", async () => {
    const { cards } = JSON.parse(fs.readFileSync(path.join(CORPUS, 'cards.json'), 'utf8')) as {
      cards: Array<{ file: string; fields: Record<string, string | null> }>;
    };
    const card = cards.find((c) => c.file === 'card-02.jpg')!;
    const res = await read(owner, fs.readFileSync(path.join(CORPUS, card.file)));
    expect(res.status, res.raw).toBe(200);
    expect(res.body.fields).toMatchObject({
      firstName: card.fields.firstName,
      lastName: card.fields.lastName,
      email: card.fields.email,
      company: card.fields.company,
    });
    expect(res.body.text).toContain(card.fields.email);
    expect(res.body.confidence).toBeGreaterThan(0.5);
    expect(res.body.confidence).toBeLessThanOrEqual(1);
  });

  it('needs a signed-in owner: 401 without a token, 403 with an API token', async () => {
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    expectD4(await read(undefined, image), 401, 'cmc/unauthorized');
    const created = await t.post('/api-token/create', { name: 'CRM', scopes: ['leads:read'] }, owner);
    expect(created.status, created.raw).toBe(200);
    const tokenUser = { ...owner, auth: { authorization: `Bearer ${created.body.token}` } };
    expectD4(await read(tokenUser, image), 403, 'cmc/insufficient-scope');
    expectD4(await parse('tel:+4930123456', tokenUser), 403, 'cmc/insufficient-scope');
  });

  it('answers 400 naming the field for a body that is no multipart form or has no photo', async () => {
    const notMultipart = await t.post('/capture/read', { image: 'x' }, owner);
    expect(expectD4(notMultipart, 400, 'cmc/invalid-input').field).toBe('image');
    expect(expectD4(await read(owner, null), 400, 'cmc/invalid-input').field).toBe('image');
    const elsewhere = await read(owner, Buffer.from('x'), { field: 'photo' });
    expect(expectD4(elsewhere, 400, 'cmc/invalid-input').field).toBe('image');
  });

  it('judges the type by the content: a GIF named card.jpg is 415, a text file 415', async () => {
    const gif = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect(expectD4(await read(owner, gif), 415, 'cmc/unsupported-image').field).toBe('image');
    expect(expectD4(await read(owner, Buffer.from('BEGIN:VCARD'), { filename: 'card.png', contentType: 'image/png' }), 415).field).toBe('image');
  });

  it('refuses a photo over 10 MB with 413 while receiving it', async () => {
    const res = await read(owner, Buffer.alloc(MAX_CARD_IMAGE_BYTES + 1024, 0xff));
    expect(expectD4(res, 413, 'cmc/file-too-large').field).toBe('image');
  });

  it("answers 429 with Retry-After past the account's limit, and past the instance's for everyone", async () => {
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    await fill(CAPTURE_READ_RULE, limited.userId);
    const res = await read(limited, image);
    expectD4(res, 429, 'cmc/rate-limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);

    const other = await t.signUp();
    await fill(CAPTURE_READ_INSTANCE_RULE, t.app.features.capture.capture.instanceId);
    expectD4(await read(other, image), 429, 'cmc/rate-limited');
  });
});

describe('POST /capture/parse', () => {
  it("answers a vCard's fields and its format", async () => {
    const res = await parse(
      'BEGIN:VCARD\r\nVERSION:3.0\r\nN:Carter;Emily\r\nORG:Harbour & Finch\r\nTEL;TYPE=CELL:+44 7911 123456\r\nEMAIL:emily@harbourfinch.com\r\nEND:VCARD',
    );
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({
      format: 'vcard',
      fields: {
        firstName: 'Emily',
        lastName: 'Carter',
        jobTitle: null,
        company: 'Harbour & Finch',
        email: 'emily@harbourfinch.com',
        phone: null,
        mobile: '+44 7911 123456',
        website: null,
        street: null,
        zip: null,
        city: null,
        country: null,
      },
    });
  });

  it("answers the public contact of this service's own profile link, and 404 for a link to nothing public", async () => {
    const profile = await createProfile(t, owner, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      companyName: 'Engines Ltd',
      businessEmailAddress: 'ada@engines.example',
    });
    const res = await parse(`${t.config.publicUrl}/p/${profile.id}`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toMatchObject({
      format: 'product-link',
      fields: { firstName: 'Ada', lastName: 'Lovelace', company: 'Engines Ltd', email: 'ada@engines.example' },
    });
    expect(expectD4(await parse(`${t.config.publicUrl}/p/NoSuchProfile1`), 404, 'cmc/profile-not-found').field).toBe('text');
    expect(expectD4(await parse(`${t.config.publicUrl}/card/NoSuchCard1`), 404, 'cmc/profile-not-found').field).toBe('text');
  });

  it('answers 400 naming `text` and the problem for broken, unknown, empty, oversized or missing text', async () => {
    const cases: Array<[unknown, RegExp]> = [
      ['BEGIN:VCARD\nN:Carter;Emily', /broken.*END:VCARD/],
      ['SBpax001', /unknown-format/],
      ['   ', /empty/],
      [`BEGIN:VCARD\nNOTE:${'x'.repeat(9000)}\nEND:VCARD`, /too-long/],
      ['', /required/],
      [undefined, /text/],
      [42, /text/],
    ];
    for (const [text, message] of cases) {
      const body = expectD4(await parse(text), 400, 'cmc/invalid-input');
      expect(body.field, JSON.stringify(text)).toBe('text');
      expect(body.message).toMatch(message);
    }
  });

  it('needs a signed-in owner', async () => {
    expectD4(await t.post('/capture/parse', { text: 'tel:+4930123456' }), 401, 'cmc/unauthorized');
  });

  it("answers 429 past the account's limit, and past the instance's for everyone", async () => {
    const user = await t.signUp();
    await fill(CAPTURE_PARSE_RULE, user.userId);
    expectD4(await parse('tel:+4930123456', user), 429, 'cmc/rate-limited');
    const other = await t.signUp();
    expect((await parse('tel:+4930123456', other)).status).toBe(200);
    await fill(CAPTURE_PARSE_INSTANCE_RULE, t.app.features.capture.capture.instanceId);
    expectD4(await parse('tel:+4930123456', other), 429, 'cmc/rate-limited');
  });
});
