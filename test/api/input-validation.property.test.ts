import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINK_TYPES } from '../../shared/schemas/link.schema.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { createLink, createProfile, multipartBody, pngImage, registerCard } from '../support/factories.ts';

/**
 * D4 under hostile input, property-based: every call of SPEC 7, given malformed JSON, wrong
 * types, missing fields, over-long or 1 MB strings, malformed ids or unknown ids, answers a
 * 4xx in D4's shape (`status` equal to the HTTP status, `code`, `message`, `detail` strings)
 * and never a 5xx; a 400 names the field at fault. Owner calls are sent with a valid token,
 * so the input, not the missing sign-in, is what gets refused.
 */

let t: TestApp;
let owner: TestUser;
/** Ids of the owner's real data, so that every other field of a body is valid. */
const ids = { profile: '', link: '', card: '', shortLink: '' };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp();
  const profile = await createProfile(t, owner);
  ids.profile = profile.id;
  ids.shortLink = profile.shortLinkId;
  ids.link = (await createLink(t, owner, profile.id)).id;
  ids.card = (await registerCard(t, owner)).cardId;
  await t.post('/card/profile/change', { cardId: ids.card, profileId: profile.id }, owner);
});
afterAll(async () => t.close());

type FieldKind =
  { type: 'id' } | { type: 'text'; max: number } | { type: 'enum'; values: readonly string[] } | { type: 'email' } | { type: 'shortLinkId' } | { type: 'sort' };

interface JsonCall {
  method: 'POST';
  url: string;
  owner: boolean;
  valid: () => Record<string, unknown>;
  fields: Record<string, FieldKind>;
  required: string[];
}

const id: FieldKind = { type: 'id' };
const text = (max: number): FieldKind => ({ type: 'text', max });
const PROFILE_TEXT = Object.fromEntries(
  ['profileName', 'firstName', 'lastName', 'personalTitle', 'companyName', 'jobTitle', 'city', 'zip', 'businessEmailAddress'].map((f) => [f, text(200)]),
) as Record<string, FieldKind>;

