import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { BROWSER_UA, expectD4, quickOwners, storePasskey } from '../support/factories.ts';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';
import { encodeTap } from '../../server/features/taps/sun.ts';
import { chipFileReadKey } from '../../server/features/taps/key-diversification.ts';

/**
 * Issue 38: batches with SUN keys and every tap verified, through the real app. Taps are made
 * here as a chip makes them (server/features/taps/sun.ts#encodeTap), for keys, UIDs and counters
 * of the test's own choosing, and with NXP's published vector.
 */

let t: TestApp;
let operator: TestUser;
let owner: TestUser;
const OPERATOR_EMAIL = `taps-operator-${Date.now()}@example.com`;
const hex = (s: string) => Buffer.from(s, 'hex');
const page = (url: string, app: Pick<TestApp, 'call'> = t) => app.call({ method: 'GET', url, headers: { 'user-agent': BROWSER_UA, accept: 'text/html' } });
const tapUrl = (cardId: string, tap: { piccData: string; cmac: string }) => `/card/${cardId}?picc_data=${tap.piccData}&cmac=${tap.cmac}`;
const tapsOf = async (cardId: string) => {
  await t.app.features.taps.taps.settled();
  const res = await t.get(`/operator/card/taps?cardId=${cardId}`, operator);
  expect(res.status, res.raw).toBe(200);
  return res.body.taps as { at: number; result: string; counter: number | null; uid: string | null }[];
};
const latest = async (cardId: string) => (await tapsOf(cardId))[0];

async function sunBatch(sun: object, count = 3) {
  const res = await t.post('/operator/batch/create', { edition: 'rainbow', count, label: 'SUN order 1', sun }, operator);
  expect(res.status, res.raw).toBe(200);
  return res.body as { batchId: string; sun: { keys: Record<string, string | null>; chip: Record<string, unknown>; cards: any[] } };
}
async function registered(cardId: string) {
  const res = await t.post('/card/register', { cardId, firebaseUserEmail: owner.email }, owner);
  expect(res.status, res.raw).toBe(200);
  return res.body.cardProfileId as string;
}

beforeAll(async () => {
  t = await createTestApp({ OPERATOR_EMAILS: OPERATOR_EMAIL });
  [operator, owner] = await quickOwners(t, 2);
  await createOperatorRepository(t.app.db).grant(operator.email, Date.now());
  await storePasskey(t, operator, 'key');
});
afterAll(async () => t.close());

