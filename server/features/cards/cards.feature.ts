import type { Feature } from '../../http/feature.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { ProfileAccess, ProfileService, PublicProfileService } from '../profiles/index.ts';
import type { ViewCounter, VisitService } from '../stats/index.ts';
import type { CardRepository } from './card.repository.ts';
import { createCardService, type CompanyProfilesOf } from './card.service.ts';
import cardRoutes from './card.routes.ts';

/**
 * Issue 34: the cards feature (D6, D7): an owner's cards, the public card and its scans. The card
 * rows are built by server/wiring.ts (the statistics and the wallet read them); an organisation's
 * card shows only its holder's company profiles of that organisation (issue 33, the organisations').
 */
export function createCardsFeature(deps: {
  publicUrl: string;
  cards: CardRepository;
  profiles: ProfileAccess;
  profileService: ProfileService;
  publicProfiles: PublicProfileService;
  views: ViewCounter;
  visits: Pick<VisitService, 'record'>;
  rateLimiter: RateLimiter;
  companyProfilesOf: CompanyProfilesOf;
}) {
  const services = { cards: createCardService(deps) };
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
