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

/**
 * When to try a delivery again after its `attempts`-th attempt failed, or null when it is given
 * up. ±10 % jitter spreads retries of many deliveries that failed together (a receiver's outage).
 */
export function nextAttemptAt(attempts: number, now: number, random: () => number = Math.random): number | null {
  const delay = RETRY_DELAYS_MS[attempts - 1];
  if (delay === undefined) return null;
  return now + Math.round(delay * (0.9 + 0.2 * random()));
}
