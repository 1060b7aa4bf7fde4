import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbox, type HandlerOptions, type Outbox, type OutboxHandler } from '../../server/outbox/outbox.ts';
import { createProfile } from '../support/factories.ts';
import { createTestApp, type TestApp, type TestUser } from '../support/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.ts';

/**
 * Issue 34: the one transactional outbox (server/outbox/, docs/outbox.md) on the real app's
 * database, SQLite or PostgreSQL (DATABASE_URL). The machinery is driven through outboxes of the
 * test's own on that database, with a handler it scripts, for a type the app's own worker is told
 * to leave alone (`wallet.apple.push`: no APNs key here); a webhook goes through the app itself.
 */

const TYPE = 'wallet.apple.push' as const;
const silent = { warn: () => {}, error: () => {} };
let t: TestApp;
let owner: TestUser;
let receiver: WebhookReceiver;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const rows = (type: string = TYPE) => t.app.db.selectFrom('outboxMessage').selectAll().where('type', '=', type).orderBy('created').execute();
const clear = () => t.app.db.deleteFrom('outboxMessage').where('type', '=', TYPE).execute();
/** Writes messages the way a change does: inside a transaction. */
const enqueue = (outbox: Outbox, names: string[], options: { key?: string; coalesce?: boolean; availableAt?: number } = {}) =>
  t.app.db.transaction().execute(async (trx) => {
    for (const name of names) await outbox.enqueue(trx, { type: TYPE, payload: { serialNumbers: [name] }, ...options });
  });

function scriptedOutbox(handler: OutboxHandler<typeof TYPE>, options: HandlerOptions = {}, db = t.app.db) {
  const outbox = createOutbox({ db, engine: t.engine, log: silent, pollMs: 20 });
  outbox.handle(TYPE, handler, options);
  return outbox;
}