/** Every JSON call of SPEC 7 (and D8's activate/deactivate, D11's Google link), with a valid body. */
const JSON_CALLS: JsonCall[] = [
  {
    method: 'POST',
    url: '/social-media-link/create',
    owner: true,
    valid: () => ({ profileId: ids.profile, type: 'website', link: 'https://x.example', name: 'n', sort: 1 }),
    fields: { profileId: id, type: { type: 'enum', values: LINK_TYPES }, link: text(2048), name: text(200), sort: { type: 'sort' } },
    required: ['profileId', 'type', 'link'],
  },
  {
    method: 'POST',
    url: '/social-media-link/update',
    owner: true,
    valid: () => ({ socialMediaLinkId: ids.link, type: 'website', link: 'https://x.example', name: 'n', sort: 1 }),
    fields: { socialMediaLinkId: id, type: { type: 'enum', values: LINK_TYPES }, link: text(2048), name: text(200), sort: { type: 'sort' } },
    required: ['socialMediaLinkId'],
  },
  {
    method: 'POST',
    url: '/social-media-link/remove',
    owner: true,
    valid: () => ({ socialMediaLinkId: ids.link }),
    fields: { socialMediaLinkId: id },
    required: ['socialMediaLinkId'],
  },
  {
    method: 'POST',
    url: '/social-media-links/show',
    owner: false,
    valid: () => ({ profileId: ids.profile }),
    fields: { profileId: id },
    required: ['profileId'],
  },
  {
    method: 'POST',
    url: '/find/own/social-media-link/by-id',
    owner: true,
    valid: () => ({ socialMediaLinkId: ids.link }),
    fields: { socialMediaLinkId: id },
    required: ['socialMediaLinkId'],
  },
  {
    method: 'POST',
    url: '/find/own/social-media-links/by-profile-id',
    owner: true,
    valid: () => ({ profileId: ids.profile }),
    fields: { profileId: id },
    required: ['profileId'],
  },
  {
    method: 'POST',
    url: '/profile/short-link/social-media-links/show',
    owner: false,
    valid: () => ({ shortLinkId: ids.shortLink }),
    fields: { shortLinkId: text(64) },
    required: ['shortLinkId'],
  },
  {
    method: 'POST',
    url: '/profile/create',
    owner: true,
    valid: () => ({ profileName: 'P', firstName: 'F' }),
    fields: { ...PROFILE_TEXT, businessNote: text(2000), layout: text(40), type: { type: 'enum', values: ['DEFAULT', 'CUSTOM'] } },
    required: [],
  },
  {
    method: 'POST',
    url: '/profile/update',
    owner: true,
    valid: () => ({ id: ids.profile, firstName: 'F' }),
    fields: { id, ...PROFILE_TEXT, businessNote: text(2000), layout: text(40), type: { type: 'enum', values: ['DEFAULT', 'CUSTOM'] } },
    required: ['id'],
  },
  { method: 'POST', url: '/profile/delete', owner: true, valid: () => ({ profileId: ids.profile }), fields: { profileId: id }, required: ['profileId'] },
  { method: 'POST', url: '/profile/activate', owner: true, valid: () => ({ profileId: ids.profile }), fields: { profileId: id }, required: ['profileId'] },
  { method: 'POST', url: '/profile/deactivate', owner: true, valid: () => ({ profileId: ids.profile }), fields: { profileId: id }, required: ['profileId'] },
  {
    method: 'POST',
    url: '/find/own/profile/by-id',
    owner: true,
    valid: () => ({ profileId: ids.profile }),
    fields: { profileId: id },
    required: ['profileId'],
  },
  {
    method: 'POST',
    url: '/profile/update/short-link-id',
    owner: true,
    valid: () => ({ profileId: ids.profile, shortLinkId: 'validNew123' }),
    fields: { profileId: id, shortLinkId: { type: 'shortLinkId' } },
    required: ['profileId', 'shortLinkId'],
  },
  { method: 'POST', url: '/profile/show', owner: false, valid: () => ({ profileId: ids.profile }), fields: { profileId: id }, required: ['profileId'] },
  {
    method: 'POST',
    url: '/send/contact',
    owner: false,
    valid: () => ({ profileId: ids.profile, senderEmail: 'v@example.com', language: 'en' }),
    fields: { profileId: id, senderEmail: { type: 'email' }, language: { type: 'enum', values: ['de', 'en'] } },
    required: ['profileId', 'senderEmail'],
  },
  { method: 'POST', url: '/delete/profileLogo', owner: true, valid: () => ({ profileId: ids.profile }), fields: { profileId: id }, required: ['profileId'] },
  { method: 'POST', url: '/card/show', owner: false, valid: () => ({ cardId: ids.card }), fields: { cardId: id }, required: ['cardId'] },
  { method: 'POST', url: '/find/own/card/by-id', owner: true, valid: () => ({ cardId: ids.card }), fields: { cardId: id }, required: ['cardId'] },
  {
    method: 'POST',
    url: '/card/register',
    owner: true,
    valid: () => ({ cardId: ids.card, firebaseUserEmail: owner.email }),
    fields: { cardId: id, firebaseUserEmail: text(254) },
    required: ['cardId'],
  },
  { method: 'POST', url: '/card/delete', owner: true, valid: () => ({ cardId: ids.card }), fields: { cardId: id }, required: ['cardId'] },
  {
    method: 'POST',
    url: '/card/profile/change',
    owner: true,
    valid: () => ({ cardId: ids.card, profileId: ids.profile }),
    fields: { cardId: id, profileId: id },
    required: ['cardId', 'profileId'],
  },
  { method: 'POST', url: '/wallet/google/save-url', owner: true, valid: () => ({ cardId: ids.card }), fields: { cardId: id }, required: ['cardId'] },
];

type Mutation =
  | { kind: 'malformed-json'; text: string }
  | { kind: 'wrong-type'; field: string; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'bad-value'; field: string; value: string }
  | { kind: 'huge'; field: string }
  | { kind: 'unknown-id'; field: string; value: string }
  | { kind: 'random-body'; value: unknown }
  | { kind: 'prototype-keys'; text: string };

