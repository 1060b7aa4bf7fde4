import { describe, expect, it } from 'vitest';
import { outcomeOf } from './webhook-delivery.ts';

const DAY = 24 * 3600_000;
const answer = (status: number | null) => ({ status, body: '', durationMs: 5, error: status === null ? 'no answer within 10 s' : null });

describe('what an attempt’s answer means for a delivery', () => {
  it('a 2xx ends it', () => {
    expect(outcomeOf(answer(204), { attempts: 3 }, 1000, 2000)).toEqual({ status: 'delivered', nextAttemptAt: null });
  });
  it('a 410 fails it and disables the endpoint at once', () => {
    expect(outcomeOf(answer(410), { attempts: 0 }, null, 2000)).toEqual({ status: 'failed', nextAttemptAt: null, disable: 'gone' });
  });
  it('other answers and timeouts retry on the schedule, then give up after the seventh retry', () => {
    const retry = outcomeOf(answer(500), { attempts: 0 }, null, 0);
    expect(retry.status).toBe('pending');
    expect(retry.nextAttemptAt).toBeGreaterThanOrEqual(4500);
    expect(outcomeOf(answer(null), { attempts: 1 }, 0, 0).nextAttemptAt).toBeGreaterThanOrEqual(270_000);
    expect(outcomeOf(answer(302), { attempts: 7 }, 0, 3 * DAY)).toEqual({ status: 'failed', nextAttemptAt: null, disable: undefined });
  });
  it('an endpoint failing for five days is disabled', () => {
    expect(outcomeOf(answer(503), { attempts: 2 }, 0, 5 * DAY)).toEqual({ status: 'failed', nextAttemptAt: null, disable: 'failing' });
    expect(outcomeOf(answer(503), { attempts: 2 }, 0, 5 * DAY - 1).status).toBe('pending');
  });
});
