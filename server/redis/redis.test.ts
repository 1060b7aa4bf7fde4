import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCuttableProxy, type CuttableProxy } from '../../test/support/cuttable-proxy.ts';
import type { RateCounterStore } from '../lib/rate-limiter.ts';
import { connectRedis, type RedisConnection } from './redis.ts';
import { createFallbackRateCounterStore, createRedisRateCounterStore } from './redis-rate-counter.ts';
import { createRedisInvalidation } from './redis-invalidation.ts';
import { PUSHED_CACHE_MS, SESSION_CACHE_MS } from '../lib/invalidation.ts';

function collectingLog() {
  const lines: string[] = [];
  return { lines, info: (msg: string) => void lines.push(`info ${msg}`), warn: (msg: string) => void lines.push(`warn ${msg}`) };
}

describe('createFallbackRateCounterStore', () => {
  const up = { isUp: () => true } as unknown as RedisConnection;
  const down = { isUp: () => false } as unknown as RedisConnection;
  const counting = (): RateCounterStore & { calls: number } => {
    const store = { calls: 0, increment: async () => ++store.calls, prune: async () => {}, forgetSubject: async () => {} };
    return store;
  };
  const failing: RateCounterStore = {
    increment: async () => {
      throw new Error('Connection is closed.');
    },
    prune: async () => {},
    forgetSubject: async () => {},
  };

  it('counts in Redis while it is up, in the database while it is down', async () => {
    const primary = counting();
    const fallback = counting();
    await createFallbackRateCounterStore({ redis: up, primary, fallback, log: collectingLog() }).increment('k', 1);
    await createFallbackRateCounterStore({ redis: down, primary, fallback, log: collectingLog() }).increment('k', 1);
    expect([primary.calls, fallback.calls]).toEqual([1, 1]);
  });

  it('takes the database path when a Redis call fails, and says so once', async () => {
    const fallback = counting();
    const log = collectingLog();
    const store = createFallbackRateCounterStore({ redis: up, primary: failing, fallback, log });
    expect(await store.increment('k', 1)).toBe(1);
    expect(await store.increment('k', 1)).toBe(2);
    expect(log.lines).toEqual(['warn Redis: a rate counter failed (Connection is closed.); counting in the database']);
  });
});

// Against the real Redis (REDIS_URL: CI's PostgreSQL run, or by hand), through a relay this suite cuts.
const redisUrl = process.env.REDIS_URL;
describe.runIf(redisUrl)('Redis connection and counters', () => {
  let relay: CuttableProxy;
  let redis: RedisConnection;
  const log = collectingLog();
  beforeAll(async () => {
    const target = new URL(redisUrl!);
    relay = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 6379) });
    target.hostname = '127.0.0.1';
    target.port = String(relay.port);
    redis = connectRedis({ url: target.toString(), keyPrefix: `unit:${randomBytes(4).toString('hex')}:`, log });
    expect(await redis.ready(5000)).toBe(true);
  });
  afterAll(async () => {
    const keys = await redis.client.keys(`${redis.keyPrefix}*`).catch(() => []);
    if (keys.length) await redis.client.del(...keys);
    await redis?.close();
    await relay?.close();
  });

  it('counts a window, expires it with the window, and takes a request back only while it exists', async () => {
    const store = createRedisRateCounterStore(redis);
    const endsAt = Date.now() + 60_000;
    expect(await store.increment('rule:subject:1', endsAt)).toBe(1);
    expect(await store.increment('rule:subject:1', endsAt)).toBe(2);
    expect(await store.increment('rule:subject:1', endsAt, -1)).toBe(1);
    const ttl = await redis.client.pttl(`${redis.keyPrefix}rate:rule:subject:1`);
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(60_000);
    // A late release of a window that is gone leaves nothing behind.
    expect(await store.increment('rule:subject:gone', endsAt, -1)).toBe(0);
    expect(await redis.client.exists(`${redis.keyPrefix}rate:rule:subject:gone`)).toBe(0);
  });

  it('says in its log line the true bound of a change whose publish failed: a second for sign-outs, the pushed time for profiles (issue 20)', async () => {
    const invalidationLog = collectingLog();
    const invalidation = createRedisInvalidation(redis, invalidationLog);
    // A stalled connection: the command is sent, its answer is never read.
    redis.client.stream.pause();
    try {
      await invalidation.publish({ kind: 'sessions' });
      await invalidation.publish({ kind: 'profiles', ids: ['p1'] });
    } finally {
      redis.client.stream.resume();
    }
    const failed = invalidationLog.lines.filter((line) => line.includes('could not publish'));
    expect(failed).toHaveLength(2);
    expect(failed[0]).toMatch(new RegExp(`^warn Redis: could not publish a sessions change \\(.*\\); other instances see it within ${SESSION_CACHE_MS} ms$`));
    expect(failed[1]).toMatch(new RegExp(`^warn Redis: could not publish a profiles change \\(.*\\); other instances see it within ${PUSHED_CACHE_MS} ms$`));
    expect(SESSION_CACHE_MS).toBe(1000);
  });

  it('logs once when Redis goes away and once when it is back, and fails commands at once meanwhile', async () => {
    log.lines.length = 0;
    await relay.cut();
    await waitFor(() => !redis.isUp());
    const started = Date.now();
    await expect(createRedisRateCounterStore(redis).increment('x', Date.now() + 1000)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(600);
    expect(await redis.ping(300)).toBe(false);
    await relay.restore();
    await waitFor(() => redis.isUp());
    expect(await redis.ping()).toBe(true);
    expect(log.lines).toEqual([
      'warn Redis is unreachable: rate limits fall back to the database, caches to one second; reconnecting',
      'info Redis is back: rate limits and cache invalidation go through it again',
    ]);
    // Never the address: it can hold the password.
    expect(log.lines.join('\n')).not.toContain('127.0.0.1');
  }, 20_000);
});

async function waitFor(condition: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
