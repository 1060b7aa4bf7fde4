import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTables } from '../../server/db/schema-info.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, createLink, createProfile, expectD4, pngImage, registerCard, storePasskey, upload } from '../support/factories.ts';
import { readZip } from '../support/zip-archive.ts';
import { addressPool } from '../support/client-addresses.ts';
import { idleSession } from '../support/sessions.ts';
import { roomInOneWindow } from '../support/rate-windows.ts';
import { createLeadRepository } from '../../server/features/leads/lead.repository.ts';
import { newLeadId } from '../../server/lib/ids.ts';
import type { NewLeadRow } from '../../server/db/tables.ts';
import { CREDENTIAL_RULES } from '../../server/auth/credential-limits.ts';

/**
 * Issue 13: the Security screen's calls. Sessions (list, sign out one or all others), the data
 * export as a ZIP, and the deletion of the whole account.
 */

let t: TestApp;
let png: Buffer;
const freshAddress = addressPool('10.77');

/** Another sign-in of the same user, from another device. */
async function signInAgain(user: TestUser, userAgent: string): Promise<string> {
  const res = await t.call({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    payload: { email: user.email, password: user.password },
    headers: { 'user-agent': userAgent },
    remoteAddress: freshAddress(),
  });
  expect(res.status, res.raw).toBe(200);
  return res.body.token as string;
}
const asToken = (token: string) => ({ authorization: `Bearer ${token}` });
const ownerCall = (token: string) => t.call({ method: 'GET', url: '/find/own/profiles/active', headers: asToken(token) });

const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

beforeAll(async () => {
  t = await createTestApp();
  png = await pngImage();
});
afterAll(async () => t.close());

