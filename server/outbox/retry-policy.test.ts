import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, nextRetryAt, scheduleOf } from './retry-policy.ts';

const NOW = 1_700_000_000_000;
const middle = () => 0.5;

describe('the outbox retry policy (issue 34)', () => {
  it('follows the delays in order and repeats the last one until the attempts run out', () => {
    const policy = { delaysMs: [1000, 5000], maxAttempts: 4, jitter: 0.1 };
    expect(nextRetryAt(policy, 1, NOW, null, middle)).toBe(NOW + 1000);
    expect(nextRetryAt(policy, 2, NOW, null, middle)).toBe(NOW + 5000);
    expect(nextRetryAt(policy, 3, NOW, null, middle)).toBe(NOW + 5000);
    expect(nextRetryAt(policy, 4, NOW, null, middle)).toBeNull();
  });

  it('spreads each delay by the jitter, both ways and never beyond it', () => {
    const policy = { delaysMs: [10_000], maxAttempts: 3, jitter: 0.1 };
    expect(nextRetryAt(policy, 1, NOW, null, () => 0)).toBe(NOW + 9000);
    expect(nextRetryAt(policy, 1, NOW, null, () => 0.999_999)).toBe(NOW + 11_000);
    const seen = new Set<number>();
    for (let i = 0; i < 200; i++) {
      const at = nextRetryAt(policy, 1, NOW)! - NOW;
      expect(at).toBeGreaterThanOrEqual(9000);
      expect(at).toBeLessThanOrEqual(11_000);
      seen.add(at);
    }
    // Random, not one fixed value: retries of messages that failed together spread out.
    expect(seen.size).toBeGreaterThan(50);
  });

  it('honours a longer Retry-After, but never beyond the longest delay', () => {
    const policy = scheduleOf([1000, 60_000]);
    expect(nextRetryAt(policy, 1, NOW, 30_000, middle)).toBe(NOW + 30_000);
    expect(nextRetryAt(policy, 1, NOW, 500, middle)).toBe(NOW + 1000);
    expect(nextRetryAt(policy, 1, NOW, 86_400_000, middle)).toBe(NOW + 60_000);
  });

  it('a fixed schedule allows one attempt more than it has delays; no delays: no retry at all', () => {
    const policy = scheduleOf([1000, 2000, 3000]);
    expect(policy.maxAttempts).toBe(4);
    expect(nextRetryAt(policy, 3, NOW, null, middle)).toBe(NOW + 3000);
    expect(nextRetryAt(policy, 4, NOW, null, middle)).toBeNull();
    expect(nextRetryAt({ delaysMs: [], maxAttempts: 5, jitter: 0 }, 1, NOW)).toBeNull();
  });

  it('gives the default policy ten attempts over about five hours', () => {
    let total = 0;
    for (let attempt = 1; attempt < DEFAULT_RETRY_POLICY.maxAttempts; attempt++) total += nextRetryAt(DEFAULT_RETRY_POLICY, attempt, 0, null, middle)!;
    expect(nextRetryAt(DEFAULT_RETRY_POLICY, DEFAULT_RETRY_POLICY.maxAttempts, NOW)).toBeNull();
    expect(total / 3_600_000).toBeGreaterThan(4);
    expect(total / 3_600_000).toBeLessThan(6);
  });
});
