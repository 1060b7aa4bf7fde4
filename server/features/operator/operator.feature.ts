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
import { createOperatorRepository } from './operator.repository.ts';
import { createOperatorService } from './operator.service.ts';
import { createInventoryRepository } from './inventory.repository.ts';
import { createBundleBuilder } from './batch-bundle.ts';
import operatorRoutes from './operator.routes.ts';

/**
 * Issue 34: the operator's console (issue 28): batches and their print bundles, inventory, the
 * operators, and what an operator may do by hand of other features (SUN keys and taps, e-mail
 * domains, page hosts). It builds the operators' rows and answers the taps' `operatorGrants` (the
 * clone alerts' recipients). Its bundle builds stop on close.
 */
export function createOperatorFeature(deps: {
  db: Db;
  publicUrl: string;
  operatorEmails: string[];
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
  const operators = createOperatorRepository(deps.db);
  const inventory = createInventoryRepository(deps.db);
  const bundles = createBundleBuilder({ inventory, storage, publicUrl, log: deps.log });
  const services = {
    operator: createOperatorService({
      publicUrl,
      operatorEmails: deps.operatorEmails,
      operators,
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
    /** Issue 38, what the taps need: the granted operators, whom the clone alerts mail too. */
    operatorGrants: { listGrants: operators.listGrants },
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