describe('sessions: GET /account/sessions, POST /account/sessions/revoke and POST /account/sessions/revoke-others', () => {
  it('lists the account’s sessions with their device, this one first and marked, and no token', async () => {
    const user = await t.signUp();
    await signInAgain(user, FIREFOX_ANDROID);
    const res = await t.get('/account/sessions', user);
    expect(res.status, res.raw).toBe(200);
    const sessions = res.body.sessions as Array<Record<string, unknown>>;
    // Sign-up signs in too: that session, the test's sign-in and the phone.
    expect(sessions).toHaveLength(3);
    expect(sessions[0].current).toBe(true);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    expect(sessions.find((s) => s.browser === 'Firefox')).toMatchObject({ current: false, os: 'Android' });
    for (const s of sessions) expect(Object.keys(s).sort()).toEqual(['browser', 'createdIso', 'current', 'id', 'ipAddress', 'lastSeenIso', 'os']);
    expect(res.raw).not.toContain(user.token);
  });

  it('issue 23: an owner call moves the session’s last activity, at most once in five minutes', async () => {
    const user = await t.signUp();
    const token = await signInAgain(user, FIREFOX_ANDROID);
    const lastSeen = async () => {
      const sessions = (await t.get('/account/sessions', user)).body.sessions as Array<{ browser: string; lastSeenIso: string }>;
      return sessions.find((s) => s.browser === 'Firefox')!.lastSeenIso;
    };
    const old = await idleSession(t, { token }, 60);
    expect(await lastSeen()).toBe(old);
    expect((await ownerCall(token)).status).toBe(200);
    await expect.poll(lastSeen, { timeout: 10_000 }).not.toBe(old);
    const bumped = await lastSeen();
    expect(Date.now() - new Date(bumped).getTime()).toBeLessThan(60_000);
    // Within the five minutes another call writes nothing.
    const idleAgain = await idleSession(t, { token }, 60);
    expect((await ownerCall(token)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 200));
    expect(await lastSeen()).toBe(idleAgain);
  });

  it('signs one other session out; its token is refused at once', async () => {
    const user = await t.signUp();
    const phone = await signInAgain(user, FIREFOX_ANDROID);
    expect((await ownerCall(phone)).status).toBe(200); // now remembered by the owner guard
    const before = (await t.get('/account/sessions', user)).body.sessions as Array<{ id: string; browser: string | null }>;
    const other = before.find((s) => s.browser === 'Firefox')!;
    const res = await t.post('/account/sessions/revoke', { sessionId: other.id }, user);
    expect(res.status, res.raw).toBe(200);
    expect((await ownerCall(phone)).status).toBe(401);
    const after = (await t.get('/account/sessions', user)).body.sessions as Array<{ id: string }>;
    expect(after.map((s) => s.id).sort()).toEqual(
      before
        .filter((s) => s.id !== other.id)
        .map((s) => s.id)
        .sort(),
    );
    expect((await ownerCall(user.token)).status).toBe(200);
  });

  it('signs all other sessions out and keeps this one', async () => {
    const user = await t.signUp();
    const others = [await signInAgain(user, FIREFOX_ANDROID), await signInAgain(user, BROWSER_UA)];
    for (const token of others) expect((await ownerCall(token)).status).toBe(200);
    const res = await t.post('/account/sessions/revoke-others', {}, user);
    expect(res.status, res.raw).toBe(200);
    // The two devices and the session sign-up opened.
    expect(res.body).toEqual({ revoked: 3 });
    for (const token of others) expect((await ownerCall(token)).status).toBe(401);
    expect((await ownerCall(user.token)).status).toBe(200);
    expect((await t.get('/account/sessions', user)).body.sessions).toEqual([expect.objectContaining({ current: true })]);
  });

  it('never signs out another account’s session (404) and needs a token (401)', async () => {
    const alice = await t.signUp();
    const mallory = await t.signUp();
    const aliceSession = (await t.get('/account/sessions', alice)).body.sessions[0];
    expectD4(await t.post('/account/sessions/revoke', { sessionId: aliceSession.id }, mallory), 404, 'cmc/not-found');
    expect((await ownerCall(alice.token)).status).toBe(200);
    expect((await t.get('/account/sessions', mallory)).body.sessions.map((s: { id: string }) => s.id)).not.toContain(aliceSession.id);
    expectD4(await t.get('/account/sessions'), 401);
    expectD4(await t.post('/account/sessions/revoke', { sessionId: aliceSession.id }), 401);
    expectD4(await t.post('/account/sessions/revoke-others', {}), 401);
  });

  it('answers 400 naming the field for a bad session id', async () => {
    const user = await t.signUp();
    for (const sessionId of ['', '../x', 'a'.repeat(65), 42]) {
      expect(expectD4(await t.post('/account/sessions/revoke', { sessionId }, user), 400).field).toBe('sessionId');
    }
    expect(expectD4(await t.post('/account/sessions/revoke', {}, user), 400).field).toBe('sessionId');
  });
});

/** A user with two profiles, links, images, a card, a lead and a statistics row. */
async function fullAccount() {
  const user = await t.signUp();
  const profile = await createProfile(t, user, { firstName: 'Jürgen', lastName: 'Größe' });
  const spare = await createProfile(t, user, { firstName: 'Spare' });
  await createLink(t, user, profile.id, { name: 'Web' });
  await createLink(t, user, spare.id, { name: 'Spare web' });
  expect((await upload(t, user, 'profileImage', profile.id, png)).status).toBe(200);
  expect((await upload(t, user, 'profileLogo', profile.id, png)).status).toBe(200);
  const card = await registerCard(t, user);
  await storePasskey(t, user, 'Phone');
  // A lead and a day of statistics the way visitors make them: a view of the page, then a contact left on it.
  expect((await t.app.inject({ method: 'GET', url: `/p/${profile.id}`, headers: { 'user-agent': BROWSER_UA } })).statusCode).toBe(200);
  expect((await t.post('/send/contact', { profileId: profile.id, senderEmail: 'visitor@example.net', language: 'de' })).status).toBe(200);
  await t.app.features.stats.views.flush();
  const keys = await t.app.db.selectFrom('profile').select(['profileImageKey', 'profileLogoKey']).where('id', '=', profile.id).executeTakeFirstOrThrow();
  return { user, profile: { id: profile.id, imageKey: keys.profileImageKey!, logoKey: keys.profileLogoKey! }, spare, card };
}

async function download(user?: TestUser) {
  return t.app.inject({ method: 'GET', url: '/download/account-export', headers: user?.auth });
}

