import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../../auth/auth.ts';
import type { TimeZoneRepository } from '../../auth/time-zone.repository.ts';
import type { Db } from '../../db/database.ts';
import type { Feature } from '../../http/feature.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ProfileChanges } from '../profiles/index.ts';
import { createAccountService, type AccountDeletionHooks } from './account.service.ts';
import { createAccountRepository } from './account.repository.ts';
import { createAccountExportRepository } from './account-export.repository.ts';
import accountRoutes from './account.routes.ts';

/**
 * Issue 34: the account feature: sessions, time zone, the data export and the account's deletion,
 * whose hooks are the organisations' (docs/teams.md "Account deletion").
 */
export function createAccountFeature(deps: {
  auth: Auth;
  db: Db;
  profiles: Pick<ProfileChanges, 'change'>;
  storage: Storage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  timeZones: TimeZoneRepository;
  deletionHooks: AccountDeletionHooks;
  onIdentityChange: (endsSessions: boolean) => Promise<void>;
}) {
  const { db, onIdentityChange, ...rest } = deps;
  const services = {
    account: createAccountService({ ...rest, accounts: createAccountRepository(db, deps.profiles), exports: createAccountExportRepository(db) }),
  };
  const feature: Feature<typeof services> = {
    name: 'account',
    services,
    async routes(app) {
      await app.register(accountRoutes, { services, onIdentityChange });
    },
  };
  return feature;
}
export type AccountServices = ReturnType<typeof createAccountFeature>['services'];
