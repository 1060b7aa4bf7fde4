import { nextRetryAt, scheduleOf } from '../../outbox/retry-policy.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Issue 26: how long after a profile change a saved Google pass is updated. Edits in this window
 * (an owner typing, saving again) go out as one PATCH with the latest content.
 */
export const GOOGLE_UPDATE_DELAY_MS = 2 * SECOND;

/**
 * After a failed attempt, the next ones follow at these delays (about nine hours in all); an
 * update whose last retry fails is given up. The next profile change starts a new one.
 */
export const GOOGLE_RETRY_DELAYS_MS = [15 * SECOND, MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * HOUR, 6 * HOUR] as const;

/** The updates' policy in the platform outbox (issue 34): these delays, ±10 % jitter. */
export const GOOGLE_RETRY_POLICY = scheduleOf(GOOGLE_RETRY_DELAYS_MS);

/** Attempts of one update at most: the first and its retries. */
export const GOOGLE_MAX_ATTEMPTS = GOOGLE_RETRY_DELAYS_MS.length + 1;

/** What the answer to a PATCH (or a failed token request) means for the update. */
export type AttemptVerdict = 'done' | 'retry' | 'drop';

/**
 * How an answer of the Wallet API is treated: 2xx is done; 404 means the owner never saved the
 * pass (the object exists only in the save link), so there is nothing to update and no reason to
 * ask again; 401 (the token, renewed before the retry), 403 (the service account not yet
 * authorised for the issuer, which the operator can fix), 408, 429 and 5xx are retried, as is no
 * answer at all (`null`: a timeout, a refused connection); any other 4xx (the body was refused)
 * would fail the same way again, so it is dropped.
 */
export function verdictOf(status: number | null): AttemptVerdict {
  if (status === null) return 'retry';
  if (status >= 200 && status < 300) return 'done';
  if (status === 404) return 'drop';
  if (status === 401 || status === 403 || status === 408 || status === 429 || status >= 500) return 'retry';
  return 'drop';
}

/**
 * When to try again after the `attempts`-th failed attempt, or null when the update is given up.
 * A `Retry-After` (429, 503) is honoured when it asks for longer, up to the longest delay. ±10 %
 * jitter spreads the retries of many objects that failed together (an outage at Google).
 */
export const nextGoogleAttemptAt = (attempts: number, now: number, retryAfterMs: number | null = null, random: () => number = Math.random): number | null =>
  nextRetryAt(GOOGLE_RETRY_POLICY, attempts, now, retryAfterMs, random);

/** A `Retry-After` header in milliseconds (seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  if (/^\d+$/.test(header.trim())) return Number(header.trim()) * SECOND;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