describe('GET /download/account-export', () => {
  it('answers a ZIP with the account, every profile with links, cards, leads and statistics, the images and a README', async () => {
    const { user, profile, spare, card } = await fullAccount();
    const res = await download(user);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(String(res.headers['content-disposition'])).toMatch(/attachment; filename="contact-cards-export-\d{4}-\d{2}-\d{2}\.zip"/);
    expect(res.headers['cache-control']).toBe('no-store');
    const files = readZip(res.rawPayload);

    const readme = files.get('README.txt')!.toString('utf8');
    for (const word of ['account.json', 'images/', 'links', 'cards', 'leads', 'statistics', 'Konto']) expect(readme).toContain(word);

    const raw = files.get('account.json')!.toString('utf8');
    const doc = JSON.parse(raw);
    expect(doc.account).toMatchObject({ id: user.userId, email: user.email });
    expect(raw).not.toContain(user.token);
    expect(raw).not.toMatch(/"password"|"token"|scrypt|\$argon/i);
    const hash = (await t.app.db.selectFrom('account').select('password').where('userId', '=', user.userId).executeTakeFirstOrThrow()).password!;
    expect(raw).not.toContain(hash.slice(0, 20));
    expect(doc.signInMethods).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    // Passkeys by name and date, never their public keys or credential ids.
    expect(doc.passkeys).toEqual([expect.objectContaining({ name: 'Phone', deviceType: 'multiDevice' })]);
    expect(Object.keys(doc.passkeys[0]).sort()).toEqual(['backedUp', 'createdAt', 'deviceType', 'name']);
    expect(doc.sessions).toHaveLength(2); // sign-up's and the sign-in's
    expect(Object.keys(doc.sessions[0]).sort()).toEqual(['browser', 'createdAt', 'expiresAt', 'ipAddress', 'lastSeenAt', 'os']);

    // Registering the card made a third profile, named after its edition (D6).
    expect(doc.profiles.map((p: { id: string }) => p.id).sort()).toEqual([profile.id, spare.id, card.cardProfileId].sort());
    const main = doc.profiles.find((p: { id: string }) => p.id === profile.id);
    expect(main).toMatchObject({ firstName: 'Jürgen', lastName: 'Größe' });
    expect(main.links.map((l: { name: string }) => l.name)).toEqual(['Web']);
    expect(main.cards).toEqual([]);
    expect(doc.profiles.find((p: { id: string }) => p.id === card.cardProfileId).cards).toEqual([
      expect.objectContaining({ id: card.cardId, edition: 'rainbow' }),
    ]);
    // A card's first registration may have been another account's (migration 013): not exported.
    expect(doc.profiles.find((p: { id: string }) => p.id === card.cardProfileId).cards[0]).not.toHaveProperty('firstRegistered');
    expect(main.leads).toEqual([expect.objectContaining({ email: 'visitor@example.net', language: 'de' })]);
    const thisHour = new Date().toISOString().slice(0, 13);
    const views = (main.statistics as Array<Record<string, unknown>>).find((row) => row.metric === 'view');
    // Counted per UTC hour (migration 011).
    expect(views).toMatchObject({ profileId: main.id, hour: thisHour, source: 'link' });
    expect(Number(views?.count)).toBe(1);
    const other = doc.profiles.find((p: { id: string }) => p.id === spare.id);
    expect(other.links.map((l: { name: string }) => l.name)).toEqual(['Spare web']);
    expect(other.leads).toEqual([]);

    // The images, byte for byte as storage holds them.
    expect(Object.keys(main.images).sort()).toEqual(['logo', 'picture']);
    for (const [path, key] of [
      [main.images.picture, main.profileImageKey],
      [main.images.logo, main.profileLogoKey],
    ]) {
      expect(path).toBe(`images/${key}`);
      expect(files.get(path)!.equals((await t.app.storage.get(key))!.data)).toBe(true);
    }
    expect([...files.keys()].sort()).toEqual(['README.txt', 'account.json', main.images.logo, main.images.picture].sort());
  });

  it('holds only the caller’s own data and needs a token', async () => {
    const alice = await fullAccount();
    const mallory = await t.signUp();
    await createProfile(t, mallory, { firstName: 'Mallory' });
    const files = readZip((await download(mallory)).rawPayload);
    const raw = files.get('account.json')!.toString('utf8');
    expect(raw).not.toContain(alice.profile.id);
    expect(raw).not.toContain(alice.user.email);
    expect(JSON.parse(raw).profiles).toHaveLength(1);
    expect([...files.keys()].sort()).toEqual(['README.txt', 'account.json']);
    expect((await download()).statusCode).toBe(401);
  });

  it('is limited to five exports an hour per account (429 with Retry-After)', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 5; i++) expect((await download(user)).statusCode).toBe(200);
    const refused = await download(user);
    expect(refused.statusCode).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('cmc/rate-limited');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another account is not held back.
    expect((await download(await t.signUp())).statusCode).toBe(200);
  });
});

