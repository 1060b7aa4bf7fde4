/** Days of the statistics (issue 12): UTC dates as `YYYY-MM-DD` strings, which sort as dates. */

const DAY_MS = 24 * 60 * 60 * 1000;

/** The UTC date of an instant. */
export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The `days` dates ending with today's (UTC), oldest first. */
export function dayRange(days: number, now: number): string[] {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return Array.from({ length: days }, (_, i) => utcDay(today - (days - 1 - i) * DAY_MS));
}

/**
 * A row per date of `range`, in its order: what `counts` holds for the date, zeros for the
 * fields of dates it does not hold. Dates outside the range are dropped.
 */
export function fillDays<T extends Record<string, number>>(
  range: readonly string[],
  counts: ReadonlyMap<string, Partial<T>>,
  zero: T,
): Array<{ date: string } & T> {
  return range.map((date) => ({ date, ...zero, ...counts.get(date) }));
}

/**
 * The current UTC date, recomputed only when the day has changed: counting a view must not
 * format a date each time (docs/performance.md).
 */
export function createDayClock(now: () => number = Date.now): () => string {
  let day = '';
  let until = 0;
  return () => {
    const t = now();
    if (t >= until || t < until - DAY_MS) {
      day = utcDay(t);
      until = (Math.floor(t / DAY_MS) + 1) * DAY_MS;
    }
    return day;
  };
}
