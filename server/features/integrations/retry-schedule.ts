import { nextRetryAt, scheduleOf } from '../../outbox/retry-policy.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Issue 25: after the first attempt fails, retries follow at these delays (about 27 hours in
 * all). A delivery whose last retry fails is given up.
 */
export const RETRY_DELAYS_MS = [5 * SECOND, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 5 * HOUR, 10 * HOUR, 10 * HOUR] as const;

/** An endpoint whose deliveries have failed this long without a success is disabled and its owner mailed. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;

/** The webhooks' policy in the platform outbox (issue 34): these delays, ±10 % jitter. */
export const WEBHOOK_RETRY_POLICY = scheduleOf(RETRY_DELAYS_MS);

/**
 * When to try a delivery again after its `attempts`-th attempt failed, or null when it is given
 * up. ±10 % jitter spreads retries of many deliveries that failed together (a receiver's outage).
 */
export const nextAttemptAt = (attempts: number, now: number, random: () => number = Math.random): number | null =>
  nextRetryAt(WEBHOOK_RETRY_POLICY, attempts, now, null, random);