/** Every row in any table that names the user or one of the profiles, found from the database's own table list. */
async function rowsOfAccount(userId: string, profileIds: string[]) {
  const found: Record<string, number> = {};
  for (const table of await listTables(t.app.db)) {
    const conditions = [];
    if (table.columns.includes('userId')) conditions.push(sql`${sql.ref('userId')} = ${userId}`);
    if (table.name === 'user') conditions.push(sql`${sql.ref('id')} = ${userId}`);
    for (const column of ['profileId', ...(table.name === 'profile' ? ['id'] : [])])
      if (table.columns.includes(column) && profileIds.length) conditions.push(sql`${sql.ref(column)} in (${sql.join(profileIds)})`);
    if (!conditions.length) continue;
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table.name)} where ${sql.join(conditions, sql` or `)}`.execute(t.app.db);
    if (Number(rows[0].n) > 0) found[table.name] = Number(rows[0].n);
  }
  return found;
}

describe('POST /account/delete', () => {
  it('after the password, removes every row of the account in every table, its images, and frees its cards', async () => {
    const { user, profile, spare, card } = await fullAccount();
    const other = await fullAccount();
    const phone = await signInAgain(user, FIREFOX_ANDROID);
    const profileIds = [profile.id, spare.id, card.cardProfileId];
    // Before: the account has rows in the tables that reference it (the check below would find them).
    const before = await rowsOfAccount(user.userId, profileIds);
    for (const table of ['user', 'session', 'account', 'passkey', 'profile', 'link', 'card', 'lead', 'visitCount'])
      expect(before[table], table).toBeGreaterThan(0);
    // The public page is cached before the deletion: it must not outlive it.
    expect((await t.call({ method: 'GET', url: `/p/${profile.id}`, headers: { accept: 'text/html' } })).status).toBe(200);
    expect((await t.post('/profile/show', { profileId: profile.id })).status).toBe(200);

    const res = await t.post('/account/delete', { password: user.password }, user);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ deleted: true });

    // A visit counted in memory while the deletion ran is written after it: it must not bring a row back.
    t.app.features.stats.views.countProfile(profile.id);
    t.app.features.stats.views.countVisit({ profileId: profile.id, metric: 'view', source: 'link' });
    await t.app.features.stats.views.flush();
    expect(await rowsOfAccount(user.userId, profileIds)).toEqual({});
    // Its card is unregistered again: the card page invites registration.
    const cardRow = await t.app.db.selectFrom('card').selectAll().where('id', '=', card.cardId).executeTakeFirstOrThrow();
    expect(cardRow).toMatchObject({ userId: null, profileId: null, registered: null });
    const cardPage = await t.call({ method: 'GET', url: `/card/${card.cardId}`, headers: { accept: 'text/html' } });
    expect(cardPage.status).toBe(200);
    expectD4(await t.post('/card/show', { cardId: card.cardId }), 404, 'cmc/card-not-registered');
    // Public pages answer "profile not found" at once.
    expectD4(await t.post('/profile/show', { profileId: profile.id }), 404, 'cmc/profile-not-found');
    expect((await t.call({ method: 'GET', url: `/p/${profile.id}`, headers: { accept: 'text/html' } })).status).toBe(404);
    // Images are gone from storage.
    expect(await t.app.storage.get(profile.imageKey)).toBeNull();
    expect(await t.app.storage.get(profile.logoKey)).toBeNull();
    // Every session ended, at once.
    expect((await ownerCall(user.token)).status).toBe(401);
    expect((await ownerCall(phone)).status).toBe(401);
    // The confirmation mail.
    const mail = ((await t.get('/_dev/mail')).body as Array<{ to: string; subject: string; text: string }>).find((m) => m.to === user.email);
    expect(mail?.subject).toMatch(/Your account has been deleted/);
    // Issue 23: in one language (the request's, else the account's), the other one as a single closing line.
    expect(mail?.text).toMatch(/Your account and all its data/);
    expect(mail?.text).not.toMatch(/Konto und alle seine Daten/);
    expect(mail?.text).toMatch(/^Deutsch: Ihr Konto wurde gelöscht$/m);
    // The other account is untouched.
    const otherRows = await rowsOfAccount(other.user.userId, [other.profile.id, other.spare.id, other.card.cardProfileId]);
    for (const table of ['user', 'session', 'account', 'passkey', 'profile', 'link', 'card', 'lead', 'visitCount'])
      expect(otherRows[table], table).toBeGreaterThan(0);
    expect((await t.post('/profile/show', { profileId: other.profile.id })).status).toBe(200);
    expect(await t.app.storage.get(other.profile.imageKey)).not.toBeNull();
  });

  it('leaves no value naming the account in any column of any table (rate counters too), no Redis key and no upload folder (issue 20)', async () => {
    const { user, profile } = await fullAccount();
    // Counters that name the account: profile creations and uploads (fullAccount), and the deletion itself.
    const named = async () => {
      const found: string[] = [];
      for (const table of await listTables(t.app.db)) {
        for (const column of table.columns) {
          const { rows } = await sql<{
            n: number | string;
          }>`select count(*) as n from ${sql.table(table.name)} where cast(${sql.ref(column)} as text) like ${`%${user.userId}%`}`.execute(t.app.db);
          if (Number(rows[0].n) > 0) found.push(`${table.name}.${column}`);
        }
      }
      return found;
    };
    const redis = t.app.redis;
    const redisKeys = async () => (redis ? (await redis.client.keys(`${redis.keyPrefix}*`)).filter((k) => k.includes(user.userId)) : []);
    expect([...(await named()), ...(await redisKeys())].some((where) => /rate/i.test(where))).toBe(true);
    const folder = path.join(t.config.dataDir, 'uploads', 'profiles', profile.id);
    if (!t.config.s3) expect(fs.existsSync(folder)).toBe(true);

    expect((await t.post('/account/delete', { password: user.password }, user)).status).toBe(200);
    expect(await named()).toEqual([]);
    expect(await redisKeys()).toEqual([]);
    expect(fs.existsSync(folder)).toBe(false);
  });

  it('stores no lead whose send reaches the database after the deletion (the insert finds no profile to lock)', async () => {
    const leads = createLeadRepository(t.app.db);
    const limits = { since: 0, perSender: 100, perProfile: 100 };
    const leadFor = (profileId: string): NewLeadRow => ({
      id: newLeadId(),
      profileId,
      email: 'late@example.net',
      language: 'en',
      created: Date.now(),
      name: '',
      phone: '',
      company: '',
      message: '',
      consentText: 'consent',
      consentVersion: '1',
      consentAt: Date.now(),
      source: 'link',
      cardId: '',
      status: 'new',
      searchText: 'late@example.net',
    });
    const leadsOf = async (profileId: string) =>
      (await t.app.db.selectFrom('lead').select('id').where('profileId', '=', profileId).where('email', '=', 'late@example.net').execute()).length;
    const user = await t.signUp();
    const kept = await createProfile(t, user);
    const deletedProfile = await createProfile(t, user);
    // While the profile lives, the same call stores the lead: the refusals below are the deletion's.
    expect(await leads.insertWithinLimits(leadFor(kept.id), limits)).toBe('stored');
    expect(await leadsOf(kept.id)).toBe(1);
    // A profile deleted by its owner.
    expect((await t.post('/profile/delete', { profileId: deletedProfile.id }, user)).status).toBe(200);
    expect(await leads.insertWithinLimits(leadFor(deletedProfile.id), limits)).toBe('gone');
    expect(await leadsOf(deletedProfile.id)).toBe(0);
    // The whole account deleted.
    expect((await t.post('/account/delete', { password: user.password }, user)).status).toBe(200);
    expect(await leads.insertWithinLimits(leadFor(kept.id), limits)).toBe('gone');
    expect(await leadsOf(kept.id)).toBe(0);
  });

  it('refuses a wrong password (400 naming the field) and deletes nothing', async () => {
    const { user, profile } = await fullAccount();
    const body = expectD4(await t.post('/account/delete', { password: 'not my password' }, user), 400, 'wrong-password');
    expect(body.field).toBe('password');
    expect((await t.post('/profile/show', { profileId: profile.id })).status).toBe(200);
    expect((await ownerCall(user.token)).status).toBe(200);
  });

  it('answers 400 naming the field for missing or malformed input, and 401 without a token', async () => {
    const user = await t.signUp();
    expect(expectD4(await t.post('/account/delete', {}, user), 400).field).toBe('password');
    expect(expectD4(await t.post('/account/delete', { password: 42 }, user), 400).field).toBe('password');
    expect(expectD4(await t.post('/account/delete', { password: 'x'.repeat(129) }, user), 400).field).toBe('password');
    expect(expectD4(await t.post('/account/delete', { password: user.password, code: '12 34<' }, user), 400).field).toBe('code');
    expectD4(await t.post('/account/delete', { password: user.password }), 401);
    expect((await ownerCall(user.token)).status).toBe(200);
  });

  it('limits password guesses per account (429)', async () => {
    const user = await t.signUp();
    for (let i = 0; i < 10; i++) expectD4(await t.post('/account/delete', { password: `guess ${i}` }, user), 400, 'wrong-password');
    expectD4(await t.post('/account/delete', { password: user.password }, user), 429, 'too-many-requests');
    expect((await ownerCall(user.token)).status).toBe(200);
  });

  it('counts its password guesses with the sign-in’s, per account from every address (issue 20): after ten wrong sign-ins the right password is 429 here too', async () => {
    const user = await t.signUp();
    for (let i = 0; i < CREDENTIAL_RULES.perAccount.max; i++) {
      const res = await t.call({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: `guess ${i}` },
        remoteAddress: freshAddress(),
      });
      expectD4(res, 401);
    }
    const deletion = await t.call({
      method: 'POST',
      url: '/account/delete',
      payload: { password: user.password },
      headers: user.auth,
      remoteAddress: freshAddress(),
    });
    expectD4(deletion, 429, 'too-many-requests');
    expect((await ownerCall(user.token)).status).toBe(200);
  });

  it('counts its wrong passwords per client address with the sign-in’s (issue 20): 30 over several accounts close that address’s sign-ins', async () => {
    await roomInOneWindow(CREDENTIAL_RULES.perAddress, 60_000);
    const address = freshAddress();
    let failures = 0;
    while (failures < CREDENTIAL_RULES.perAddress.max) {
      const user = await t.signUp();
      for (let i = 0; i < 8 && failures < CREDENTIAL_RULES.perAddress.max; i++, failures++) {
        const res = await t.call({ method: 'POST', url: '/account/delete', payload: { password: `guess ${i}` }, headers: user.auth, remoteAddress: address });
        expectD4(res, 400, 'wrong-password');
      }
    }
    const other = await t.signUp();
    const signIn = await t.call({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: other.email, password: other.password },
      remoteAddress: address,
    });
    expectD4(signIn, 429, 'too-many-requests');
    // The refusal is the address's: the same account signs in from another.
    const elsewhere = await t.call({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: other.email, password: other.password },
      remoteAddress: freshAddress(),
    });
    expect(elsewhere.status).toBe(200);
    // Thirty password checks and five sign-ups: slow on a busy machine.
  }, 120_000);
});