beforeAll(async () => {
  t = await createTestApp({ WEBHOOKS_ALLOW_HTTP: '1', WEBHOOKS_ALLOW_PRIVATE: '1' });
  owner = await t.signUp();
  receiver = await startWebhookReceiver();
  await t.app.platform.outbox.pause([TYPE]);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('the transactional outbox (issue 34)', () => {
  it('writes a message only when the change commits: a rolled back change leaves none', async () => {
    await clear();
    const outbox = scriptedOutbox(async () => {});
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await outbox.enqueue(trx, { type: TYPE, payload: { serialNumbers: ['rolled-back'] } });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rows()).toEqual([]);
    await enqueue(outbox, ['committed']);
    expect(await rows()).toMatchObject([{ status: 'waiting', attempts: 0, payload: '{"serialNumbers":["committed"]}' }]);
  });

  it('refuses a payload the shared schema does not allow, before anything is written', async () => {
    await clear();
    const outbox = scriptedOutbox(async () => {});
    await expect(t.app.db.transaction().execute((trx) => outbox.enqueue(trx, { type: TYPE, payload: { serialNumbers: [] } }))).rejects.toThrow(/serialNumbers/);
    await expect(
      t.app.db.transaction().execute((trx) => outbox.enqueue(trx, { type: TYPE, payload: { serialNumbers: ['x'], secret: 'no' } as never })),
    ).rejects.toThrow(/secret|Unrecognized/i);
    expect(await rows()).toEqual([]);
  });

  it('delivers a due message once to its handler and deletes it; a later one waits for its time', async () => {
    await clear();
    const seen: Array<{ names: string[]; attempt: number }> = [];
    const outbox = scriptedOutbox(async ({ serialNumbers }, context) => void seen.push({ names: serialNumbers, attempt: context.attempt }));
    await enqueue(outbox, ['now']);
    await enqueue(outbox, ['later'], { availableAt: Date.now() + 60_000 });
    expect(await outbox.runOnce({ types: [TYPE] })).toBe(1);
    expect(seen).toEqual([{ names: ['now'], attempt: 1 }]);
    expect((await rows()).map((row) => JSON.parse(row.payload).serialNumbers[0])).toEqual(['later']);
    expect(await outbox.runOnce({ types: [TYPE], now: Date.now() + 61_000 })).toBe(1);
    expect(seen.map((s) => s.names[0])).toEqual(['now', 'later']);
    expect(await rows()).toEqual([]);
  });

  it('retries a failing handler with backoff and jitter, not before it is due, and then delivers', async () => {
    await clear();
    let calls = 0;
    const outbox = scriptedOutbox(
      async () => {
        calls++;
        if (calls < 3) throw new Error(`receiver down (${calls})`);
      },
      { policy: { delaysMs: [10_000, 60_000], maxAttempts: 5, jitter: 0.1 } },
    );
    await enqueue(outbox, ['flaky']);
    const start = Date.now();
    await outbox.runOnce({ types: [TYPE], now: start });
    const [first] = await rows();
    expect(first).toMatchObject({ status: 'waiting', attempts: 1, lastError: 'receiver down (1)' });
    expect(first.availableAt - start).toBeGreaterThanOrEqual(9000);
    expect(first.availableAt - start).toBeLessThanOrEqual(11_000);
    // Not due yet: nothing runs.
    expect(await outbox.runOnce({ types: [TYPE], now: start + 8000 })).toBe(0);
    expect(calls).toBe(1);
    await outbox.runOnce({ types: [TYPE], now: first.availableAt });
    const [second] = await rows();
    expect(second).toMatchObject({ status: 'waiting', attempts: 2, lastError: 'receiver down (2)' });
    expect(second.availableAt - first.availableAt).toBeGreaterThanOrEqual(54_000);
    await outbox.runOnce({ types: [TYPE], now: second.availableAt });
    expect(calls).toBe(3);
    expect(await rows()).toEqual([]);
  });

  it('dead-letters a message after its attempts, runs it no more, and counts it in GET /healthz/outbox without its error text', async () => {
    await clear();
    let calls = 0;
    const outbox = scriptedOutbox(
      async () => {
        calls++;
        throw new Error('token sk_live_SECRET refused');
      },
      { policy: { delaysMs: [1000], maxAttempts: 3, jitter: 0 } },
    );
    await enqueue(outbox, ['doomed']);
    let now = Date.now();
    for (let i = 0; i < 3; i++) {
      await outbox.runOnce({ types: [TYPE], now });
      now += 1001;
    }
    expect(calls).toBe(3);
    expect(await rows()).toMatchObject([{ status: 'dead', attempts: 3, lastError: 'token sk_live_SECRET refused' }]);
    await outbox.runOnce({ types: [TYPE], now: now + 86_400_000 });
    expect(calls).toBe(3);

    await enqueue(outbox, ['waiting'], { availableAt: Date.now() - 120_000 });
    await sleep(1100); // the metrics are read at most once a second
    const res = await t.call({ method: 'GET', url: '/healthz/outbox' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.types[TYPE]).toMatchObject({ waiting: 1, leased: 0, dead: 1 });
    expect(res.body.types[TYPE].oldestWaitingSeconds).toBeGreaterThanOrEqual(120);
    for (const type of ['webhook.delivery', 'profiles.changed', 'wallet.google.object']) expect(Object.keys(res.body.types)).toContain(type);
    // Counts only: no payload, id or error text reaches an outsider.
    expect(res.raw).not.toMatch(/SECRET|doomed|obx_/);
  });

  it('lets a handler ask for its own time (a Retry-After) or give up at once', async () => {
    await clear();
    const outbox = scriptedOutbox(async ({ serialNumbers }, context) =>
      serialNumbers[0] === 'later' ? { retryAt: context.now + 3_600_000, error: '429' } : { dead: 'refused for good' },
    );
    await enqueue(outbox, ['later', 'never']);
    const now = Date.now();
    await outbox.runOnce({ types: [TYPE], now });
    const byName = Object.fromEntries((await rows()).map((row) => [JSON.parse(row.payload).serialNumbers[0], row]));
    expect(byName.later).toMatchObject({ status: 'waiting', availableAt: now + 3_600_000, lastError: '429' });
    expect(byName.never).toMatchObject({ status: 'dead', lastError: 'refused for good' });
  });

  it('coalesces: one waiting message per key, however many changes write one', async () => {
    await clear();
    const outbox = scriptedOutbox(async () => {});
    for (let i = 0; i < 5; i++) await enqueue(outbox, [`edit-${i}`], { key: 'google-object:one', coalesce: true });
    expect(await rows()).toHaveLength(1);
  });

  it('gives a message whose worker died (lease ran out) to another worker, and dead-letters one that kills every worker', async () => {
    await clear();
    const seen: string[] = [];
    const outbox = scriptedOutbox(async ({ serialNumbers }) => void seen.push(serialNumbers[0]), { policy: { delaysMs: [1000], maxAttempts: 2, jitter: 0 } });
    await enqueue(outbox, ['orphan']);
    await t.app.db
      .updateTable('outboxMessage')
      .set({ status: 'leased', attempts: 1, availableAt: Date.now() - 1 })
      .where('type', '=', TYPE)
      .execute();
    await outbox.runOnce({ types: [TYPE] });
    expect(seen).toEqual(['orphan']);
    expect(await rows()).toEqual([]);

    await enqueue(outbox, ['poison']);
    await t.app.db
      .updateTable('outboxMessage')
      .set({ status: 'leased', attempts: 2, availableAt: Date.now() - 1 })
      .where('type', '=', TYPE)
      .execute();
    await outbox.runOnce({ types: [TYPE] });
    expect(seen).toEqual(['orphan']);
    expect(await rows()).toMatchObject([{ status: 'dead', attempts: 3 }]);
  });

  it('two workers on two instances claiming at once never deliver one message twice', async () => {
    await clear();
    const other = await t.secondInstance();
    try {
      await other.app.platform.outbox.pause([TYPE]);
      const delivered: string[] = [];
      const handler = async ({ serialNumbers }: { serialNumbers: string[] }) => {
        await sleep(Math.random() * 5);
        delivered.push(serialNumbers[0]);
      };
      const first = scriptedOutbox(handler);
      const second = scriptedOutbox(handler, {}, other.app.db);
      const names = Array.from({ length: 120 }, (_, i) => `m${i}`);
      await enqueue(first, names);
      // Both claim batch after batch side by side until everything is gone.
      const drain = async (outbox: Outbox) => {
        while ((await outbox.runOnce({ types: [TYPE] })) > 0);
      };
      await Promise.all([drain(first), drain(second), drain(first), drain(second)]);
      expect(delivered).toHaveLength(names.length);
      expect(new Set(delivered).size).toBe(names.length);
      expect(await rows()).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('a profile change writes its webhook delivery into the outbox in its own transaction; the app’s worker delivers it', async () => {
    const profile = await createProfile(t, owner, { firstName: 'Ada' });
    const hook = await t.post('/webhook/create', { url: `http://127.0.0.1:${receiver.port}/outbox`, events: ['profile.updated'] }, owner);
    expect(hook.status, hook.raw).toBe(200);
    await t.app.platform.outbox.pause(['webhook.delivery']);
    try {
      expect((await t.post('/profile/update', { id: profile.id, jobTitle: 'Analyst' }, owner)).status).toBe(200);
      const [message] = await rows('webhook.delivery');
      expect(message).toMatchObject({ status: 'waiting', key: expect.stringMatching(/^webhook-endpoint:wh_/) });
      const delivery = await t.app.db
        .selectFrom('webhookDelivery')
        .selectAll()
        .where('id', '=', JSON.parse(message.payload).deliveryId)
        .executeTakeFirstOrThrow();
      expect(delivery).toMatchObject({ eventType: 'profile.updated', status: 'pending' });
      expect(receiver.received.filter((r) => r.path === '/outbox')).toHaveLength(0);
    } finally {
      t.app.platform.outbox.resume(['webhook.delivery']);
    }
    await expect.poll(() => receiver.received.filter((r) => r.path === '/outbox').length, { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await rows('webhook.delivery')).length, { timeout: 5000 }).toBe(0);
  });
});
