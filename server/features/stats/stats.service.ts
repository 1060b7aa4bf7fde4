import type { Stats, StatsDay, StatsRange, VisitMetric } from '../../../shared/schemas/stats.schema.ts';
import { VISIT_SOURCES, type VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { profileNotFound } from '../../http/errors.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import { dayOfHour, dayRange, fillDays, hourSpan, zonedDay } from './visit-days.ts';
import type { LeadCaptureStats } from '../leads/index.ts';
import type { ProfileLinks, ProfileStats } from '../profiles/index.ts';
import type { VisitCountRepository } from './visit-count.repository.ts';

/** The field of a day that each metric adds to (`scan` is shown per card, not per day). */
const DAY_FIELDS: Partial<Record<VisitMetric, keyof Omit<StatsDay, 'date'>>> = {
  view: 'views',
  save: 'saves',
  reminder: 'reminders',
  contact: 'contacts',
  walletPass: 'walletPasses',
  click: 'clicks',
};
const ZERO_DAY = { views: 0, saves: 0, reminders: 0, contacts: 0, walletPasses: 0, clicks: 0 };

/**
 * Issue 12: the owner's statistics of one profile over the last 7, 30 or 90 days, the days of
 * the owner's time zone (issue 23): the hourly counts grouped by the day each hour lies on there.
 */
export function createStatsService(deps: {
  profiles: ProfileStats;
  links: ProfileLinks;
  visits: VisitCountRepository;
  timeZones: OwnerTimeZones;
  /** Issue 36: the profile's captured leads. */
  captures: LeadCaptureStats;
  now?: () => number;
}) {
  const { profiles, links, visits, timeZones, captures, now = () => Date.now() } = deps;

  /** Issue 36: the profile's captures of the range per day (the owner's days) and per event. */
  async function capturesIn(profileId: string, range: readonly string[], timeZone: string): Promise<Stats['captures']> {
    const inRange = new Set(range);
    // The first day starts at most 14 hours before its UTC midnight (UTC+14).
    const rows = (await captures.capturesOf(profileId, Date.parse(`${range[0]}T00:00:00Z`) - 15 * 60 * 60 * 1000))
      .map((row) => ({ ...row, day: zonedDay(row.capturedAt, timeZone) }))
      .filter((row) => inRange.has(row.day));
    const perDay = new Map<string, { captured: number }>();
    const perEvent = new Map<string, { eventId: string; name: string; captured: number }>();
    for (const row of rows) {
      perDay.set(row.day, { captured: (perDay.get(row.day)?.captured ?? 0) + 1 });
      const event = perEvent.get(row.eventId) ?? { eventId: row.eventId, name: row.eventName ?? '', captured: 0 };
      event.captured += 1;
      perEvent.set(row.eventId, event);
    }
    return {
      days: fillDays(range, perDay, { captured: 0 }),
      events: [...perEvent.values()].sort((a, b) => b.captured - a.captured || a.name.localeCompare(b.name)),
    };
  }
  return {
    /** GET /find/own/stats: another owner's profile is not found (D4). */
    async ofProfile(owner: Owner, profileId: string, days: StatsRange): Promise<Stats> {
      const profile = await profiles.findOwn(owner.userId, profileId);
      if (!profile) throw profileNotFound();
      const timeZone = await timeZones.of(owner.userId);
      const at = now();
      const range = dayRange(days, at, timeZone);
      const inRange = new Set(range);
      const span = hourSpan(range[0]!, at);
      const dayOf = new Map<string, string>();
      // Hours of the span that lie before the first day in this zone are left out.
      const rows = (await visits.sums(profile.id, span.from, span.to))
        .map((r) => {
          let day = dayOf.get(r.hour);
          if (day === undefined) dayOf.set(r.hour, (day = dayOfHour(r.hour, timeZone)));
          return { ...r, day };
        })
        .filter((r) => inRange.has(r.day));

      const perDay = new Map<string, typeof ZERO_DAY>();
      const sources = Object.fromEntries(VISIT_SOURCES.map((s) => [s, 0])) as Record<VisitSource, number>;
      const clicks = new Map<string, number>();
      const scans = new Map<string, number>();
      for (const r of rows) {
        const field = DAY_FIELDS[r.metric as VisitMetric];
        if (field) {
          const day = perDay.get(r.day) ?? { ...ZERO_DAY };
          day[field] += r.count;
          perDay.set(r.day, day);
        }
        if (r.metric === 'view' && r.source in sources) sources[r.source as VisitSource] += r.count;
        if (r.metric === 'click' && r.linkId) clicks.set(r.linkId, (clicks.get(r.linkId) ?? 0) + r.count);
        if (r.metric === 'scan' && r.cardId) scans.set(r.cardId, (scans.get(r.cardId) ?? 0) + r.count);
      }

      // Clicks are named by the profile's links as they are now; a removed link's clicks are left out.
      const current = await links.listByProfile(profile.id);
      const linkList = current
        .filter((l) => clicks.has(l.id))
        .map((l) => ({ socialMediaLinkId: l.id, name: l.name.trim() || l.link.trim(), clicks: clicks.get(l.id)! }))
        .sort((a, b) => b.clicks - a.clicks);
      const cardList = [...scans].map(([cardId, views]) => ({ cardId, views })).sort((a, b) => b.views - a.views || a.cardId.localeCompare(b.cardId));

      return {
        days: fillDays(range, perDay, ZERO_DAY),
        timeZone,
        sources,
        links: linkList,
        cards: cardList,
        captures: await capturesIn(profile.id, range, timeZone),
      };
    },
  };
}
export type StatsService = ReturnType<typeof createStatsService>;
