/**
 * What other features may use of the statistics (issue 21: only through this file): the
 * in-memory view counter that every counted page, download and pass reports to, the visit
 * service, and the one rule of what counts as a visit and from which source (visit-decision.ts,
 * visit-source.ts), which every page, download and redirect that counts reads.
 */
export { countsAsVisit, visitOf, type Visit, type VisitClient, type VisitKind, type VisitRequest } from './visit-decision.ts';
export { profileVisitQuery } from './visit-source.ts';
export type { ViewCounter } from './view-counter.ts';
export type { VisitService } from './visit.service.ts';
export type { VisitEvent } from './visit-counts.ts';
/** Issue 24: the sums of a group of profiles and cards, for the organisation's statistics. */
export type { GroupStats, GroupSums } from './group-stats.ts';
/** Issue 36: the days of a range in an owner's zone, for the organisation's captures. */
export { dayRange, zonedDay } from './visit-days.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createStatsFeature, type StatsServices } from './stats.feature.ts';
