import type { RateCounterStore } from '../lib/rate-limiter.ts';
import type { RedisConnection, RedisLog } from './redis.ts';

/**
 * Adds `by` to a window's counter and answers the new count, in one step on the Redis server
 * (so concurrent requests on every instance each get their own count). The key expires when the
 * window ends; taking a request back (by < 0) from a window that has already gone does nothing,
 * so a late release cannot leave a negative counter without an expiry behind.
 */
const INCREMENT = `
if tonumber(ARGV[1]) < 0 and redis.call('exists', KEYS[1]) == 0 then return 0 end
local n = redis.call('incrby', KEYS[1], ARGV[1])
redis.call('pexpireat', KEYS[1], ARGV[2])
return n`;

/** Rate-limit counters in Redis: keys `{prefix}rate:{rule}:{subject}:{window}`, each expiring with its window. */
export function createRedisRateCounterStore(redis: RedisConnection): RateCounterStore {
  const prefix = `${redis.keyPrefix}rate:`;
  return {
    async increment(key, expiresAt, by = 1) {
      return Number(await redis.client.eval(INCREMENT, 1, prefix + key, by, expiresAt));
    },
    // Keys expire on their own.
    prune: async () => {},
    async forgetSubject(subject) {
      // SCAN, not KEYS: it does not block Redis for other instances while it walks.
      const pattern = `${prefix}*:${subject.replace(/[*?[\]\\]/g, (c) => `\\${c}`)}:*`;
      let cursor = '0';
      do {
        const [next, keys] = await redis.client.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
        if (keys.length) await redis.client.del(...keys);
        cursor = next;
      } while (cursor !== '0');
    },
  };
}

/**
 * Redis while it answers, the database (today's store) while it does not: a limit never turns
 * into a 500 because Redis went away. Counts taken in one store are not seen by the other, so
 * during the window in which Redis goes or comes back a subject can get up to twice its limit;
 * that is the price of staying up. Each switch is logged once (redis.ts logs the state change).
 */
export function createFallbackRateCounterStore(options: {
  redis: RedisConnection;
  primary: RateCounterStore;
  fallback: RateCounterStore;
  log: RedisLog;
}): RateCounterStore {
  const { redis, primary, fallback, log } = options;
  let warned = false;
  return {
    async increment(key, expiresAt, by = 1) {
      if (redis.isUp()) {
        try {
          const count = await primary.increment(key, expiresAt, by);
          warned = false;
          return count;
        } catch (error) {
          if (!warned) log.warn(`Redis: a rate counter failed (${error instanceof Error ? error.message : String(error)}); counting in the database`);
          warned = true;
        }
      }
      return fallback.increment(key, expiresAt, by);
    },
    async prune(now) {
      // Windows counted in the database while Redis was away end there too.
      await fallback.prune(now);
    },
    async forgetSubject(subject) {
      // Both stores: counts taken while Redis was away live in the database. A Redis that does
      // not answer now keeps its keys until their windows end (they expire with them).
      await fallback.forgetSubject(subject);
      if (redis.isUp())
        await primary
          .forgetSubject(subject)
          .catch((error) => log.warn(`Redis: could not delete rate counters (${error instanceof Error ? error.message : String(error)})`));
    },
  };
}