const MEGABYTE = 'x'.repeat(1024 * 1024);

const isJson = (s: string) => {
  try {
    JSON.parse(s);
    return true;
  } catch {
    return false;
  }
};

const notAString = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
);
const notAPosition = fc.oneof(
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.integer({ max: 0 }),
  fc.integer({ min: 10_001 }),
  fc.double({ noInteger: true, noDefaultInfinity: true, noNaN: true }),
  fc.array(fc.integer(), { maxLength: 3 }),
);
const unknownId = fc.stringMatching(/^[A-Za-z0-9]{10,20}$/);

/** Strings a field of this kind must refuse. */
function badValue(kind: FieldKind): fc.Arbitrary<string> | null {
  switch (kind.type) {
    case 'id':
      return fc.oneof(
        fc.string({ minLength: 1, maxLength: 30 }).filter((s) => !/^[A-Za-z0-9_-]+$/.test(s.trim())),
        fc.stringMatching(/^[A-Za-z0-9]{65,120}$/),
        fc.constant(''),
      );
    case 'text':
      return fc.integer({ min: kind.max + 1, max: kind.max + 40 }).map((n) => 'ä'.repeat(n));
    case 'enum':
      return fc.string({ maxLength: 20 }).filter((s) => !kind.values.includes(s) && s !== 'hard-link');
    case 'email':
      return fc.string({ maxLength: 40 }).filter((s) => !/^\S+@\S+\.\S+$/.test(s.trim()));
    case 'shortLinkId':
      return fc.string({ maxLength: 50 }).filter((s) => !/^[A-Za-z0-9]{3,40}$/.test(s.trim()));
    case 'sort':
      return null;
  }
}

function mutationsOf(call: JsonCall): fc.Arbitrary<Mutation> {
  const fields = Object.keys(call.fields);
  const field = fc.constantFrom(...fields);
  const options: fc.Arbitrary<Mutation>[] = [
    fc
      .oneof(fc.constantFrom('{', '{"a":', '[1,', '{"profileId": }', '', 'undefined', "{'single': 'quotes'}"), fc.string())
      .filter((s) => !isJson(s))
      .map((text) => ({ kind: 'malformed-json' as const, text })),
    field.chain((f) => (call.fields[f].type === 'sort' ? notAPosition : notAString).map((value) => ({ kind: 'wrong-type' as const, field: f, value }))),
    field.map((f) => ({ kind: 'huge' as const, field: f })),
    // Valid JSON that tries to reach Object.prototype through the body.
    field.chain((f) =>
      fc
        .constantFrom(`{"${f}":{"__proto__":{"polluted":true}}}`, `{"__proto__":{"${f}":"x"}}`, `{"constructor":{"prototype":{"${f}":"x"}}}`)
        .map((text) => ({ kind: 'prototype-keys' as const, text })),
    ),
  ];
  const withBadValues = fields.filter((f) => badValue(call.fields[f]) !== null);
  if (withBadValues.length) {
    options.push(fc.constantFrom(...withBadValues).chain((f) => badValue(call.fields[f])!.map((value) => ({ kind: 'bad-value' as const, field: f, value }))));
  }
  if (call.required.length) {
    options.push(fc.constantFrom(...call.required).map((f) => ({ kind: 'missing' as const, field: f })));
    // A body of arbitrary JSON lacks the required fields (an empty object would be valid only without them).
    options.push(fc.jsonValue({ maxDepth: 3 }).map((value) => ({ kind: 'random-body' as const, value })));
  }
  const idFields = fields.filter((f) => call.fields[f].type === 'id');
  if (idFields.length) options.push(fc.constantFrom(...idFields).chain((f) => unknownId.map((value) => ({ kind: 'unknown-id' as const, field: f, value }))));
  return fc.oneof(...options);
}

