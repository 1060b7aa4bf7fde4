/**
 * Hours and days of the statistics (issue 12; issue 23 for the owner's zone). Visits are counted
 * per UTC hour, `YYYY-MM-DDTHH`, and grouped into the owner's calendar days (`YYYY-MM-DD`) when
 * the statistics are read (docs/decisions.md "Statistics in the owner's time zone"). Both kinds
 * of string sort as the times they name.
 */

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The UTC hour of an instant, `YYYY-MM-DDTHH`. */
export function utcHour(ms: number): string {
  return new Date(ms).toISOString().slice(0, 13);
}

/**
 * The current UTC hour, recomputed only when the hour has changed: counting a view must not
 * format a date each time (docs/performance.md).
 */
export function createHourClock(now: () => number = () => Date.now()): () => string {
  let hour = '';
  let until = 0;
  return () => {
    const t = now();
    if (t >= until || t < until - HOUR_MS) {
      hour = utcHour(t);
      until = (Math.floor(t / HOUR_MS) + 1) * HOUR_MS;
    }
    return hour;
  };
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in an IANA time zone, `YYYY-MM-DD`. */
export function zonedDay(ms: number, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dateFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(ms);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/**
 * The owner's day that an hour's counts belong to: the day of the hour's middle. In zones with
 * a whole-hour offset that is exact; in the few with a half or quarter hour (India +5:30, Nepal
 * +5:45, Newfoundland −3:30) an hour spans two local days, and the visits of at most the 30
 * minutes next to local midnight land on the neighbouring day.
 */
export function dayOfHour(hour: string, timeZone: string): string {
  return zonedDay(Date.parse(`${hour}:30:00Z`), timeZone);
}

/** The `days` dates ending with today's in the zone, oldest first. */
export function dayRange(days: number, now: number, timeZone: string): string[] {
  const today = Date.parse(`${zonedDay(now, timeZone)}T00:00:00Z`);
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * The UTC hours, first and last, that can hold counts of the zone's days from `firstDay` to now:
 * from 15 hours before the first day's UTC midnight (no zone is ahead of UTC by more than 14).
 */
export function hourSpan(firstDay: string, now: number): { from: string; to: string } {
  return { from: utcHour(Date.parse(`${firstDay}T00:00:00Z`) - 15 * HOUR_MS), to: utcHour(now) };
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
