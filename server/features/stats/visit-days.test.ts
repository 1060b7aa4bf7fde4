import { describe, expect, it } from 'vitest';
import { createHourClock, dayOfHour, dayRange, fillDays, hourSpan, utcHour, zonedDay } from './visit-days.ts';

const at = (iso: string) => Date.parse(iso);

describe('hours and days of the statistics', () => {
  it('names the UTC hour of an instant', () => {
    expect(utcHour(at('2026-03-01T23:59:59.999Z'))).toBe('2026-03-01T23');
    expect(utcHour(at('2026-03-02T00:00:00Z'))).toBe('2026-03-02T00');
  });

  it('puts an hour on the owner day of its zone: 23:30 UTC is the next day in Berlin, the same day in New York', () => {
    expect(dayOfHour('2026-11-25T23', 'Europe/Berlin')).toBe('2026-11-26');
    expect(dayOfHour('2026-11-25T23', 'UTC')).toBe('2026-11-25');
    expect(dayOfHour('2026-11-25T23', 'America/New_York')).toBe('2026-11-25');
    expect(dayOfHour('2026-11-26T04', 'America/New_York')).toBe('2026-11-25');
    expect(dayOfHour('2026-11-26T05', 'America/New_York')).toBe('2026-11-26');
    // Summer time: Berlin is two hours ahead, so 22:00 UTC is already the next day.
    expect(dayOfHour('2026-07-01T22', 'Europe/Berlin')).toBe('2026-07-02');
    expect(dayOfHour('2026-07-01T21', 'Europe/Berlin')).toBe('2026-07-01');
  });

  it('gives a half-hour zone the hour by its middle: 18:00–19:00 UTC is 23:30–00:30 in Kolkata and counts as the next day', () => {
    expect(dayOfHour('2026-11-25T18', 'Asia/Kolkata')).toBe('2026-11-26');
    expect(dayOfHour('2026-11-25T17', 'Asia/Kolkata')).toBe('2026-11-25');
  });

  it('names the calendar date in a zone', () => {
    expect(zonedDay(at('2026-11-25T23:30:00Z'), 'Europe/Berlin')).toBe('2026-11-26');
    expect(zonedDay(at('2026-11-25T23:30:00Z'), 'Pacific/Kiritimati')).toBe('2026-11-26');
    expect(zonedDay(at('2026-11-25T09:30:00Z'), 'Pacific/Pago_Pago')).toBe('2026-11-24');
  });

  it('lists 7, 30 and 90 days ending with today in the zone, oldest first, across month and leap-day ends', () => {
    expect(dayRange(7, at('2028-03-02T10:00:00Z'), 'UTC')).toEqual([
      '2028-02-25',
      '2028-02-26',
      '2028-02-27',
      '2028-02-28',
      '2028-02-29',
      '2028-03-01',
      '2028-03-02',
    ]);
    expect(dayRange(2, at('2026-11-25T23:30:00Z'), 'Europe/Berlin')).toEqual(['2026-11-25', '2026-11-26']);
    expect(dayRange(2, at('2026-11-25T23:30:00Z'), 'UTC')).toEqual(['2026-11-24', '2026-11-25']);
    const thirty = dayRange(30, at('2026-01-05T00:00:00Z'), 'UTC');
    expect(thirty).toHaveLength(30);
    expect(thirty[0]).toBe('2025-12-07');
    expect(thirty.at(-1)).toBe('2026-01-05');
    // Across the change to summer time the days stay whole calendar days.
    const ninety = dayRange(90, at('2026-04-15T12:00:00Z'), 'Europe/Berlin');
    expect(ninety).toHaveLength(90);
    expect(new Set(ninety).size).toBe(90);
    expect([...ninety].sort()).toEqual(ninety);
  });

  it('reads hours from before the first day in the zone furthest ahead of UTC', () => {
    const { from, to } = hourSpan('2026-11-20', at('2026-11-26T10:15:00Z'));
    expect(from).toBe('2026-11-19T09');
    expect(to).toBe('2026-11-26T10');
    // Kiritimati (+14) starts its 20 November at 10:00 UTC on the 19th.
    expect(dayOfHour(from, 'Pacific/Kiritimati') <= '2026-11-20').toBe(true);
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

  it('keeps the hour of the clock until the next full hour, then moves on (also when the clock steps back)', () => {
    let now = at('2026-11-25T23:59:59Z');
    const hour = createHourClock(() => now);
    expect(hour()).toBe('2026-11-25T23');
    now = at('2026-11-26T00:00:00Z');
    expect(hour()).toBe('2026-11-26T00');
    now = at('2026-11-24T12:00:00Z');
    expect(hour()).toBe('2026-11-24T12');
  });
});
