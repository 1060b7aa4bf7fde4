import type { FastifyBaseLogger } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createCardRepository } from '../repositories/card.repository.ts';
import { createLeadRepository } from '../repositories/lead.repository.ts';
import { createLinkRepository } from '../repositories/link.repository.ts';
import { createProfileRepository } from '../repositories/profile.repository.ts';
import { createRateCounterRepository } from '../repositories/rate-counter.repository.ts';
import { createLocalInvalidation, type Invalidation } from '../lib/invalidation.ts';
import type { Storage } from '../storage/storage.ts';
import { createAccountService } from './account.service.ts';
import { createCardService } from './card.service.ts';
import { createContactService } from './contact.service.ts';
import { createLeadService } from './lead.service.ts';
import { createLeadRetention } from './lead-retention.ts';
import { createLeadDeletionLinks } from '../auth/lead-deletion-link.ts';
import { createPageTexts } from '../pages/page-texts.ts';
import { createDownloadService } from './download.service.ts';
import { createLinkService } from './link.service.ts';
import { createMediaService } from './media.service.ts';
import { createDecodeSlots } from '../images/decode-slots.ts';
import { createProfileService } from './profile.service.ts';
import { createPublicProfileService } from './public-profile.service.ts';
import { createRateLimiter, type RateCounterStore } from './rate-limiter.ts';
import { createProfileJsonCache } from './profile-json.cache.ts';
import { createViewCounter } from './view-counter.ts';
import { createVisitCountRepository } from '../repositories/visit-count.repository.ts';
import { createStatsService } from './stats.service.ts';
import { createVisitService } from './visit.service.ts';
import { visitRows } from './visit-counts.ts';
import { createWalletService } from './wallet.service.ts';

/**
 * Builds every service on one database, storage and mailer. Routes reach them as `app.services`.
 * With Redis, `invalidation` carries changes between instances and `rateStore` counts limits
 * there (falling back to the database); without, both default to the single-instance way.
 */
export function createServices(deps: {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  log: FastifyBaseLogger;
  authSecret: string;
  auth: Auth;
  invalidation?: Invalidation;
  rateStore?: (database: RateCounterStore) => RateCounterStore;
}) {
  const { config, db, storage, mailer, log, authSecret, auth } = deps;
  const profiles = createProfileRepository(db, deps.invalidation ?? createLocalInvalidation());
  const links = createLinkRepository(db);
  const cards = createCardRepository(db);
  const leads = createLeadRepository(db);
  const visitCounts = createVisitCountRepository(db);
  // Limits on everything that sends mail or costs CPU, counted where every instance sees them.
  const databaseCounters = createRateCounterRepository(db);
  const rateLimiter = createRateLimiter(deps.rateStore ? deps.rateStore(databaseCounters) : databaseCounters);
  // Per process: at most one image decode per core at once (memory), a short queue behind.
  const decodeSlots = createDecodeSlots();

  // D10: views are counted in memory and written every 200 ms (see view-counter.ts), with the
  // daily aggregates of issue 12 in the same transaction.
  const views = createViewCounter({
    flushMs: 200,
    write: async ({ profiles: profileViews, cards: cardViews, visits }) => {
      await db.transaction().execute(async (trx) => {
        // Profile rows before card rows, as every profile change takes them (profiles.change
        // bumps the stamps first, then a card assignment writes the card): one lock order, so a
        // flush and an owner's change never wait on each other in a circle.
        await visitCounts.add(visitRows(visits), trx);
        await profiles.addViews(profileViews, trx);
        await cards.addScans(cardViews, trx);
      });
      // The counts just written are no longer pending: remembered stamps must show them now.
      for (const id of profileViews.keys()) profiles.forget(id);
    },
    onError: (error) => log.error({ err: error }, 'could not write view counts; retrying'),
  });
  const jsonCache = createProfileJsonCache();
  const profileService = createProfileService({ profiles, links, views, jsonCache, rateLimiter });
  const publicProfiles = createPublicProfileService({ profiles, links, views, jsonCache });
  const visits = createVisitService({ visits: visitCounts, profiles, views });
  const downloads = createDownloadService({ publicUrl: config.publicUrl, publicProfiles, storage, visits });
  const leadService = createLeadService({ leads, deletionLinks: createLeadDeletionLinks(authSecret) });
  return {
    rateLimiter,
    decodeSlots,
    profiles: profileService,
    links: createLinkService({ profiles, links }),
    publicProfiles,
    cards: createCardService({ publicUrl: config.publicUrl, cards, profiles, profileService, publicProfiles, views }),
    media: createMediaService({ profiles, storage, decodeSlots, rateLimiter, log }),
    downloads,
    views,
    visits,
    stats: createStatsService({ profiles, links, visits: visitCounts }),
    wallet: createWalletService({ config, cards, profiles, storage, views }),
    contacts: createContactService({
      publicUrl: config.publicUrl,
      leads,
      profiles,
      publicProfiles,
      downloads,
      mailer,
      rateLimiter,
      texts: createPageTexts(),
      leadService,
      visits,
    }),
    leads: leadService,
    /** Started by app.ts, stopped on close. */
    leadRetention: createLeadRetention({ leads, retentionDays: config.leadsRetentionDays, log }),
    account: createAccountService({ auth, db, profiles, storage, mailer, rateLimiter, log }),
  };
}

export type Services = ReturnType<typeof createServices>;
