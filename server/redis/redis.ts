import { Redis } from 'ioredis';

/** The little of a logger this module needs (Fastify's logger fits). */
export interface RedisLog {
  info(msg: string): void;
  warn(msg: string): void;
}

/**
 * The connection to Redis shared by every instance (DESIGN "Scale-out"): one client for
 * commands, one for the invalidation channel (a subscribed connection takes no other command).
 *
 * Redis is a help, never a dependency: commands fail at once while it is unreachable (no
 * offline queue, no retries per command), so every caller falls back to the database path;
 * the clients keep reconnecting in the background, and `isUp()` says true again once both are
 * back. State changes are logged once each (never the URL: it holds the password).
 */
export interface RedisConnection {
  /** For commands (rate counters, PUBLISH, PING). */
  readonly client: Redis;
  /** Subscribed to channels only. */
  readonly subscriber: Redis;
  /** Prefix of every key and channel (REDIS_KEY_PREFIX). */
  readonly keyPrefix: string;
  /** Both connections are ready. */
  isUp(): boolean;
  /** Called whenever `isUp()` changes. */
  onChange(listener: (up: boolean) => void): void;
  /** PING with a deadline: for /readyz. */
  ping(timeoutMs?: number): Promise<boolean>;
  /** Waits (at most `timeoutMs`) until both connections are ready; answers whether they are. */
  ready(timeoutMs: number): Promise<boolean>;
  /** Closes both connections (after the last flush: main.ts's shutdown order). */
  close(): Promise<void>;
}

/** How long a command may take before the caller takes the database path instead. */
const COMMAND_TIMEOUT_MS = 500;

export function connectRedis(options: { url: string; keyPrefix: string; log: RedisLog }): RedisConnection {
  const { url, keyPrefix, log } = options;
  const common = {
    // Fail fast while disconnected: the database path answers instead of requests waiting.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: 2000,
    // Reconnect for ever, backing off to one try every 2 s.
    retryStrategy: (times: number) => Math.min(100 * times, 2000),
    lazyConnect: false,
  };
  const client = new Redis(url, { ...common, connectionName: 'cards' });
  const subscriber = new Redis(url, { ...common, connectionName: 'cards-sub' });
  const listeners: Array<(up: boolean) => void> = [];
  let up = false;
  let everUp = false;
  let closing = false;

  function update() {
    const now = client.status === 'ready' && subscriber.status === 'ready';
    if (now === up) return;
    up = now;
    if (closing) return;
    if (up) log.info(everUp ? 'Redis is back: rate limits and cache invalidation go through it again' : 'Redis connected');
    else log.warn('Redis is unreachable: rate limits fall back to the database, caches to one second; reconnecting');
    everUp ||= up;
    for (const listener of listeners) listener(up);
  }
  for (const connection of [client, subscriber]) {
    connection.on('ready', update);
    connection.on('close', update);
    connection.on('end', update);
    // ioredis emits an error per failed try; the state change above is what gets logged.
    connection.on('error', update);
  }

  return {
    client,
    subscriber,
    keyPrefix,
    isUp: () => up,
    onChange: (listener) => void listeners.push(listener),
    async ping(timeoutMs = 1000) {
      try {
        return (await withDeadline(client.ping(), timeoutMs)) === 'PONG';
      } catch {
        return false;
      }
    },
    async ready(timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      while (!up && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      return up;
    },
    async close() {
      closing = true;
      await Promise.all([client, subscriber].map((c) => c.quit().catch(() => c.disconnect())));
    },
  };
}

/** Rejects when `promise` has not settled within `ms`. */
export function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
