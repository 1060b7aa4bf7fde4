import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, registerCard } from '../support/factories.ts';
import { startGoogleWalletStandIn, type GoogleWalletStandIn } from '../support/google-wallet-stand-in.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';

/**
 * Issue 26: with Google Wallet configured, a profile change updates the saved pass through the
 * Wallet API (PATCH of the object), from a durable outbox (one row per object) with retries.
 * The machine cannot reach Google, so a local server stands in for Google's token endpoint and
 * the Wallet API (test/support/google-wallet-stand-in.ts: it checks the JWT bearer grant with the
 * service account's public key and only takes PATCHes with the tokens it issued).
 */

const PUBLIC_URL = 'https://cards.example.com';
const ISSUER_ID = '3388000000012345678';
const CLIENT_EMAIL = 'wallet-updater@contact-cards-test.iam.gserviceaccount.com';
const PERSON = { firstName: 'Ada', lastName: 'Lovelace', jobTitle: 'Analyst', companyName: 'Engines Ltd' };

let scratch: string;
let standIn: GoogleWalletStandIn;
let t: TestApp;
let owner: TestUser;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const updates = () => t.app.features.wallet.googleWalletUpdates;
const objectRow = (objectId: string) => t.app.db.selectFrom('googleWalletObject').selectAll().where('objectId', '=', objectId).executeTakeFirstOrThrow();

async function until<T>(what: string, check: () => Promise<T | undefined | false> | T | undefined | false, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** A card of `user` with PERSON's profile and a save link made for it: the object id its JWT carries. */
async function savedCard(user: TestUser = owner) {
  const card = await registerCard(t, user, 'firstEditionDark');
  const profileId = card.cardProfileId;
  expect((await t.post('/profile/update', { id: profileId, ...PERSON }, user)).status).toBe(200);
  const res = await t.post('/wallet/google/save-url', { cardId: card.cardId }, user);
  expect(res.status, res.raw).toBe(200);
  const jwt = decodeJwt((res.body.url as string).split('/save/')[1]) as { payload: { genericObjects: Array<{ id: string }> } };
  return { cardId: card.cardId, profileId, objectId: jwt.payload.genericObjects[0].id };
}

async function setJobTitle(profileId: string, jobTitle: string, user: TestUser = owner) {
  const res = await t.post('/profile/update', { id: profileId, jobTitle }, user);
  expect(res.status, res.raw).toBe(200);
}

/** Waits until the object is marked for an update (the change listener writes right after the change's request). */
const pending = (objectId: string) =>
  until(`${objectId} pending`, async () => ((await objectRow(objectId)).status === 'pending' ? objectRow(objectId) : false));

/** Sends the object's due update now, as if its time had come; answers the row once the attempt is recorded. */
async function attemptNow(objectId: string) {
  const before = standIn.patchesOf(objectId).length;
  return until(`an attempt for ${objectId}`, async () => {
    const row = await objectRow(objectId);
    if (row.status === 'pending') await updates().runOnce(Math.max(row.nextAttemptAt, Date.now()));
    const after = await objectRow(objectId);
    return standIn.patchesOf(objectId).length > before && after.status !== 'sending' && after;
  });
}

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'google-wallet-updates-'));
  const keys = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keyFile = path.join(scratch, 'service-account.json');
  await writeFile(keyFile, JSON.stringify({ type: 'service_account', private_key_id: 'k1', private_key: keys.privateKey, client_email: CLIENT_EMAIL }));
  standIn = await startGoogleWalletStandIn({ publicKeyPem: keys.publicKey, clientEmail: CLIENT_EMAIL });
  t = await createTestApp({ PUBLIC_URL, GOOGLE_WALLET_SERVICE_ACCOUNT: keyFile, GOOGLE_WALLET_ISSUER_ID: ISSUER_ID, ...standIn.env });
  owner = await t.signUp();
  // Tests send due updates themselves (runOnce), so a slow machine cannot race them; the first one uses the app's own worker.
  await updates().stop();
});
afterAll(async () => {
  await t?.close();
  await standIn?.close();
  await rm(scratch, { recursive: true, force: true });
});

