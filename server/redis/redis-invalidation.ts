import { randomBytes } from 'node:crypto';
import { BASE_CACHE_MS, PUSHED_CACHE_MS, SESSION_CACHE_MS, type Invalidation, type InvalidationEvent } from '../lib/invalidation.ts';
import { withDeadline, type RedisConnection, type RedisLog } from './redis.ts';

/**
 * How long a writer waits for PUBLISH before answering anyway. The others then see the change
 * when their entry ends: a sign-out within SESSION_CACHE_MS, a profile change within
 * PUSHED_CACHE_MS (their stamps were taken while pushes arrived).
 */
const PUBLISH_TIMEOUT_MS = 500;

/**
 * Invalidation over one Redis pub/sub channel (`{prefix}invalidate`). A message is
 * `{ from, kind, ids? }`; an instance skips its own (it forgot locally already). Redis answers
 * PUBLISH after writing the message to every subscriber's socket, so it is on its way to every
 * other instance before the writing request answers.
 *
 * While the channel is down, caches fall back to BASE_CACHE_MS, and every entry is forgotten on
 * each change of state: entries taken with the longer time, or messages missed while away,
 * cannot outlive the outage.
 */
export function createRedisInvalidation(redis: RedisConnection, log: RedisLog): Invalidation {
  const channel = `${redis.keyPrefix}invalidate`;
  const self = randomBytes(8).toString('hex');
  const listeners: Array<(event: InvalidationEvent) => void> = [];
  let subscribed = false;
  const emit = (event: InvalidationEvent) => listeners.forEach((listener) => listener(event));

  async function subscribe() {
    try {
      await redis.subscriber.subscribe(channel);
      if (!redis.isUp()) return;
      subscribed = true;
      // Anything published while this instance was not listening is unknown: start afresh.
      emit({ kind: 'all' });
    } catch {
      // Lost again before the subscription took: the next 'up' tries again.
    }
  }
  redis.onChange((up) => {
    if (up) void subscribe();
    else {
      subscribed = false;
      emit({ kind: 'all' });
    }
  });
  if (redis.isUp()) void subscribe();

  redis.subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: { from?: string; kind?: string; ids?: unknown };
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    if (message.from === self) return;
    if (message.kind === 'profiles' && Array.isArray(message.ids))
      emit({ kind: 'profiles', ids: message.ids.filter((id): id is string => typeof id === 'string') });
    else if (message.kind === 'sessions' || message.kind === 'page-hosts') emit({ kind: message.kind });
    else emit({ kind: 'all' });
  });

  return {
    async publish(event) {
      // While down, the others are on the short cache time too (or will forget all when they
      // reconnect): nothing to wait for.
      if (!redis.isUp()) return;
      try {
        await withDeadline(redis.client.publish(channel, JSON.stringify({ from: self, ...event })), PUBLISH_TIMEOUT_MS);
      } catch (error) {
        log.warn(
          `Redis: could not publish a ${event.kind} change (${error instanceof Error ? error.message : String(error)}); other instances see it within ${event.kind === 'sessions' ? SESSION_CACHE_MS : PUSHED_CACHE_MS} ms`,
        );
      }
    },
    subscribe: (listener) => void listeners.push(listener),
    cacheMs: () => (subscribed && redis.isUp() ? PUSHED_CACHE_MS : BASE_CACHE_MS),
  };
}
