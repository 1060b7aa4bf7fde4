import { describe, expect, it } from 'vitest';
import { GOOGLE_MAX_ATTEMPTS, GOOGLE_RETRY_DELAYS_MS, nextGoogleAttemptAt, retryAfterMs, verdictOf } from './google-update-schedule.ts';

describe('Google pass update retry schedule', () => {
  it('retries after 15 s, 1 min, 5 min, 30 min, 2 h and 6 h, then gives up (seven attempts in all)', () => {
    const delays = [1, 2, 3, 4, 5, 6].map((attempts) => nextGoogleAttemptAt(attempts, 0, null, () => 0.5));
    expect(delays).toEqual([15_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000]);
    expect(nextGoogleAttemptAt(7, 0)).toBeNull();
    expect(GOOGLE_MAX_ATTEMPTS).toBe(7);
    expect(GOOGLE_RETRY_DELAYS_MS.reduce((a, b) => a + b, 0) / 3_600_000).toBeLessThan(10);
  });

  it('spreads retries by at most ten per cent either way', () => {
    expect(nextGoogleAttemptAt(2, 1000, null, () => 0)).toBe(1000 + 54_000);
    expect(nextGoogleAttemptAt(2, 1000, null, () => 1)).toBe(1000 + 66_000);
  });

  it('waits as long as a Retry-After asks when that is longer, but never past the longest delay', () => {
    expect(nextGoogleAttemptAt(1, 0, 120_000, () => 0.5)).toBe(120_000);
    expect(nextGoogleAttemptAt(1, 0, 1_000, () => 0.5)).toBe(15_000);
    expect(nextGoogleAttemptAt(1, 0, 48 * 3_600_000, () => 0.5)).toBe(21_600_000);
  });

  it('reads Retry-After as seconds or as an HTTP date, and ignores anything else', () => {
    const now = Date.parse('2026-11-26T08:00:00Z');
    expect(retryAfterMs('30', now)).toBe(30_000);
    expect(retryAfterMs('Thu, 26 Nov 2026 08:02:00 GMT', now)).toBe(120_000);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe('what an answer of the Wallet API means for the update', () => {
  it('is done on 2xx', () => {
    expect(verdictOf(200)).toBe('done');
    expect(verdictOf(204)).toBe('done');
  });
  it('drops 404 (the pass was never saved) and other refusals of the body, which would fail again', () => {
    expect(verdictOf(404)).toBe('drop');
    expect(verdictOf(400)).toBe('drop');
    expect(verdictOf(409)).toBe('drop');
  });
  it('retries server errors, 429, 408, 401, 403 and no answer at all', () => {
    for (const status of [500, 502, 503, 504, 429, 408, 401, 403, null]) expect(verdictOf(status), String(status)).toBe('retry');
  });
});