describe('Google Wallet passes that stay current (issue 26)', () => {
  it('POST /wallet/google/save-url records the object id its JWT carries, for the card and its owner', async () => {
    const { cardId, objectId } = await savedCard();
    expect(objectId).toBe(`${ISSUER_ID}.${cardId}`);
    expect(await objectRow(objectId)).toMatchObject({ cardId, userId: owner.userId, language: 'en', status: 'idle', attempts: 0 });
    // A second link for the same card is the same object: still one row.
    expect((await t.post('/wallet/google/save-url', { cardId }, owner)).status).toBe(200);
    expect(await t.app.db.selectFrom('googleWalletObject').select('objectId').where('cardId', '=', cardId).execute()).toHaveLength(1);
  });

  it('sends exactly one PATCH with the new job title and a valid token when the job title changes', async () => {
    const { profileId, objectId } = await savedCard();
    updates().start();
    try {
      await setJobTitle(profileId, 'Chief Analyst');
      // The app's own background worker sends it, after the short coalescing delay.
      const [patch] = await until('the PATCH', () => standIn.patchesOf(objectId).length > 0 && standIn.patchesOf(objectId));
      expect(patch.tokenValid).toBe(true);
      expect(patch.contentType).toMatch(/^application\/json/);
      expect(patch.body.subheader).toEqual({ defaultValue: { language: 'en', value: 'Chief Analyst' } });
      expect(patch.body.header.defaultValue.value).toBe('Ada Lovelace');
      expect(patch.body.barcode.value).toContain(`/card/`);
      expect(patch.body).not.toHaveProperty('id');
      // Every token request was a valid RFC 7523 grant with the Wallet issuer scope.
      expect(standIn.tokenRequests.length).toBeGreaterThan(0);
      expect(standIn.tokenRequests.every((r) => r.refused === null)).toBe(true);
      await until('the row recorded', async () => (await objectRow(objectId)).status === 'idle');
    } finally {
      await updates().stop();
    }
    await updates().runOnce(Date.now() + 3_600_000);
    expect(standIn.patchesOf(objectId)).toHaveLength(1);
    expect(await objectRow(objectId)).toMatchObject({ status: 'idle', attempts: 0, lastResult: '200' });
  });

  it('coalesces ten quick edits into one PATCH with the latest content', async () => {
    const { profileId, objectId } = await savedCard();
    for (let i = 1; i <= 10; i++) await setJobTitle(profileId, `Title ${i}`);
    const row = await pending(objectId);
    expect(await attemptNow(objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    expect(row.attempts).toBe(0);
    await updates().runOnce(Date.now() + 3_600_000);
    const sent = standIn.patchesOf(objectId);
    expect(sent).toHaveLength(1);
    expect(sent[0].body.subheader.defaultValue.value).toBe('Title 10');
  });

  it('sends the object again when it changed while its PATCH was on the way, so Google ends with the latest content', async () => {
    const { profileId, objectId } = await savedCard();
    const release = standIn.hold(objectId);
    await setJobTitle(profileId, 'In Flight');
    await pending(objectId);
    const row = await objectRow(objectId);
    const sending = updates().runOnce(Math.max(row.nextAttemptAt, Date.now()));
    await until('the held PATCH', () => standIn.patchesOf(objectId).length === 1);
    await setJobTitle(profileId, 'Changed Meanwhile');
    await until('the change marked', async () => (await objectRow(objectId)).again === 1);
    release();
    await sending;
    expect(await objectRow(objectId)).toMatchObject({ status: 'pending', again: 0, attempts: 0, lastResult: '200' });
    expect(await attemptNow(objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    expect(standIn.patchesOf(objectId).map((p) => p.body.subheader.defaultValue.value)).toEqual(['In Flight', 'Changed Meanwhile']);
  });

  it('sends nothing for an edit the pass does not show', async () => {
    const { profileId, objectId } = await savedCard();
    expect((await t.post('/profile/update', { id: profileId, businessUnit: 'Research' }, owner)).status).toBe(200);
    await pending(objectId);
    await updates().runOnce(Date.now() + 60_000);
    expect(await objectRow(objectId)).toMatchObject({ status: 'idle', lastResult: 'unchanged' });
    expect(standIn.patchesOf(objectId)).toHaveLength(0);
  });

  it('POST /card/profile/change updates the saved pass to show the card’s new profile', async () => {
    const { cardId, objectId } = await savedCard();
    const other = await createProfile(t, owner, { firstName: 'Grace', lastName: 'Hopper', jobTitle: 'Rear Admiral', companyName: 'US Navy' });
    const res = await t.post('/card/profile/change', { cardId, profileId: other.id }, owner);
    expect(res.status, res.raw).toBe(200);
    await pending(objectId);
    expect(await attemptNow(objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    const [patch] = standIn.patchesOf(objectId);
    expect(patch.body.header.defaultValue.value).toBe('Grace Hopper');
    expect(patch.body.subheader.defaultValue.value).toBe('Rear Admiral');
    expect(patch.body.textModulesData).toEqual([{ id: 'company', header: 'Company', body: 'US Navy' }]);
  });

  it('POST /card/delete and a new owner: the new owner’s pass gets an object of its own, and the first owner’s saved pass is never patched with their profile', async () => {
    const first = await savedCard();
    expect((await t.post('/card/delete', { cardId: first.cardId }, owner)).status).toBe(200);
    const next = await t.signUp();
    const registered = await t.post('/card/register', { cardId: first.cardId, firebaseUserEmail: next.email }, next);
    expect(registered.status, registered.raw).toBe(200);
    const profileId = registered.body.cardProfileId as string;
    expect((await t.post('/profile/update', { id: profileId, firstName: 'New', lastName: 'Owner', jobTitle: 'Successor' }, next)).status).toBe(200);
    const link = await t.post('/wallet/google/save-url', { cardId: first.cardId }, next);
    expect(link.status, link.raw).toBe(200);
    const objectId = (decodeJwt((link.body.url as string).split('/save/')[1]) as any).payload.genericObjects[0].id as string;
    expect(objectId).toMatch(new RegExp(`^${ISSUER_ID}\\.${first.cardId}-[A-Za-z0-9]{8}$`));
    expect(await objectRow(first.objectId)).toMatchObject({ userId: owner.userId });

    await setJobTitle(profileId, 'Promoted Successor', next);
    await pending(objectId);
    expect(await attemptNow(objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    expect(standIn.patchesOf(objectId)[0].body.subheader.defaultValue.value).toBe('Promoted Successor');
    // The first owner's object was marked too (it is the same card) but shows nothing of theirs any more: no PATCH.
    await updates().runOnce(Date.now() + 60_000);
    expect(await objectRow(first.objectId)).toMatchObject({ status: 'idle', lastResult: 'not shown' });
    expect(standIn.patchesOf(first.objectId)).toHaveLength(0);
  });

  it('retries a 500 and a 429 later, not before they are due, and then succeeds with the latest content', async () => {
    const { profileId, objectId } = await savedCard();
    standIn.script(objectId, [500, 429]);
    await setJobTitle(profileId, 'Retried Title');
    await pending(objectId);
    const afterFirst = await attemptNow(objectId);
    expect(afterFirst).toMatchObject({ status: 'pending', attempts: 1 });
    expect(afterFirst.lastResult).toMatch(/^500/);
    expect(afterFirst.nextAttemptAt - afterFirst.lastAttemptAt!).toBeGreaterThanOrEqual(13_500);
    // Not due yet: nothing goes out.
    await updates().runOnce(Date.now());
    expect(standIn.patchesOf(objectId)).toHaveLength(1);
    const afterSecond = await attemptNow(objectId);
    expect(afterSecond).toMatchObject({ status: 'pending', attempts: 2 });
    expect(afterSecond.lastResult).toMatch(/^429/);
    const done = await attemptNow(objectId);
    expect(done).toMatchObject({ status: 'idle', attempts: 0, lastResult: '200' });
    const sent = standIn.patchesOf(objectId);
    expect(sent).toHaveLength(3);
    expect(sent.map((p) => p.body.subheader.defaultValue.value)).toEqual(['Retried Title', 'Retried Title', 'Retried Title']);
  });

  it('drops a 404 (the pass was never saved) without ever retrying it, and tries again on the next change', async () => {
    const { profileId, objectId } = await savedCard();
    standIn.script(objectId, [404]);
    await setJobTitle(profileId, 'Never Saved');
    await pending(objectId);
    const row = await attemptNow(objectId);
    expect(row).toMatchObject({ status: 'idle', attempts: 0 });
    expect(row.lastResult).toMatch(/^404/);
    await updates().runOnce(Date.now() + 30 * 86_400_000);
    expect(standIn.patchesOf(objectId)).toHaveLength(1);
    // The owner may still save the link later: the next change that alters the pass asks again.
    await setJobTitle(profileId, 'Saved Meanwhile');
    await pending(objectId);
    expect(await attemptNow(objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    expect(standIn.patchesOf(objectId)).toHaveLength(2);
  });

  it('gives up after seven failed attempts and sends no more', async () => {
    const { profileId, objectId } = await savedCard();
    standIn.script(objectId, Array(7).fill(503));
    await setJobTitle(profileId, 'Unlucky');
    await pending(objectId);
    for (let attempt = 1; attempt <= 6; attempt++) expect(await attemptNow(objectId)).toMatchObject({ status: 'pending', attempts: attempt });
    const last = await attemptNow(objectId);
    expect(last).toMatchObject({ status: 'idle', attempts: 0 });
    expect(last.lastResult).toMatch(/^gave up after 7 attempts: 503/);
    await updates().runOnce(Date.now() + 30 * 86_400_000);
    expect(standIn.patchesOf(objectId)).toHaveLength(7);
  });

  it('keeps the access token until shortly before it expires, and renews a token the Wallet API refused', async () => {
    const first = await savedCard();
    const second = await savedCard();
    // Warm: a token of an hour is kept; two updates ask for none.
    await setJobTitle(first.profileId, 'Token A');
    await pending(first.objectId);
    await attemptNow(first.objectId);
    const requests = standIn.tokenRequests.length;
    await setJobTitle(second.profileId, 'Token B');
    await pending(second.objectId);
    await attemptNow(second.objectId);
    expect(standIn.tokenRequests.length).toBe(requests);
    expect(standIn.patchesOf(second.objectId)[0].token).toBe(standIn.patchesOf(first.objectId)[0].token);

    // Revoked at Google: the 401 drops the kept token and the retry gets a new one.
    standIn.revokeTokens();
    standIn.state.expiresIn = 30;
    await setJobTitle(first.profileId, 'Token C');
    await pending(first.objectId);
    expect(await attemptNow(first.objectId)).toMatchObject({ status: 'pending', attempts: 1, lastResult: expect.stringMatching(/^401/) });
    expect(await attemptNow(first.objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    expect(standIn.tokenRequests.length).toBe(requests + 1);
    // A token that expires within the renewal margin (30 s < 60 s) is not reused.
    await setJobTitle(second.profileId, 'Token D');
    await pending(second.objectId);
    expect(await attemptNow(second.objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    expect(standIn.tokenRequests.length).toBe(requests + 2);
    expect(standIn.patchesOf(second.objectId).every((p) => p.tokenValid)).toBe(true);
    standIn.state.expiresIn = 3600;
  });

  it('sends a due update once when two instances claim at the same moment, and sends one a dead worker left behind', async () => {
    const { profileId, objectId } = await savedCard();
    const other = await t.secondInstance();
    try {
      await setJobTitle(profileId, 'Claimed Once');
      const row = await pending(objectId);
      const at = Math.max(row.nextAttemptAt, Date.now());
      await Promise.all([updates().runOnce(at), other.app.features.wallet.googleWalletUpdates.runOnce(at), updates().runOnce(at)]);
      await until('the row recorded', async () => (await objectRow(objectId)).status === 'idle');
      expect(standIn.patchesOf(objectId)).toHaveLength(1);

      // A worker that claimed the update and died (its lease ran out): another instance sends it.
      await setJobTitle(profileId, 'After A Crash');
      await pending(objectId);
      await t.app.db
        .updateTable('googleWalletObject')
        .set({ status: 'sending', nextAttemptAt: Date.now() - 1 })
        .where('objectId', '=', objectId)
        .execute();
      // Issue 34: its message was leased by that worker, and the lease ran out too.
      await t.app.db
        .updateTable('outboxMessage')
        .set({ status: 'leased', availableAt: Date.now() - 1 })
        .where('key', '=', `google-object:${objectId}`)
        .execute();
      await other.app.features.wallet.googleWalletUpdates.runOnce(Date.now());
      await until('the row recorded', async () => (await objectRow(objectId)).status === 'idle');
      expect(standIn.patchesOf(objectId).map((p) => p.body.subheader.defaultValue.value)).toEqual(['Claimed Once', 'After A Crash']);
      expect(await objectRow(objectId)).toMatchObject({ status: 'idle', lastResult: '200' });
    } finally {
      await other.close();
    }
  });

  it('POST /account/delete removes the owner’s pass objects, and the card’s next owner still gets an object of their own', async () => {
    const user = await t.signUp();
    const { cardId, objectId } = await savedCard(user);
    expect(await objectRow(objectId)).toMatchObject({ userId: user.userId });
    const res = await t.post('/account/delete', { password: user.password }, user);
    expect(res.status, res.raw).toBe(200);
    expect(await t.app.db.selectFrom('googleWalletObject').select('objectId').where('userId', '=', user.userId).execute()).toEqual([]);
    // No row remembers the deleted owner's object, but the card's registration does: the old id is not handed out again.
    const next = await t.signUp();
    expect((await t.post('/card/register', { cardId, firebaseUserEmail: next.email }, next)).status).toBe(200);
    const link = await t.post('/wallet/google/save-url', { cardId }, next);
    expect(link.status, link.raw).toBe(200);
    const nextObjectId = (decodeJwt((link.body.url as string).split('/save/')[1]) as any).payload.genericObjects[0].id as string;
    expect(nextObjectId).not.toBe(objectId);
    expect(nextObjectId.startsWith(`${objectId}-`)).toBe(true);
  });
});

describe('Google Wallet update settings in production', () => {
  it('stop the start (wallet.prepare, "Cannot start: wallet settings") when the token endpoint or the Wallet API is not https', async () => {
    const production = await createTestApp({
      NODE_ENV: 'production',
      MAIL_OUTBOX: '1',
      PUBLIC_URL,
      GOOGLE_WALLET_SERVICE_ACCOUNT: path.join(scratch, 'service-account.json'),
      GOOGLE_WALLET_ISSUER_ID: ISSUER_ID,
      ...standIn.env,
    });
    try {
      await expect(production.app.features.wallet.wallet.prepare()).rejects.toThrow(/^GOOGLE_OAUTH_TOKEN_URL must be an https:\/\/ address in production/);
    } finally {
      await production.close();
    }
  });
});
