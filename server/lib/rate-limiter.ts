import { AuthErrorCode, ErrorCode } from '../../shared/error-codes.ts';
import { AppError } from '../http/errors.ts';

/** A limit: at most `max` requests per `windowMs` for one subject (an address, an account, a profile). */
export interface RateRule {
  /** Names the counter; two rules must not share a name. */
  name: string;
  max: number;
  windowMs: number;
}

/**
 * Where counters live. The database (db/rate-counter.repository.ts) is the default
 * and what every instance shares; a Redis store can take its place with the same three calls.
 */
export interface RateCounterStore {
  increment(key: string, expiresAt: number, by?: number): Promise<number>;
  prune(now: number): Promise<void>;
  /** Deletes every counter of one subject (keys `{rule}:{subject}:{window}`), e.g. of a deleted account. */
  forgetSubject(subject: string): Promise<void>;
}

/** The outcome of counting one request against one rule. */
export interface RateDecision {
  allowed: boolean;
  /** Seconds until the window ends and the subject may try again (at least 1). */
  retryAfterSeconds: number;
}

/** A request that was counted and can be taken back out of its window's count. */
export interface CountedRequest extends RateDecision {
  /** Uncounts it, e.g. a sign-in whose password was right: the limit then counts failures only. */
  release(): Promise<void>;
}

/** Ended windows are deleted at most this often, by whichever request comes along. */
const PRUNE_EVERY_MS = 60_000;

/**
 * Fixed-window rate limits shared by every instance: each window ends, so a client that keeps
 * trying is held back for at most one window, never locked out for ever.
 */
export function createRateLimiter(store: RateCounterStore, clock: () => number = Date.now) {
  let lastPrune = 0;
  function windowOf(rule: RateRule, subject: string, now: number) {
    const index = Math.floor(now / rule.windowMs);
    const endsAt = (index + 1) * rule.windowMs;
    return { key: `${rule.name}:${subject}:${index}`, endsAt, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
  }
  function pruneNow(now: number) {
    if (now - lastPrune < PRUNE_EVERY_MS) return;
    lastPrune = now;
    // Pruning is housekeeping: a failure here must not fail the request that triggered it.
    store.prune(now).catch(() => {});
  }

  /** Counts one request; allowed while the window's count stays within `max`. */
  async function hit(rule: RateRule, subject: string): Promise<CountedRequest> {
    const now = clock();
    pruneNow(now);
    const w = windowOf(rule, subject, now);
    const count = await store.increment(w.key, w.endsAt);
    return {
      allowed: count <= rule.max,
      retryAfterSeconds: w.retryAfterSeconds,
      release: async () => {
        await store.increment(w.key, w.endsAt, -1);
      },
    };
  }

  return {
    hit,
    /** Forgets every count of a subject under every rule: a deleted account leaves no counter naming it (issue 20). */
    forget: (subject: string) => store.forgetSubject(subject),
    /**
     * Counts one request against every given rule and throws D4's 429 (with the longest
     * Retry-After among the refusing rules) when any of them is exceeded; answers the counted
     * requests otherwise.
     */
    async consume(checks: ReadonlyArray<readonly [RateRule, string]>, message: string, code: TooManyCode = ErrorCode.rateLimited): Promise<CountedRequest[]> {
      const counted = await Promise.all(checks.map(([rule, subject]) => hit(rule, subject)));
      const refused = counted.filter((d) => !d.allowed);
      if (refused.length) throw tooManyRequests(message, Math.max(...refused.map((d) => d.retryAfterSeconds)), code);
      return counted;
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

/** The code of a 429: D4's for API calls, SPEC 8's for identity calls under /api/auth. */
type TooManyCode = typeof ErrorCode.rateLimited | typeof AuthErrorCode.tooManyRequests;

/** D4's 429 with the seconds the client should wait (sent as Retry-After). */
export function tooManyRequests(message: string, retryAfterSeconds: number, code: TooManyCode = ErrorCode.rateLimited): AppError {
  return new AppError(429, code, message, undefined, retryAfterSeconds);
}
