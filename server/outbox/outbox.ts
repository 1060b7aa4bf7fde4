import type { Db, Engine } from '../db/database.ts';
import type { OutboxMessageTable } from '../db/tables.ts';
import { randomId } from '../lib/ids.ts';
import { outboxPayloadSchemas, type OutboxMetrics, type OutboxPayload, type OutboxType } from '../../shared/schemas/outbox.schema.ts';
import { createOutboxRepository, type MessageOutcome } from './outbox.repository.ts';
import { DEFAULT_RETRY_POLICY, nextRetryAt, type RetryPolicy } from './retry-policy.ts';

/** What a handler knows of the message it runs for. */
export interface OutboxContext {
  /** This attempt's number: 1 for the first. */
  attempt: number;
  /** When the message was written (its change's time). */
  enqueuedAt: number;
  /** The worker's time of this run. */
  now: number;
  /** When the type's policy tries again after this attempt failed, or null when it was the last. */
  retryAt(retryAfterMs?: number | null): number | null;
}

/**
 * What a handler's attempt came to: nothing (done: the message is deleted), `retryAt` (due again
 * then, an attempt spent; given up when the attempts ran out), or `dead` (given up now). A
 * handler that throws is retried by its type's policy.
 */
export type HandlerResult = void | { retryAt: number; error: string } | { dead: string };
export type OutboxHandler<T extends OutboxType> = (payload: OutboxPayload<T>, context: OutboxContext) => Promise<HandlerResult>;

export interface HandlerOptions {
  policy?: RetryPolicy;
  /** How long a claimed message is this worker's: longer than one attempt can take. */
  leaseMs?: number;
  /** At most this many messages of the type at once on one worker. */
  maxInFlight?: number;
}

export interface EnqueueMessage<T extends OutboxType> {
  type: T;
  payload: OutboxPayload<T>;
  /** What it is about (`webhook-endpoint:{id}`, `google-object:{id}`): one batch per key at once on a worker. */
  key?: string;
  /** With `key`: add nothing when a message of the type about the key waits already. */
  coalesce?: boolean;
  /** Not before this time (epoch ms); now by default. */
  availableAt?: number;
}

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };
interface Registered {
  run: (payload: unknown, context: OutboxContext) => Promise<HandlerResult>;
  policy: RetryPolicy;
  leaseMs: number;
  maxInFlight: number;
}

const DEAD_KEPT_MS = 30 * 86_400_000;

/**
 * The wait before a worker's next claim: `pollMs` give or take half of it, at random. Workers
 * that polled in step (started together, or one just behind another) would stay in step forever,
 * the one just behind finding nothing each time; jitter lets each instance's worker take its share.
 */
export const nextPollIn = (pollMs: number, random = Math.random()): number => Math.round(pollMs * (0.5 + random));

/**
 * The transactional outbox (issue 34, docs/outbox.md): the one way a change reaches the outside.
 * A change writes its messages with `enqueue(trx, …)` inside its own transaction, so a message
 * exists exactly when the change does (a crash after the commit loses nothing; a rollback sends
 * nothing). Features register one handler per message type with `handle`. One worker per
 * instance claims due messages about every `pollMs` (jittered: nextPollIn) with a lease
 * (outbox.repository.ts#claimDue: `FOR UPDATE SKIP LOCKED` on PostgreSQL) and runs their
 * handlers side by side, never waiting for one batch before claiming the next, so a slow
 * receiver holds back no other; a failure is retried with the type's backoff and jitter
 * (retry-policy.ts) and dead-lettered after its attempts.
 * Started by server/app.ts, stopped on close (waits for the attempts in flight).
 */
