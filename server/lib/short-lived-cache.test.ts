import { afterEach, describe, expect, it, vi } from 'vitest';
import { createShortLivedCache } from './short-lived-cache.ts';

afterEach(() => vi.useRealTimers());

describe('createShortLivedCache', () => {
  it('answers an entry until its time is up, then reads as missing', () => {
    vi.useFakeTimers({ now: 1_000 });
    const cache = createShortLivedCache<number>(500);
    cache.set('a', 1);
    vi.setSystemTime(1_499);
    expect(cache.get('a')).toBe(1);
    vi.setSystemTime(1_500);
    expect(cache.get('a')).toBeUndefined();
  });
  it('forgets deleted and cleared entries at once', () => {
    const cache = createShortLivedCache<string>(60_000);
    cache.set('a', 'x');
    cache.set('b', 'y');
    cache.delete('a');
    expect(cache.get('a')).toBeUndefined();
    cache.clear();
    expect(cache.get('b')).toBeUndefined();
  });
  it('stays within its bound', () => {
    const cache = createShortLivedCache<number>(60_000, 3);
    for (let i = 0; i < 4; i++) cache.set(String(i), i);
    expect(cache.get('3')).toBe(3);
    expect(cache.get('0')).toBeUndefined();
  });
  it('does not keep a value read before a deletion arrived', () => {
    const cache = createShortLivedCache<string>(60_000);
    const readAt = cache.generation();
    cache.delete('a'); // an invalidation while the read was under way
    cache.set('a', 'old', readAt);
    expect(cache.get('a')).toBeUndefined();
    cache.set('a', 'new', cache.generation());
    expect(cache.get('a')).toBe('new');
  });
  it('takes the time to live from a function at each set', () => {
    vi.useFakeTimers({ now: 1_000 });
    let ttl = 100;
    const cache = createShortLivedCache<number>(() => ttl);
    cache.set('short', 1);
    ttl = 10_000;
    cache.set('long', 2);
    vi.setSystemTime(1_200);
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('long')).toBe(2);
  });
});
