import type { VisitCountTable } from '../../db/tables.ts';
import type { VisitMetric } from '../../../shared/schemas/stats.schema.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';

/** One thing that happened on a public page, to be added to the hour's aggregate (issue 12). */
export interface VisitEvent {
  profileId: string;
  metric: VisitMetric;
  source: VisitSource;
  /** The physical card that brought the visit; '' or absent when none. */
  cardId?: string;
  /** The link clicked (metric `click`). */
  linkId?: string;
}

/** An hourly aggregate's key and how many to add to it: one row of the `visitCount` table. */
export type VisitCount = VisitCountTable;

// Ids are letters, digits, '-' and '_', sources and metrics fixed words: a tab never occurs in them.
const SEP = '\t';

/** The in-memory key of an event in a UTC hour: one string, so counting is one Map bump. */
export function visitKey(hour: string, e: VisitEvent): string {
  return hour + SEP + e.profileId + SEP + (e.cardId ?? '') + SEP + e.source + SEP + e.metric + SEP + (e.linkId ?? '');
}

/** The rows a batch of counted keys adds to the database. */
export function visitRows(counts: ReadonlyMap<string, number>): VisitCount[] {
  return [...counts].map(([key, count]) => {
    const [hour = '', profileId = '', cardId = '', source = '', metric = '', linkId = ''] = key.split(SEP);
    return { profileId, hour, cardId, source, metric, linkId, count };
  });
}

/** Adds `n` to a key's count. */
export function addCount(counts: Map<string, number>, key: string, n = 1): void {
  counts.set(key, (counts.get(key) ?? 0) + n);
}

/** Adds every count of `from` to `into` (a failed write's batch put back for the next flush). */
export function mergeCounts(into: Map<string, number>, from: ReadonlyMap<string, number>): void {
  for (const [key, n] of from) addCount(into, key, n);
}