describe('POST /operator/batch/create with sun', () => {
  it('stores given keys sealed and answers the encoding bundle once, audited', async () => {
    const metaReadKey = randomBytes(16).toString('hex');
    const fileReadKey = randomBytes(16).toString('hex');
    const batch = await sunBatch({ metaReadKey, fileReadKey });
    expect(batch.sun.keys).toEqual({ metaReadKey: metaReadKey.toUpperCase(), fileReadKey: fileReadKey.toUpperCase(), fileReadMasterKey: null });
    expect(batch.sun.chip).toMatchObject({ sdmOptions: 'C1', metaReadKeyNumber: 1, fileReadKeyNumber: 2, diversification: null });
    expect(batch.sun.cards).toHaveLength(3);
    for (const card of batch.sun.cards) {
      expect(card.url).toBe(`${t.app.config.publicUrl}/card/${card.cardId}?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`);
      const file = hex(card.ndefFile);
      expect(file.subarray(card.piccDataOffset, card.piccDataOffset + 32).toString('ascii')).toBe('0'.repeat(32));
      expect(file.subarray(card.macOffset - 5, card.macOffset).toString('ascii')).toBe('cmac=');
      expect(card.macInputOffset).toBe(card.macOffset);
    }
    const row = await t.app.db.selectFrom('tapBatchKey').selectAll().where('batchId', '=', batch.batchId).executeTakeFirstOrThrow();
    expect(row.metaReadKey.startsWith('enc:v1:') && row.fileReadKey.startsWith('enc:v1:')).toBe(true);
    expect(JSON.stringify(row).toUpperCase()).not.toContain(fileReadKey.toUpperCase());
    // Shown once: the batch list and the print bundle carry no keys.
    expect(JSON.stringify((await t.get('/operator/batches', operator)).body).toUpperCase()).not.toContain(metaReadKey.toUpperCase());
    const audit = (await t.get('/operator/audit', operator)).body.entries[0];
    expect(audit).toMatchObject({ action: 'batch-create', target: batch.batchId, reason: '3 × rainbow: SUN order 1, SUN keys given' });
  });

  it('refuses malformed or contradictory keys with a 400 naming the field', async () => {
    const bad: [object, string][] = [
      [{ metaReadKey: 'zz', fileReadKey: '00'.repeat(16) }, 'sun.metaReadKey'],
      [{ metaReadKey: '00'.repeat(16) }, 'sun.fileReadKey'],
      [{ generate: true, metaReadKey: '00'.repeat(16) }, 'sun.metaReadKey'],
      [{ generate: false }, 'sun.generate'],
      [{ metaReadKey: '00'.repeat(16), fileReadKey: '00'.repeat(16), diversify: true }, 'sun.diversify'],
      [{ generate: true, extra: 1 }, 'sun'],
    ];
    for (const [sun, field] of bad) {
      const res = await t.post('/operator/batch/create', { edition: 'rainbow', count: 1, label: 'x', sun }, operator);
      expect(expectD4(res, 400, 'cmc/invalid-input').field, JSON.stringify(sun)).toBe(field);
    }
  });

  it('keeps batches without keys as they were: no bundle, no chip, taps ignored', async () => {
    const res = await t.post('/operator/batch/create', { edition: 'rainbow', count: 1, label: 'plain' }, operator);
    expect(res.status, res.raw).toBe(200);
    expect(res.body).toEqual({ batchId: expect.any(String) });
    const [cardId] = await t.mintCards('rainbow', 1);
    const profileId = await registered(cardId!);
    const answer = await page(`/card/${cardId}?picc_data=${'A'.repeat(32)}&cmac=${'B'.repeat(16)}`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/p/${profileId}?src=nfc&card=${cardId}`);
    expect(await tapsOf(cardId!)).toEqual([]);
  });
});

describe('GET /card/{id} with picc_data and cmac', () => {
  it("verifies NXP's published tap (all-zero keys: UID 04DE5F1EACC040, counter 61)", async () => {
    const batch = await sunBatch({ metaReadKey: '00'.repeat(16), fileReadKey: '00'.repeat(16) }, 1);
    const cardId = batch.sun.cards[0].cardId;
    const profileId = await registered(cardId);
    const answer = await page(tapUrl(cardId, { piccData: 'EF963FF7828658A599F3041510671E88', cmac: '94EED9EE65337086' }));
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/p/${profileId}?src=tap&card=${cardId}`);
    expect(await latest(cardId)).toMatchObject({ result: 'verified', counter: 61, uid: '04DE5F1EACC040' });
  });

  it('tells verified, replayed and invalid taps apart, binds the first UID, mails the operators once a day, and lists the card in GET /operator/taps/alerts', async () => {
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const batch = await sunBatch({ metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') }, 1);
    const cardId = batch.sun.cards[0].cardId;
    const profileId = await registered(cardId);
    const uid = randomBytes(7);
    const judged = async (url: string) => {
      const res = await page(url);
      expect(res.status).toBe(302);
      expect(String(res.headers.location)).not.toMatch(/picc_data|cmac/);
      return { location: res.headers.location, tap: await latest(cardId) };
    };
    const first = encodeTap(keys, uid, 7);
    expect(await judged(tapUrl(cardId, first))).toEqual({
      location: `/p/${profileId}?src=tap&card=${cardId}`,
      tap: expect.objectContaining({ result: 'verified', counter: 7, uid: uid.toString('hex').toUpperCase() }),
    });
    // The same address again (a copied link), and an older counter: replayed, and the page still shows.
    expect(await judged(tapUrl(cardId, first))).toEqual({
      location: `/p/${profileId}?src=nfc&card=${cardId}`,
      tap: expect.objectContaining({ result: 'replayed' }),
    });
    expect((await judged(tapUrl(cardId, encodeTap(keys, uid, 6)))).tap).toMatchObject({ result: 'replayed', counter: 6 });
    expect((await judged(tapUrl(cardId, encodeTap(keys, uid, 300)))).tap).toMatchObject({ result: 'verified', counter: 300 });
    // A forged MAC, a cut address, a chip with another UID under the same keys: invalid.
    const forged = { ...encodeTap(keys, uid, 301), cmac: '0011223344556677' };
    expect((await judged(tapUrl(cardId, forged))).tap).toMatchObject({ result: 'invalid', counter: null });
    expect((await judged(`/card/${cardId}?picc_data=${encodeTap(keys, uid, 302).piccData}`)).tap).toMatchObject({ result: 'invalid' });
    expect((await judged(`/card/${cardId}?picc_data=${encodeTap(keys, uid, 303).piccData.slice(0, 20)}&cmac=AB`)).tap).toMatchObject({ result: 'invalid' });
    const clone = randomBytes(7);
    expect((await judged(tapUrl(cardId, encodeTap(keys, clone, 1000)))).tap).toMatchObject({ result: 'invalid', uid: clone.toString('hex').toUpperCase() });
    // The real chip still works after all of it.
    expect((await judged(tapUrl(cardId, encodeTap(keys, uid, 304)))).tap).toMatchObject({ result: 'verified' });
    const mails = (await t.app.mailer.outbox()).filter((m) => m.subject.includes(cardId));
    expect(mails.map((m) => m.to).sort()).toEqual([OPERATOR_EMAIL, operator.email].sort());
    expect(mails[0]!.text).toContain('Card ' + cardId);
    const alerts = (await t.get('/operator/taps/alerts', operator)).body.cards;
    expect(alerts.find((a: { cardId: string }) => a.cardId === cardId)).toMatchObject({ replayed: 2, invalid: 4 });
  });

  it('derives each chip its own file-read key from a generated master key (AN10922)', async () => {
    const batch = await sunBatch({ generate: true, diversify: true }, 1);
    const { metaReadKey, fileReadKey, fileReadMasterKey } = batch.sun.keys;
    expect(fileReadKey).toBeNull();
    expect(batch.sun.chip.diversification).toContain('AN10922');
    const cardId = batch.sun.cards[0].cardId;
    await registered(cardId);
    const uid = randomBytes(7);
    const master = hex(fileReadMasterKey!);
    await page(tapUrl(cardId, encodeTap({ metaReadKey: hex(metaReadKey!), fileReadKey: master }, uid, 1)));
    expect(await latest(cardId)).toMatchObject({ result: 'invalid' });
    await page(tapUrl(cardId, encodeTap({ metaReadKey: hex(metaReadKey!), fileReadKey: chipFileReadKey(master, uid) }, uid, 2)));
    expect(await latest(cardId)).toMatchObject({ result: 'verified', counter: 2 });
  });

  it('accepts one counter once when two instances race on it', async () => {
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const batch = await sunBatch({ metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') }, 1);
    const cardId = batch.sun.cards[0].cardId;
    await registered(cardId);
    // Two instances on one database race on PostgreSQL (what several instances run on); SQLite is one process's
    // file, whose two connections in one thread would wait out each other's busy timeout: there the race is one instance's.
    const other = process.env.DATABASE_URL ? await t.secondInstance() : { get: t.get, app: t.app, close: async () => {} };
    try {
      const uid = randomBytes(7);
      for (const counter of [1, 2, 3, 4, 5]) {
        const url = tapUrl(cardId, encodeTap(keys, uid, counter));
        // Without a browser's User-Agent no view is counted: on SQLite, two instances in one process would otherwise wait on each other's view-count transaction.
        const answers = await Promise.all([t.get(url), other.get(url), t.get(url), other.get(url)]);
        expect(answers.map((a) => a.status)).toEqual([302, 302, 302, 302]);
      }
      await other.app.features.taps.taps.settled();
      const results = (await tapsOf(cardId)).map((tap) => tap.result);
      expect(results.filter((r) => r === 'verified')).toHaveLength(5);
      expect(results.filter((r) => r === 'replayed')).toHaveLength(15);
    } finally {
      await other.close();
    }
  });

  it('sends an unregistered card to its own page without the parameters, and never answers a 5xx', async () => {
    const batch = await sunBatch({ generate: true }, 1);
    const cardId = batch.sun.cards[0].cardId;
    const answer = await page(`${tapUrl(cardId, { piccData: '0'.repeat(32), cmac: '0'.repeat(16) })}&lng=de`);
    expect(answer.status).toBe(302);
    expect(answer.headers.location).toBe(`/card/${cardId}?lng=de`);
    for (const query of [
      'picc_data=&cmac=',
      'picc_data[]=1&cmac=2',
      'cmac=%00',
      `picc_data=${'G'.repeat(32)}&cmac=${'0'.repeat(16)}`,
      'picc_data=' + 'A'.repeat(5000),
    ])
      for (const path of [`/card/${cardId}`, '/card/neverMinted1', `/p/nope?card=${cardId}`, '/l/nope'])
        expect((await page(`${path}?${query}`)).status, `${path}?${query}`).toBeLessThan(500);
  });
});

describe('statistics and the console', () => {
  it("counts a verified tap's view as `tap`, and a page's src=tap without one as `nfc`", async () => {
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const batch = await sunBatch({ metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') }, 2);
    const [tapped, idle] = batch.sun.cards.map((c) => c.cardId as string);
    const profileId = await registered(tapped!);
    const res = await page(tapUrl(tapped!, encodeTap(keys, randomBytes(7), 1)));
    expect((await page(String(res.headers.location))).status).toBe(200);
    // Typed by hand for a card that had no verified tap: no `tap`.
    await registered(idle!);
    expect((await page(`/p/${profileId}?src=tap&card=${idle}`)).status).toBe(200);
    await t.app.features.stats.views.flush();
    const stats = await t.get(`/find/own/stats?profileId=${profileId}&days=7`, owner);
    expect(stats.status, stats.raw).toBe(200);
    expect(stats.body.sources).toMatchObject({ tap: 1, nfc: 1 });
  });

  it('GET /operator/card/taps pages a card’s taps newest first, 404 for an unknown card, 400 for a bad cursor', async () => {
    const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
    const batch = await sunBatch({ metaReadKey: keys.metaReadKey.toString('hex'), fileReadKey: keys.fileReadKey.toString('hex') }, 1);
    const cardId = batch.sun.cards[0].cardId;
    const uid = randomBytes(7);
    for (let counter = 1; counter <= 55; counter++) await page(tapUrl(cardId, encodeTap(keys, uid, counter)));
    await t.app.features.taps.taps.settled();
    const first = (await t.get(`/operator/card/taps?cardId=${cardId}`, operator)).body;
    expect(first.taps).toHaveLength(50);
    expect(first.taps[0].counter).toBe(55);
    const second = (await t.get(`/operator/card/taps?cardId=${cardId}&cursor=${first.nextCursor}`, operator)).body;
    expect(second.taps.map((tap: { counter: number }) => tap.counter)).toEqual([5, 4, 3, 2, 1]);
    expect(second.nextCursor).toBeNull();
    expectD4(await t.get('/operator/card/taps?cardId=neverMinted1', operator), 404, 'cmc/card-not-found');
    expect(expectD4(await t.get(`/operator/card/taps?cardId=${cardId}&cursor=x`, operator), 400).field).toBe('cursor');
    expect(expectD4(await t.get('/operator/card/taps', operator), 400).field).toBe('cardId');
    // Owners see nothing of it.
    expectD4(await t.get(`/operator/card/taps?cardId=${cardId}`, owner), 404, 'cmc/not-found');
  });
});
