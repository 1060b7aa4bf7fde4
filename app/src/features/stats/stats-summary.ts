import type { Stats, StatsDay } from '../../../../shared/schemas/stats.schema.ts';

/** The counts of a day the screen shows, in the order of its tiles and table columns. */
export const DAY_METRICS = ['views', 'saves', 'reminders', 'contacts', 'walletPasses', 'clicks'] as const satisfies ReadonlyArray<keyof StatsDay>;
export type DayMetric = (typeof DAY_METRICS)[number];

/** Sums of each metric over the range. */
export function totals(days: readonly StatsDay[]): Record<DayMetric, number> {
  const sum = Object.fromEntries(DAY_METRICS.map((m) => [m, 0])) as Record<DayMetric, number>;
  for (const day of days) for (const m of DAY_METRICS) sum[m] += day[m];
  return sum;
}

/** True when nothing at all was counted in the range: the screen then explains what will appear. */
export function isEmpty(stats: Stats): boolean {
  return stats.days.every((d) => DAY_METRICS.every((m) => d[m] === 0)) && stats.cards.length === 0 && stats.captures.events.length === 0;
}

/**
 * A round upper bound for the chart's scale (2, 4, 6, 8 or 10 × 10ⁿ, at least 2), so the axis
 * labels (it and its half) are whole numbers people read at a glance, and the tallest bar
 * fills most of the height.
 */
export function niceMax(value: number): number {
  if (value <= 2) return 2;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 4, 6, 8, 10].find((f) => f * power >= value) ?? 10) * power;
}

/** A UTC date (`YYYY-MM-DD`) for people: "25 Nov" / "25. Nov." in the interface language. */
export function formatDay(date: string, lng: string, withWeekday = false): string {
  return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'short', timeZone: 'UTC', ...(withWeekday ? { weekday: 'short' } : {}) }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