export function createOutbox(deps: { db: Db; engine: Engine; log: Log; pollMs?: number; batch?: number; maxInFlight?: number }) {
  const { log } = deps;
  const messages = createOutboxRepository(deps.db, deps.engine);
  const pollMs = deps.pollMs ?? 500;
  const batch = deps.batch ?? 20;
  const maxInFlight = deps.maxInFlight ?? 100;
  const handlers = new Map<string, Registered>();
  /** Types the background worker leaves alone (tests that run them by hand). */
  const paused = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  const busyKeys = new Map<string, number>();
  const busyTypes = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;
  let lastPrune = 0;

  const count = (map: Map<string, number>, key: string | null, by: number) => {
    if (key === null) return;
    const n = (map.get(key) ?? 0) + by;
    if (n > 0) map.set(key, n);
    else map.delete(key);
  };

  async function attempt(message: OutboxMessageTable, handler: Registered, now: number): Promise<void> {
    const context: OutboxContext = {
      attempt: message.attempts,
      enqueuedAt: message.created,
      now,
      retryAt: (retryAfterMs = null) => nextRetryAt(handler.policy, message.attempts, now, retryAfterMs),
    };
    let outcome: MessageOutcome;
    if (message.attempts > handler.policy.maxAttempts) {
      // Claimed again and again without an answer: its handler kills or hangs the worker.
      outcome = { kind: 'dead', error: `no answer after ${message.attempts - 1} attempts (lease ran out)` };
    } else {
      try {
        const parsed = outboxPayloadSchemas[message.type as OutboxType].parse(JSON.parse(message.payload));
        const result = await handler.run(parsed, context);
        if (!result) outcome = { kind: 'done' };
        else if ('dead' in result) outcome = { kind: 'dead', error: result.dead };
        else
          outcome =
            message.attempts >= handler.policy.maxAttempts ? { kind: 'dead', error: result.error } : { kind: 'retry', at: result.retryAt, error: result.error };
      } catch (error) {
        const text = error instanceof Error ? error.message : String(error);
        const at = context.retryAt();
        outcome = at === null ? { kind: 'dead', error: text } : { kind: 'retry', at, error: text };
      }
    }
    if (outcome.kind === 'dead')
      log.warn({ messageId: message.id, type: message.type, attempts: message.attempts, error: outcome.error }, 'outbox message given up');
    await messages.finish(message, outcome, Date.now());
  }

  function start(message: OutboxMessageTable, now: number): Promise<void> {
    const handler = handlers.get(message.type)!;
    count(busyKeys, message.key, 1);
    count(busyTypes, message.type, 1);
    const sending = attempt(message, handler, now)
      .catch((error: unknown) => log.error({ err: error, messageId: message.id, type: message.type }, 'outbox message failed to record'))
      .finally(() => {
        inFlight.delete(sending);
        count(busyKeys, message.key, -1);
        count(busyTypes, message.type, -1);
      });
    inFlight.add(sending);
    return sending;
  }

  /** Claims one batch of due messages of `types` and starts their handlers; answers their attempts. */
  async function claim(now: number, types: readonly string[]): Promise<Array<Promise<void>>> {
    const leaseUntil: Record<string, number> = {};
    for (const type of types) {
      const handler = handlers.get(type);
      if (handler && (busyTypes.get(type) ?? 0) < handler.maxInFlight) leaseUntil[type] = now + handler.leaseMs;
    }
    const room = Math.min(batch, maxInFlight - inFlight.size);
    const claimed = await messages.claimDue(now, leaseUntil, room, [...busyKeys.keys()]);
    return claimed.map((message) => start(message, now));
  }

  const tick = () => {
    const now = Date.now();
    running = claim(
      now,
      [...handlers.keys()].filter((type) => !paused.has(type)),
    )
      .then(async (started) => {
        if (now - lastPrune > 3_600_000) {
          lastPrune = now;
          await messages.pruneDead(now - DEAD_KEPT_MS);
        }
        return started.length;
      })
      .catch((error: unknown) => {
        log.error({ err: error }, 'could not claim outbox messages; trying again');
        return 0;
      })
      .then((claimed) => {
        // A full batch: more may be due, go on at once.
        if (!stopped) timer = setTimeout(tick, claimed === batch ? 0 : nextPollIn(pollMs)).unref();
      });
  };

  let metricsCache: { at: number; value: Promise<OutboxMetrics> } | undefined;

  return {
    /**
     * Writes a message inside `trx`, the transaction of the change that causes it. The payload
     * is validated by shared/schemas/outbox.schema.ts (a wrong one throws: a bug, not input).
     */
    async enqueue<T extends OutboxType>(trx: Db, message: EnqueueMessage<T>): Promise<void> {
      const payload = outboxPayloadSchemas[message.type].parse(message.payload);
      const key = message.key ?? null;
      if (message.coalesce && key !== null && (await messages.waiting(trx, message.type, key))) return;
      const now = Date.now();
      await messages.insert(trx, {
        id: `obx_${randomId(20)}`,
        type: message.type,
        key,
        payload: JSON.stringify(payload),
        availableAt: message.availableAt ?? now,
        created: now,
      });
    },

    /** A feature's handler of its message type (one per type), with the type's retry policy and lease. */
    handle<T extends OutboxType>(type: T, handler: OutboxHandler<T>, options: HandlerOptions = {}): void {
      if (handlers.has(type)) throw new Error(`outbox: ${type} has a handler already`);
      handlers.set(type, {
        run: handler as Registered['run'],
        policy: options.policy ?? DEFAULT_RETRY_POLICY,
        leaseMs: options.leaseMs ?? 60_000,
        maxInFlight: options.maxInFlight ?? maxInFlight,
      });
    },

    /**
     * Claims and handles one batch of the messages of `types` due at `now` (by default every
     * handled type, now) and waits for their attempts: for tests and the CLI; the background
     * worker does not wait. Answers how many were claimed.
     */
    async runOnce(options: { now?: number; types?: readonly OutboxType[] } = {}): Promise<number> {
      const started = await claim(options.now ?? Date.now(), options.types ?? [...handlers.keys()]);
      await Promise.all(started);
      return started.length;
    },

    /** The background worker leaves these types alone until `resume` (a test that runs them by hand). */
    async pause(types: readonly OutboxType[]): Promise<void> {
      for (const type of types) paused.add(type);
      await Promise.all(inFlight);
    },
    resume: (types: readonly OutboxType[]) => types.forEach((type) => paused.delete(type)),

    /**
     * What GET /healthz/outbox answers (counts only: no payload, no error text), read at most
     * once a second however often it is asked.
     */
    metrics(now = Date.now()): Promise<OutboxMetrics> {
      if (metricsCache && now - metricsCache.at < 1000) return metricsCache.value;
      const value = messages.counts().then((rows) => {
        const types: OutboxMetrics['types'] = {};
        for (const type of handlers.keys()) types[type] = { waiting: 0, leased: 0, dead: 0, oldestWaitingSeconds: 0 };
        for (const row of rows) {
          const entry = (types[row.type] ??= { waiting: 0, leased: 0, dead: 0, oldestWaitingSeconds: 0 });
          if (row.status === 'waiting' || row.status === 'leased' || row.status === 'dead') entry[row.status] = row.n;
          if (row.status === 'waiting' && row.earliest !== null) entry.oldestWaitingSeconds = Math.max(0, Math.floor((now - row.earliest) / 1000));
        }
        return { types };
      });
      metricsCache = { at: now, value };
      value.catch(() => (metricsCache = undefined));
      return value;
    },

    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, nextPollIn(pollMs)).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await Promise.all(inFlight);
    },
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/** What a repository needs of the outbox: writing messages inside its transactions. */
export type OutboxWriter = Pick<Outbox, 'enqueue'>;
/** Writes nothing: repositories built without the outbox (tests that use one repository alone). */
export const noOutbox: OutboxWriter = { enqueue: async () => {} };
