import { describe, expect, it } from 'vitest';
import { createDayClock, dayRange, fillDays, utcDay } from './utc-days.ts';

const at = (iso: string) => Date.parse(iso);

describe('UTC days of the statistics', () => {
  it('names the UTC date, not the local one', () => {
    expect(utcDay(at('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01');
    expect(utcDay(at('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
  });

  it('lists 7, 30 and 90 days ending today, oldest first, across month and leap-day ends', () => {
    expect(dayRange(7, at('2028-03-02T10:00:00Z'))).toEqual(['2028-02-25', '2028-02-26', '2028-02-27', '2028-02-28', '2028-02-29', '2028-03-01', '2028-03-02']);
    const thirty = dayRange(30, at('2026-01-05T00:00:00Z'));
    expect(thirty).toHaveLength(30);
    expect(thirty[0]).toBe('2025-12-07');
    expect(thirty.at(-1)).toBe('2026-01-05');
    const ninety = dayRange(90, at('2026-11-25T12:00:00Z'));
    expect(ninety).toHaveLength(90);
    expect(new Set(ninety).size).toBe(90);
    expect([...ninety].sort()).toEqual(ninety);
  });

  it('fills every day of the range, zeros where nothing was counted, and drops days outside it', () => {
    const range = ['2026-11-23', '2026-11-24', '2026-11-25'];
    const counts = new Map([
      ['2026-11-24', { views: 3 }],
      ['2026-11-01', { views: 9 }],
    ]);
    expect(fillDays(range, counts, { views: 0, clicks: 0 })).toEqual([
      { date: '2026-11-23', views: 0, clicks: 0 },
      { date: '2026-11-24', views: 3, clicks: 0 },
      { date: '2026-11-25', views: 0, clicks: 0 },
    ]);
  });

  it('keeps the day of the clock until midnight UTC, then moves on (also when the clock steps back)', () => {
    let now = at('2026-11-25T23:59:59Z');
    const today = createDayClock(() => now);
    expect(today()).toBe('2026-11-25');
    now = at('2026-11-26T00:00:00Z');
    expect(today()).toBe('2026-11-26');
    now = at('2026-11-24T12:00:00Z');
    expect(today()).toBe('2026-11-24');
  });
});
