import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Feature } from '../../http/feature.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import type { ProfileLinks, ProfileStats } from '../profiles/index.ts';
import type { LeadCaptureStats } from '../leads/index.ts';
import type { CardScans } from '../cards/index.ts';
import { createViewCounter } from './view-counter.ts';
import { createVisitCountRepository } from './visit-count.repository.ts';
import { createStatsService } from './stats.service.ts';
import { createVisitService } from './visit.service.ts';
import { visitRows } from './visit-counts.ts';
import { createGroupStats } from './group-stats.ts';
import statsRoutes from './stats.routes.ts';
import goRoutes from './go.routes.ts';
import clickRoutes from './click.routes.ts';

/**
 * Issue 34: the statistics feature. The view counter (D10: views counted in memory, written every
 * 100 ms with issue 12's hourly aggregates in one transaction; view-counter.ts: a crash loses
 * < 200 ms), the visits, an owner's statistics and the group sums the organisations read.
 * Built first (server/wiring.ts): what it needs of profiles, links, cards and leads (the counts the
 * view counter writes, an owner's statistics) it calls only when counts are written or read.
 */
export function createStatsFeature(deps: {
  db: Db;
  log: FastifyBaseLogger;
  profiles: ProfileStats;
  cards: CardScans;
  links: ProfileLinks;
  captures: LeadCaptureStats;
  timeZones: OwnerTimeZones;
}) {
  const { db, profiles, cards } = deps;
  const visitCounts = createVisitCountRepository(db);
  const views = createViewCounter({
    flushMs: 100,
    write: async ({ profiles: profileViews, cards: cardViews, visits }) => {
      await db.transaction().execute(async (trx) => {
        // Profile rows before card rows, as every profile change takes them (stamps first, then a card): one lock order, never a wait in a circle.
        await visitCounts.add(visitRows(visits), trx);
        await profiles.addViews(profileViews, trx);
        await cards.addScans(cardViews, trx);
      });
      // The counts just written are no longer pending: remembered stamps must show them now.
      for (const id of profileViews.keys()) profiles.forget(id);
    },
    onError: (error) => deps.log.error({ err: error }, 'could not write view counts; retrying'),
  });
  const visits = createVisitService({ visits: visitCounts, profiles, views });
  const services = {
    views,
    visits,
    stats: createStatsService({ profiles, links: deps.links, visits: visitCounts, timeZones: deps.timeZones, captures: deps.captures }),
    /** Issue 24: the sums of a group of profiles and cards, for the organisation's statistics. */
    groupStats: createGroupStats({ visits: visitCounts }),
  };
  const feature: Feature<typeof services> = {
    name: 'stats',
    services,
    async routes(app) {
      await app.register(statsRoutes, { services });
      await app.register(goRoutes, { services });
      await app.register(clickRoutes, { services });
    },
    // Views counted in memory are written before the database closes: a graceful stop loses none.
    stop: () => views.close(),
  };
  return feature;
}
export type StatsServices = ReturnType<typeof createStatsFeature>['services'];