function request(call: JsonCall, mutation: Mutation) {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(call.owner ? owner.auth : {}) };
  let payload: string;
  if (mutation.kind === 'malformed-json' || mutation.kind === 'prototype-keys') payload = mutation.text;
  else if (mutation.kind === 'random-body') payload = JSON.stringify(mutation.value);
  else {
    const body: Record<string, unknown> = call.valid();
    if (mutation.kind === 'missing') delete body[mutation.field];
    else if (mutation.kind === 'huge') body[mutation.field] = MEGABYTE;
    else body[mutation.field] = mutation.value;
    payload = JSON.stringify(body);
  }
  return t.call({ method: call.method, url: call.url, payload, headers });
}

/** D4: a 4xx whose body repeats the status and carries code, message and detail. */
function expectD4Client(res: { status: number; body: any; raw: string }, context: string) {
  expect(res.status, `${context} → ${res.raw.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(res.status, `${context} → ${res.raw.slice(0, 300)}`).toBeLessThan(500);
  expect(typeof res.body, context).toBe('object');
  expect(res.body.status, context).toBe(res.status);
  for (const key of ['code', 'message', 'detail']) expect(typeof res.body[key], `${context}: ${key}`).toBe('string');
  if (res.status === 400) {
    // "A 400 names the field" (D4), in `field`: `body` when the body as a whole is unreadable.
    expect(typeof res.body.field, `${context}: field in ${res.raw.slice(0, 300)}`).toBe('string');
    expect(res.body.field.length, context).toBeGreaterThan(0);
  }
}

const describeMutation = (m: Mutation) => (m.kind === 'huge' ? `huge ${m.field}` : JSON.stringify(m).slice(0, 200));

describe('every JSON call of SPEC 7 refuses bad input with a 4xx in D4 shape', () => {
  it.each(JSON_CALLS.map((c) => [`${c.method} ${c.url}`, c] as const))('%s', async (name, call) => {
    await fc.assert(
      fc.asyncProperty(mutationsOf(call), async (mutation) => {
        const res = await request(call, mutation);
        const context = `${name} with ${describeMutation(mutation)}`;
        expectD4Client(res, context);
        switch (mutation.kind) {
          case 'malformed-json':
            expect(res.status, context).toBe(400);
            expect(res.body.field, context).toBe('body');
            break;
          case 'wrong-type':
          case 'missing':
            expect(res.status, context).toBe(400);
            expect(res.body.field, context).toBe(mutation.field);
            break;
          case 'bad-value':
            expect(res.status, context).toBe(400);
            expect(res.body.field, context).toBe(mutation.field);
            break;
          case 'huge':
            expect(res.status, context).toBe(413);
            break;
          case 'unknown-id':
            expect(res.status, context).toBe(404);
            break;
          case 'random-body':
            break;
          case 'prototype-keys':
            expect(({} as Record<string, unknown>).polluted, context).toBeUndefined();
            break;
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a body that is not JSON at all on every JSON call, with 4xx in D4 shape', async () => {
    for (const call of JSON_CALLS) {
      const res = await t.call({
        method: 'POST',
        url: call.url,
        payload: 'profileId=abc',
        headers: { 'content-type': 'text/plain', ...(call.owner ? owner.auth : {}) },
      });
      expectD4Client(res, `${call.url} text/plain`);
    }
  });

  it('left the owner’s data intact', async () => {
    const profile = (await t.post('/find/own/profile/by-id', { profileId: ids.profile }, owner)).body;
    expect(profile).toMatchObject({ id: ids.profile, status: 'ACTIVE', shortLinkId: ids.shortLink, isInUse: true });
    expect(profile.socialMediaLinks.map((l: { id: string }) => l.id)).toEqual([ids.link]);
    expect((await t.post('/find/own/card/by-id', { cardId: ids.card }, owner)).body.cardProfileId).toBe(ids.profile);
  });
});

describe('the downloads refuse bad query strings with a 4xx in D4 shape', () => {
  const QUERY_CALLS = [
    {
      url: '/download/generate-vcf-with-comment',
      valid: () => ({ profileId: ids.profile, comment: 'Hallo' }),
      fields: { profileId: id, comment: text(4000) } as Record<string, FieldKind>,
    },
    {
      url: '/download/calendar',
      valid: () => ({ profileId: ids.profile, remindIn: '1w' }),
      fields: { profileId: id, remindIn: { type: 'enum', values: ['1d', '3d', '1w'] } } as Record<string, FieldKind>,
    },
  ];

  type QueryMutation =
    | { kind: 'missing'; field: string }
    | { kind: 'bad-value'; field: string; value: string }
    | { kind: 'repeated'; field: string }
    | { kind: 'huge'; field: string }
    | { kind: 'unknown-id'; value: string };

  it.each(QUERY_CALLS.map((c) => [c.url, c] as const))('GET %s', async (url, call) => {
    const fields = Object.keys(call.fields);
    const mutation: fc.Arbitrary<QueryMutation> = fc.oneof(
      fc.constant({ kind: 'missing' as const, field: 'profileId' }),
      fc.constantFrom(...fields).chain((f) => badValue(call.fields[f])!.map((value) => ({ kind: 'bad-value' as const, field: f, value }))),
      fc.constantFrom(...fields).map((f) => ({ kind: 'repeated' as const, field: f })),
      fc.constantFrom(...fields).map((f) => ({ kind: 'huge' as const, field: f })),
      unknownId.map((value) => ({ kind: 'unknown-id' as const, value })),
    );
    await fc.assert(
      fc.asyncProperty(mutation, async (m) => {
        const query = new URLSearchParams(call.valid() as Record<string, string>);
        if (m.kind === 'missing') query.delete(m.field);
        else if (m.kind === 'bad-value') query.set(m.field, m.value);
        else if (m.kind === 'repeated') query.append(m.field, query.get(m.field) ?? 'x');
        else if (m.kind === 'huge') query.set(m.field, MEGABYTE);
        else query.set('profileId', m.value);
        const res = await t.get(`${url}?${query}`);
        const context = `${url} with ${m.kind === 'huge' ? `huge ${m.field}` : JSON.stringify(m)}`;
        expectD4Client(res, context);
        if (m.kind === 'unknown-id') expect(res.status, context).toBe(404);
        else {
          expect(res.status, context).toBe(400);
          expect(res.body.field, context).toBe(m.field);
        }
      }),
      { numRuns: 40 },
    );
  });
});

describe('the uploads refuse bad multipart input with a 4xx in D4 shape', () => {
  type UploadMutation =
    | { kind: 'no-profileId' }
    | { kind: 'bad-profileId'; value: string }
    | { kind: 'unknown-profileId'; value: string }
    | { kind: 'not-an-image'; bytes: Uint8Array }
    | { kind: 'wrong-field'; name: string }
    | { kind: 'no-file' }
    | { kind: 'garbage-body'; bytes: Uint8Array }
    | { kind: 'json-body'; value: unknown };

  const uploadMutation: fc.Arbitrary<UploadMutation> = fc.oneof(
    fc.constant({ kind: 'no-profileId' as const }),
    badValue(id)!.map((value) => ({ kind: 'bad-profileId' as const, value })),
    unknownId.map((value) => ({ kind: 'unknown-profileId' as const, value })),
    fc.uint8Array({ minLength: 0, maxLength: 4096 }).map((bytes) => ({ kind: 'not-an-image' as const, bytes })),
    fc
      .oneof(fc.stringMatching(/^[a-zA-Z]{1,12}$/), fc.constantFrom('constructor', '__proto__', 'prototype', 'toString'))
      .filter((n) => n !== 'profileImage' && n !== 'profileLogo' && n !== 'profileId')
      .map((name) => ({ kind: 'wrong-field' as const, name })),
    fc.constant({ kind: 'no-file' as const }),
    fc.uint8Array({ minLength: 0, maxLength: 2048 }).map((bytes) => ({ kind: 'garbage-body' as const, bytes })),
    fc.jsonValue({ maxDepth: 2 }).map((value) => ({ kind: 'json-body' as const, value })),
  );

  let png: Buffer;
  beforeAll(async () => {
    png = await pngImage(16, 16);
  });

  it.each(['profileImage', 'profileLogo'] as const)('POST /upload/%s', async (kind) => {
    await fc.assert(
      fc.asyncProperty(uploadMutation, async (m) => {
        const url = `/upload/${kind}`;
        let payload: Buffer | string;
        let contentType: string;
        if (m.kind === 'garbage-body') {
          payload = Buffer.from(m.bytes);
          contentType = 'multipart/form-data; boundary=----fuzzboundary';
        } else if (m.kind === 'json-body') {
          payload = JSON.stringify(m.value);
          contentType = 'application/json';
        } else {
          const fields: Record<string, string> = {};
          if (m.kind === 'bad-profileId' || m.kind === 'unknown-profileId') fields.profileId = m.value;
          else if (m.kind !== 'no-profileId') fields.profileId = ids.profile;
          const file =
            m.kind === 'no-file'
              ? undefined
              : {
                  field: m.kind === 'wrong-field' ? m.name : kind,
                  data: m.kind === 'not-an-image' ? m.bytes : png,
                  filename: 'upload.png',
                  contentType: 'image/png',
                };
          const body = await multipartBody(fields, file);
          payload = body.payload;
          contentType = body.headers['content-type'];
        }
        const res = await t.call({ method: 'POST', url, payload, headers: { 'content-type': contentType, ...owner.auth } });
        const context = `${url} with ${m.kind}`;
        expectD4Client(res, context);
        if (m.kind === 'unknown-profileId') expect(res.status, context).toBe(404);
        if (m.kind === 'no-profileId' || m.kind === 'bad-profileId') expect(res.body.field, context).toBe('profileId');
        if (m.kind === 'no-file' || m.kind === 'wrong-field') expect(res.body.field, context).toBe(kind);
        if (m.kind === 'not-an-image') expect([400, 415], context).toContain(res.status);
      }),
      { numRuns: 60 },
    );
    // None of it stuck.
    const profile = (await t.post('/find/own/profile/by-id', { profileId: ids.profile }, owner)).body;
    expect(profile.profileImagePath).toBeNull();
    expect(profile.profileLogoPath).toBeNull();
  });
});

describe('paths with ids refuse bad and unknown ids with a 4xx in D4 shape', () => {
  /** Name, URL from one path segment, sent as the owner, and the segments that are valid there. */
  const PATHS: Array<[string, (s: string) => string, boolean, string[]]> = [
    ['GET /cards/{cardId}/qr.svg', (s) => `/cards/${s}/qr.svg`, false, []],
    ['GET /cards/{cardId}/qr.png', (s) => `/cards/${s}/qr.png`, false, []],
    ['GET /cards/{cardId}/qr.{format}', (s) => `/cards/${ids.card}/qr.${s}`, false, ['svg', 'png']],
    ['GET /wallet/download/{cardId}', (s) => `/wallet/download/${s}`, true, []],
    ['GET /locales/de/{file}', (s) => `/locales/de/${s}`, false, []],
    ['GET /locales/{lng}/login.json', (s) => `/locales/${s}/login.json`, false, ['de', 'en']],
    ['GET /media/{key}', (s) => `/media/${s}`, false, []],
  ];

  it.each(PATHS)('%s', async (name, build, asOwner, valid) => {
    const segments = fc
      .oneof(fc.string({ minLength: 1, maxLength: 80 }), unknownId, fc.constant('..'), fc.constant('%00'))
      .filter((s) => !valid.includes(s) && !s.endsWith('.json'));
    await fc.assert(
      fc.asyncProperty(segments, async (segment) => {
        const url = build(segment === '%00' ? segment : encodeURIComponent(segment));
        const res = await t.call({ method: 'GET', url, headers: asOwner ? owner.auth : {} });
        expectD4Client(res, `${name} with ${JSON.stringify(segment)}`);
      }),
      { numRuns: 40 },
    );
  });
});
