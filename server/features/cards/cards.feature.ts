import type { Feature } from '../../http/feature.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { ProfileChanges, ProfileService, PublicProfileService } from '../profiles/index.ts';
import type { ViewCounter, VisitService } from '../stats/index.ts';
import type { Db } from '../../db/database.ts';
import type { EventOutbox } from '../../lib/event-outbox.ts';
import { createCardRepository } from './card.repository.ts';
import { createCardService, type CompanyProfilesOf } from './card.service.ts';
import cardRoutes from './card.routes.ts';

/**
 * Issue 34: the cards feature (D6, D7): an owner's cards, the public card and its scans. It builds
 * the card rows (a card's webhook events written in its change's transaction) and answers what the
 * statistics and the wallet need of them as small services; an organisation's card shows only its
 * holder's company profiles of that organisation (issue 33, the organisations').
 */
export function createCardsFeature(deps: {
  publicUrl: string;
  db: Db;
  /** The webhooks' events (the integrations'), written inside each change of a card. */
  webhookEvents: EventOutbox;
  profiles: ProfileChanges;
  profileService: ProfileService;
  publicProfiles: PublicProfileService;
  views: ViewCounter;
  visits: Pick<VisitService, 'record'>;
  rateLimiter: RateLimiter;
  companyProfilesOf: CompanyProfilesOf;
}) {
  const { db, webhookEvents, ...rest } = deps;
  const cards = createCardRepository(db, webhookEvents);
  const services = {
    cards: createCardService({ ...rest, cards }),
    // What other features need of the rows (issue 34):
    /** The wallet passes: an owner's card, whose profile a pass shows. */
    ownCards: { findOwn: cards.findOwn },
    /** The statistics: the scans the view counter writes, in its transaction. */
    cardScans: { addScans: cards.addScans },
  };
  const feature: Feature<typeof services> = {
    name: 'cards',
    services,
    async routes(app) {
      await app.register(cardRoutes, { services });
    },
  };
  return feature;
}
export type CardsServices = ReturnType<typeof createCardsFeature>['services'];
