import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { createSecretBox } from '../../lib/secret-box.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { createTapRepository } from './tap.repository.ts';
import { createTapService } from './tap.service.ts';
import type { Feature } from '../../http/feature.ts';

/** The secret box's label for SUN keys: its own key from AUTH_SECRET, apart from the webhook secrets' (server/lib/secret-box.ts). */
export const SUN_KEY_PURPOSE = 'contact-cards sun-keys v1';

/**
 * Issue 34: the taps feature (issue 38): the taps service on its repository, with the keys sealed
 * by the secret box, and the operators (OPERATOR_EMAILS and the granted ones) as the clone alerts'
 * recipients. No routes of its own: the pages and the operator's console take its service.
 */
export function createTapsFeature(deps: {
  db: Db;
  authSecret: string;
  config: { publicUrl: string; operatorEmails: string[] };
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  cardExists: (cardId: string) => Promise<boolean>;
  grants: () => Promise<{ email: string }[]>;
}) {
  const taps = createTapService({
    ...deps,
    publicUrl: deps.config.publicUrl,
    taps: createTapRepository(deps.db),
    box: createSecretBox(deps.authSecret, SUN_KEY_PURPOSE),
    operatorEmails: async () => [...new Set([...deps.config.operatorEmails, ...(await deps.grants()).map((g) => g.email)])],
  });
  const services = { taps };
  const feature: Feature<typeof services> = {
    name: 'taps',
    services,
    // The taps still being judged (their clone alerts mailed) finish before the database closes.
    stop: () => taps.settled(),
  };
  return feature;
}
export type TapsServices = ReturnType<typeof createTapsFeature>['services'];
