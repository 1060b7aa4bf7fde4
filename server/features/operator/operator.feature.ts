import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Feature } from '../../http/feature.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Storage } from '../../storage/storage.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { CardService } from '../cards/index.ts';
import type { DomainService } from '../organisations/index.ts';
import type { PageDomainService } from '../page-domains/index.ts';
import type { TapService } from '../taps/index.ts';
import type { OperatorRepository } from './operator.repository.ts';
import { createOperatorService } from './operator.service.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import { createBundleBuilder } from './batch-bundle.ts';
import operatorRoutes from './operator.routes.ts';

/**
 * Issue 34: the operator's console (issue 28): batches and their print bundles, inventory, the
 * operators, and what an operator may do by hand of other features (SUN keys and taps, e-mail
 * domains, page hosts). The operators' rows are built by server/wiring.ts: the taps' clone alerts
 * read the granted operators before this feature exists. Its bundle builds stop on close.
 */
export function createOperatorFeature(deps: {
  db: Db;
  publicUrl: string;
  operatorEmails: string[];
  operators: OperatorRepository;
  storage: Storage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  cards: CardService;
  taps: TapService;
  sendVerificationMail: (email: string) => Promise<void>;
  domains: Pick<DomainService, 'verifyByOperator' | 'releaseByOperator'>;
  pageDomains: Pick<PageDomainService, 'verifyByOperator' | 'organisationOfHost'>;
}) {
  const { publicUrl, storage, taps } = deps;
  const inventory = createInventoryRepository(deps.db);
  const bundles = createBundleBuilder({ inventory, storage, publicUrl, log: deps.log });
  const services = {
    operator: createOperatorService({
      publicUrl,
      operatorEmails: deps.operatorEmails,
      operators: deps.operators,
      sunKeys: taps,
      inventory,
      cards: deps.cards,
      bundles,
      storage,
      mailer: deps.mailer,
      rateLimiter: deps.rateLimiter,
      sendVerificationMail: deps.sendVerificationMail,
      domains: deps.domains,
      pageDomains: deps.pageDomains,
    }),
    bundles,
  };
  const feature: Feature<typeof services> = {
    name: 'operator',
    services,
    async routes(app) {
      await app.register(operatorRoutes, { services, taps });
    },
    stop: () => bundles.close(),
  };
  return feature;
}
export type OperatorServices = ReturnType<typeof createOperatorFeature>['services'];
