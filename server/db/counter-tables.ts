/** The counters' tables: rate limits (server/lib/rate-limiter.ts) and the visit counts of the statistics (issue 12). */

/** One fixed window of one rate rule for one subject (server/lib/rate-limiter.ts). */
export interface RateCounterTable {
  /** `{rule}:{subject}:{window number}`. */
  key: string;
  count: number;
  /** Epoch ms when the window ends; the row can be deleted after it. */
  expiresAt: number;
}

/** Issue 12: how often one thing happened to a profile on one UTC day (migration 004-analytics). */
export interface VisitCountTable {
  profileId: string;
  /** The UTC hour, `YYYY-MM-DDTHH` (migration 011: grouped into the owner's days when read). */
  hour: string;
  /** The physical card that brought the visit, '' when none. */
  cardId: string;
  /** A VisitSource (shared/schemas/visit-source.schema.ts). */
  source: string;
  /** A VisitMetric (shared/schemas/stats.schema.ts). */
  metric: string;
  /** The link clicked (metric `click`), '' otherwise. */
  linkId: string;
  count: number;
}
