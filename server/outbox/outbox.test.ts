import { describe, expect, it } from 'vitest';
import { nextPollIn } from './outbox.ts';

describe("the outbox worker's poll", () => {
  it('waits between half and one and a half poll intervals, so workers polling in step drift apart', () => {
    expect(nextPollIn(500, 0)).toBe(250);
    expect(nextPollIn(500, 0.5)).toBe(500);
    expect(nextPollIn(500, 0.999_999)).toBe(750);
    const waits = new Set(Array.from({ length: 50 }, () => nextPollIn(500)));
    expect(waits.size).toBeGreaterThan(10);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(250);
    expect(Math.max(...waits)).toBeLessThanOrEqual(750);
  });
});
