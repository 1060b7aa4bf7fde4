import type { Feature } from '../../http/feature.ts';
import type { Storage } from '../../storage/storage.ts';
import type { CardIssuer } from '../../../shared/public-page/card-invite.page.tsx';
import type { CardService } from '../cards/index.ts';
import type { PublicProfileService } from '../profiles/index.ts';
import type { VisitService } from '../stats/index.ts';
import type { TapService } from '../taps/index.ts';
import { createPageTexts } from './page-texts.ts';
import { createDownloadService } from './download.service.ts';
import { createPublicPageService } from './public-page.service.ts';
import downloadRoutes from './download.routes.ts';
import pagesRoutes from './pages.routes.ts';

/**
 * Issue 34: the public pages feature (D16): the pages rendered and kept per profile change and
 * language, the downloads (vCard, reminder) and the pages' texts, which the contact mails and the
 * signatures read too. The taps' service judges a chip's tap on a card page (issue 38).
 */
export function createPublicPagesFeature(deps: {
  publicUrl: string;
  issuer: CardIssuer;
  storage: Storage;
  publicProfiles: PublicProfileService;
  cards: Pick<CardService, 'showsProfile' | 'openPublicCard'>;
  visits: VisitService;
  taps: TapService;
}) {
  const { publicUrl, publicProfiles, visits } = deps;
  const texts = createPageTexts();
  const services = {
    /** The public pages (D16), rendered and kept per profile change and language. */
    pages: createPublicPageService({ publicUrl, publicProfiles, cards: deps.cards, visits, texts, issuer: deps.issuer }),
    downloads: createDownloadService({ publicUrl, publicProfiles, storage: deps.storage, visits }),
    texts,
  };
  const feature: Feature<typeof services> = {
    name: 'public-pages',
    services,
    async routes(app) {
      await app.register(downloadRoutes, { services });
      await app.register(pagesRoutes, { services, taps: deps.taps });
    },
  };
  return feature;
}
export type PublicPagesServices = ReturnType<typeof createPublicPagesFeature>['services'];
