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
});
