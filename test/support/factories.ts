import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import type { Card, Edition } from '../../shared/schemas/card.schema.ts';
import type { Link, LinkType } from '../../shared/schemas/link.schema.ts';
import type { Profile, ProfileTextField } from '../../shared/schemas/profile.schema.ts';
import type { TestApp, TestUser } from './test-app.ts';

/**
 * Factories for the API suites: each builds a valid body with `overrides` applied, and the
 * `create*` variants send it through the real app as the given owner and answer the result.
 */

// The repository's copy of the specification's shared/fixtures/full-profile.json: every field set, umlauts, 20 links.
const fullProfileFixture = JSON.parse(readFileSync(new URL('../fixtures/full-profile.json', import.meta.url), 'utf8')) as {
  profile: Record<ProfileTextField, string>;
  links: Array<{ type: LinkType; name: string; link: string; sort: number }>;
};

/** Every editable field of the full fixture profile (umlauts throughout). */
export function fullProfileFields(): Record<ProfileTextField, string> {
  return { ...fullProfileFixture.profile };
}

/** The 20 links of the full fixture profile, in sort order. */
export function fullProfileLinks(): Array<{ type: LinkType; name: string; link: string; sort: number }> {
  return fullProfileFixture.links.map((l) => ({ ...l }));
}

let sequence = 0;

/** A small valid body for POST /profile/create. */
export function profileInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = ++sequence;
  return { profileName: `Profile ${n}`, firstName: 'Erika', lastName: `Mustermann${n}`, jobTitle: 'Engineer', ...overrides };
}

/** Creates a profile as `user` and answers it; fails the test on anything but 200. */
export async function createProfile(t: TestApp, user: TestUser, overrides: Record<string, unknown> = {}): Promise<Profile> {
  const res = await t.post('/profile/create', profileInput(overrides), user);
  expect(res.status, res.raw).toBe(200);
  return res.body as Profile;
}

/** Creates the full fixture profile with its 20 links. */
export async function createFullProfile(t: TestApp, user: TestUser, overrides: Record<string, unknown> = {}): Promise<Profile> {
  const profile = await createProfile(t, user, { ...fullProfileFields(), ...overrides });
  for (const link of fullProfileLinks()) await createLink(t, user, profile.id, link);
  return readOwnProfile(t, user, profile.id);
}

/** A valid body for POST /social-media-link/create. */
export function linkInput(profileId: string, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const n = ++sequence;
  return { profileId, type: 'website', link: `https://example.com/${n}`, name: `Link ${n}`, ...overrides };
}

/** Creates a link as `user` and answers it (with `socialMediaLinkId`). */
export async function createLink(t: TestApp, user: TestUser, profileId: string, overrides: Record<string, unknown> = {}): Promise<Link> {
  const res = await t.post('/social-media-link/create', linkInput(profileId, overrides), user);
  expect(res.status, res.raw).toBe(200);
  return res.body as Link;
}

/** The owner's view of a profile. */
export async function readOwnProfile(t: TestApp, user: TestUser, profileId: string): Promise<Profile> {
  const res = await t.post('/find/own/profile/by-id', { profileId }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body as Profile;
}

/** The owner's links of a profile in sort order. */
export async function readOwnLinks(t: TestApp, user: TestUser, profileId: string): Promise<Link[]> {
  const res = await t.post('/find/own/social-media-links/by-profile-id', { profileId }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body as Link[];
}

/** Mints a card and registers it for `user`; answers the registered card. */
export async function registerCard(t: TestApp, user: TestUser, edition: Edition = 'rainbow'): Promise<Card & { cardProfileId: string }> {
  const [cardId] = await t.mintCards(edition, 1);
  const res = await t.post('/card/register', { cardId, firebaseUserEmail: user.email }, user);
  expect(res.status, res.raw).toBe(200);
  return res.body as Card & { cardProfileId: string };
}

/** Asserts the D4 error shape and answers the body for further checks. */
export function expectD4(res: { status: number; body: any; raw: string }, status: number, code?: string) {
  expect(res.status, res.raw).toBe(status);
  expect(res.body, res.raw).toMatchObject({ status, code: expect.any(String), message: expect.any(String), detail: expect.any(String) });
  if (code !== undefined) expect(res.body.code, res.raw).toBe(code);
  return res.body as { status: number; code: string; message: string; detail: string; field?: string; suggestion?: string };
}

/** A browser User-Agent: only these count as views (D10). */
export const BROWSER_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
/** A crawler's User-Agent: never counted (D10). */
export const BOT_UA = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** A multipart/form-data body as a browser sends it: `profileId` and one file field. */
export async function multipartBody(
  fields: Record<string, string>,
  file?: { field: string; data: Uint8Array; filename: string; contentType: string },
): Promise<{ payload: Buffer; headers: { 'content-type': string } }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([new Uint8Array(file.data)], { type: file.contentType }), file.filename);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}

/** Uploads an image to `/upload/{kind}` as `user` (raw answer, so tests can check failures). */
export async function upload(
  t: TestApp,
  user: TestUser | undefined,
  kind: 'profileImage' | 'profileLogo' | 'backgroundImage',
  profileId: string,
  data: Uint8Array,
  options: { filename?: string; contentType?: string } = {},
) {
  const body = await multipartBody(
    { profileId },
    { field: kind, data, filename: options.filename ?? 'photo.png', contentType: options.contentType ?? 'image/png' },
  );
  return t.call({ method: 'POST', url: `/upload/${kind}`, payload: body.payload, headers: { ...body.headers, ...user?.auth } });
}

/** A small PNG of one colour, made with sharp. */
export async function pngImage(width = 64, height = 48, colour = '#3366cc'): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

/**
 * Many signed-in owners at once, made through better-auth's own adapter (user row + session)
 * instead of the HTTP sign-up: no password hashing, so a race of 50 owners takes
 * milliseconds. They have no password; use `t.signUp()` where the password matters.
 */
export async function quickOwners(t: TestApp, count: number): Promise<TestUser[]> {
  const ctx = await t.app.auth.$context;
  return Promise.all(
    Array.from({ length: count }, async () => {
      const email = `quick-${++sequence}-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const user = await ctx.internalAdapter.createUser({ email, name: email.split('@')[0], emailVerified: true }, { method: 'email-password' });
      const session = await ctx.internalAdapter.createSession(user.id, false);
      return { email, password: '', token: session.token, userId: user.id, auth: { authorization: `Bearer ${session.token}` } };
    }),
  );
}

/** A passkey row as better-auth's passkey plugin stores one after a registration (the ceremony itself is the browser's). */
export async function storePasskey(t: TestApp, user: TestUser, name: string | null = null): Promise<string> {
  const id = randomBytes(8).toString('hex');
  await t.app.db
    .insertInto('passkey')
    .values({
      id,
      name,
      publicKey: randomBytes(32).toString('base64'),
      userId: user.userId,
      credentialID: randomBytes(16).toString('base64url'),
      counter: 0,
      deviceType: 'multiDevice',
      backedUp: t.engine === 'postgres' ? false : 0,
      transports: 'internal',
      createdAt: new Date().toISOString(),
      aaguid: null,
    })
    .execute();
  return id;
}
