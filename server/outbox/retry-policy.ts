/**
 * Issue 34: when the outbox tries a message again. One policy per message type: the delays after
 * the 1st, 2nd, … failed attempt (the last one is repeated until `maxAttempts`), ±`jitter` of each
 * delay at random so that messages that failed together (a receiver's outage) do not come back
 * together, and a `Retry-After` the other side asked for honoured up to the longest delay. After
 * `maxAttempts` attempts the message is given up (dead-lettered).
 */
export interface RetryPolicy {
  delaysMs: readonly number[];
  maxAttempts: number;
  /** The share of each delay that is random, both ways (0.1: ±10 %). */
  jitter: number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;

/** The default: 5 s, 30 s, 2 min, 10 min, 30 min, then hourly: ten attempts in all, over about five hours. */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  delaysMs: [5 * SECOND, 30 * SECOND, 2 * MINUTE, 10 * MINUTE, 30 * MINUTE, 60 * MINUTE],
  maxAttempts: 10,
  jitter: 0.1,
};

/**
 * When to try again after the `attempts`-th attempt failed at `now`, or null when that was the
 * last one. `retryAfterMs` is what the other side asked for (a 429's or 503's Retry-After).
 */
export function nextRetryAt(
  policy: RetryPolicy,
  attempts: number,
  now: number,
  retryAfterMs: number | null = null,
  random: () => number = Math.random,
): number | null {
  if (attempts >= policy.maxAttempts || policy.delaysMs.length === 0) return null;
  const delay = policy.delaysMs[Math.min(attempts, policy.delaysMs.length) - 1];
  const jittered = Math.round(delay * (1 - policy.jitter + 2 * policy.jitter * random()));
  const longest = Math.max(...policy.delaysMs);
  return now + Math.max(jittered, Math.min(retryAfterMs ?? 0, longest));
}

/** A policy of fixed delays, one per retry: `delaysMs.length + 1` attempts in all. */
export const scheduleOf = (delaysMs: readonly number[], jitter = 0.1): RetryPolicy => ({ delaysMs, maxAttempts: delaysMs.length + 1, jitter });
