/**
 * What other features may use of the statistics (issue 21: only through this file): the
 * in-memory view counter that every counted page, download and pass reports to, and the visit
 * service with its bot and HEAD rule.
 */
export type { ViewCounter } from './view-counter.ts';
export type { VisitService } from './visit.service.ts';
export type { VisitEvent } from './visit-counts.ts';
/** Issue 24: the sums of a group of profiles and cards, for the organisation's statistics. */
export type { GroupStats, GroupSums } from './group-stats.ts';
