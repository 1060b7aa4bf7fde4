import type { FastifyBaseLogger } from 'fastify';
import type { Feature } from '../../http/feature.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import type { CardService } from '../cards/index.ts';
import type { ProfileChanges, PublicProfileService } from '../profiles/index.ts';
import type { DownloadService, PageTexts, PublicPageService } from '../public-pages/index.ts';
import type { VisitService } from '../stats/index.ts';
import type { TapService } from '../taps/index.ts';
import type { Db } from '../../db/database.ts';
import type { EventOutbox } from '../../lib/event-outbox.ts';
import { createLeadRepository } from './lead.repository.ts';
import { createLeadService } from './lead.service.ts';
import { createContactService } from './contact.service.ts';
import { createLeadRetention } from './lead-retention.ts';
import { createLeadDeletionLinks } from './lead-deletion-link.ts';
import contactRoutes from './contact.routes.ts';
import leadRoutes from './lead.routes.ts';
import contactFormRoutes from './contact-form.routes.ts';
import leadDeletionRoutes from './lead-deletion.routes.ts';

/**
 * Issue 34: the leads feature: an owner's leads, the visitor's contact exchange (D5, the API call
 * and the public page's form), the visitor's deletion link (issue 12) and the deletion of leads
 * past their retention, started with the app and stopped on close. It builds the lead rows (a
 * lead's events written in its change's transaction) and answers what capture and the statistics
 * need of them as small services.
 */
export function createLeadsFeature(deps: {
  publicUrl: string;
  authSecret: string;
  retentionDays: number;
  db: Db;
  /** Issue 25 with 37: the webhooks' events, each also marking the lead's CRM sync (server/wiring.ts wraps one in the other). */
  leadEvents: EventOutbox;
  profiles: ProfileChanges;
  timeZones: OwnerTimeZones;
  rateLimiter: RateLimiter;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicProfiles: PublicProfileService;
  downloads: DownloadService;
  texts: PageTexts;
  pages: Pick<PublicPageService, 'refusedContactForm'>;
  visits: Pick<VisitService, 'record'>;
  cards: Pick<CardService, 'showsProfile'>;
  taps: Pick<TapService, 'verifiedWithin'>;
}) {
  const { rateLimiter } = deps;
  const leads = createLeadRepository(deps.db, deps.leadEvents);
  const leadService = createLeadService({ leads, deletionLinks: createLeadDeletionLinks(deps.authSecret), timeZones: deps.timeZones, rateLimiter });
  const leadRetention = createLeadRetention({ leads, retentionDays: deps.retentionDays, log: deps.log });
  const services = {
    contacts: createContactService({
      publicUrl: deps.publicUrl,
      leads,
      profiles: deps.profiles,
      publicProfiles: deps.publicProfiles,
      downloads: deps.downloads,
      mailer: deps.mailer,
      rateLimiter,
      texts: deps.texts,
      leadService,
      visits: deps.visits,
      cards: deps.cards,
      taps: deps.taps,
    }),
    leads: leadService,
    leadRetention,
    // What other features need of the rows (issue 34):
    /** Issue 36, capture: a captured lead stored once per clientId. */
    leadCapture: { insertCapture: leads.insertCapture },
    /** Issue 36, the statistics: a profile's captures per day and event. */
    leadCaptureStats: { capturesOf: leads.capturesOf },
  };
  const feature: Feature<typeof services> = {
    name: 'leads',
    services,
    async routes(app) {
      await app.register(contactRoutes, { services });
      await app.register(leadRoutes, { services });
      await app.register(contactFormRoutes, { services, pages: deps.pages });
      await app.register(leadDeletionRoutes, { services });
    },
    // Old leads are deleted inside the server (issue 12).
    start: () => leadRetention.start(),
    stop: () => leadRetention.stop(),
  };
  return feature;
}
export type LeadsServices = ReturnType<typeof createLeadsFeature>['services'];
