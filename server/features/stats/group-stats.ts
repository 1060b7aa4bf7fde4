import { VISIT_SOURCES, type VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { VisitCountRepository } from './visit-count.repository.ts';
import { dayOfHour, dayRange, hourSpan } from './visit-days.ts';

/** What a group of profiles counted in a range: per profile, per card and per source. */
export interface GroupSums {
  profiles: Map<string, { views: number; contacts: number; clicks: number }>;
  /** Scans per card. */
  cards: Map<string, number>;
  /** Views per source, over every profile of the group. */
  sources: Record<VisitSource, number>;
}

/**
 * Issue 24's team statistics on the same hourly aggregates as an owner's (issue 12): the last 7,
 * 30 or 90 days of `timeZone` (issue 23), the hours of the span that lie before the first day
 * there left out, exactly as `stats.service.ts` counts one profile.
 */
export function createGroupStats(deps: { visits: VisitCountRepository; now?: () => number }) {
  const { visits, now = () => Date.now() } = deps;
  return async function groupSums(profileIds: readonly string[], cardIds: readonly string[], days: number, timeZone: string): Promise<GroupSums> {
    const range = dayRange(days, now(), timeZone);
    const inRange = new Set(range);
    const span = hourSpan(range[0]!, now());
    const dayOf = new Map<string, string>();
    const profiles = new Map(profileIds.map((id) => [id, { views: 0, contacts: 0, clicks: 0 }]));
    const cards = new Map(cardIds.map((id) => [id, 0]));
    const sources = Object.fromEntries(VISIT_SOURCES.map((s) => [s, 0])) as Record<VisitSource, number>;
    for (const r of await visits.groupSums(profileIds, cardIds, span.from, span.to)) {
      let day = dayOf.get(r.hour);
      if (day === undefined) dayOf.set(r.hour, (day = dayOfHour(r.hour, timeZone)));
      if (!inRange.has(day)) continue;
      if (r.metric === 'scan') {
        if (r.cardId && cards.has(r.cardId)) cards.set(r.cardId, cards.get(r.cardId)! + r.count);
        continue;
      }
      const sums = profiles.get(r.profileId);
      if (!sums) continue;
      if (r.metric === 'view') {
        sums.views += r.count;
        if (r.source in sources) sources[r.source as VisitSource] += r.count;
      }
      if (r.metric === 'contact') sums.contacts += r.count;
      if (r.metric === 'click') sums.clicks += r.count;
    }
    return { profiles, cards, sources };
  };
}
export type GroupStats = ReturnType<typeof createGroupStats>;
