import { describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.ts';
import { createRateLimiter, type RateCounterStore } from './rate-limiter.ts';

/** An in-memory store with the database store's behaviour, for the window arithmetic. */
function memoryStore(): RateCounterStore & { keys(): string[] } {
  const rows = new Map<string, { count: number; expiresAt: number }>();
  return {
    async increment(key, expiresAt, by = 1) {
      const row = rows.get(key) ?? { count: 0, expiresAt };
      row.count += by;
      rows.set(key, row);
      return row.count;
    },
    async prune(now) {
      for (const [k, r] of rows) if (r.expiresAt <= now) rows.delete(k);
    },
    async forgetSubject(subject) {
      for (const k of rows.keys()) if (k.split(':')[1] === subject) rows.delete(k);
    },
    keys: () => [...rows.keys()],
  };
}

const rule = { name: 'test', max: 3, windowMs: 60_000 };

describe('rate limiter', () => {
  it('allows max requests per window, refuses the next with the seconds left, and allows again once the window ends', async () => {
    let now = 60_000 * 1_000 + 20_000; // 20 s into a minute window
    const limiter = createRateLimiter(memoryStore(), () => now);
    for (let i = 0; i < 3; i++) expect((await limiter.hit(rule, 'a')).allowed).toBe(true);
    const refused = await limiter.hit(rule, 'a');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 40 });
    expect((await limiter.hit(rule, 'b')).allowed, 'another subject has its own count').toBe(true);
    now += 40_000;
    expect((await limiter.hit(rule, 'a')).allowed, 'a new window starts from zero').toBe(true);
  });

  it('consume throws a 429 AppError with the longest Retry-After of the refusing rules', async () => {
    const limiter = createRateLimiter(memoryStore(), () => 0);
    const hourly = { name: 'hourly', max: 1, windowMs: 3_600_000 };
    const daily = { name: 'daily', max: 1, windowMs: 86_400_000 };
    await limiter.consume(
      [
        [hourly, 'x'],
        [daily, 'y'],
      ],
      'slow down',
    );
    const error = await limiter
      .consume(
        [
          [hourly, 'x'],
          [daily, 'y'],
        ],
        'slow down',
      )
      .catch((e) => e);
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 429, retryAfterSeconds: 86_400, message: 'slow down' });
  });

  it('a released request no longer counts, so a limit can count failures only', async () => {
    const limiter = createRateLimiter(memoryStore(), () => 0);
    for (let i = 0; i < 10; i++) await (await limiter.hit(rule, 'a')).release();
    const counted = await limiter.consume([[rule, 'a']], 'slow down');
    await Promise.all(counted.map((c) => c.release()));
    for (let i = 0; i < 3; i++) await limiter.hit(rule, 'a');
    expect((await limiter.hit(rule, 'a')).allowed).toBe(false);
  });

  it('prunes ended windows as requests come along', async () => {
    let now = 0;
    const store = memoryStore();
    const limiter = createRateLimiter(store, () => now);
    await limiter.hit(rule, 'old');
    now = 10 * 60_000;
    await limiter.hit(rule, 'new');
    await new Promise((r) => setTimeout(r, 0));
    expect(store.keys()).toEqual([`test:new:10`]);
  });
});
