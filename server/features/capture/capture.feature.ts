import os from 'node:os';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import { displayName } from '../../../shared/display-name.ts';
import type { CardService } from '../cards/index.ts';
import type { LeadCapture, LeadService } from '../leads/index.ts';
import type { DownloadService } from '../public-pages/index.ts';
import type { OrganisationService } from '../organisations/index.ts';
import { presentPublicProfileEnvelope, type PublicProfileService } from '../profiles/index.ts';
import { createCardReader } from './card-reader.ts';
import { createCaptureService } from './capture.service.ts';
import { createCaptureEventRepository } from './capture-event.repository.ts';
import { createCaptureSaveService } from './capture-save.service.ts';
import { createCaptureFollowUpRepository } from './capture-follow-up.repository.ts';
import { createCaptureFollowUpService } from './capture-follow-up.service.ts';
import { scheduleOf } from '../../outbox/retry-policy.ts';
import { createOcrPool } from './ocr-pool.ts';
import { createProductLinkResolver } from './product-link.resolver.ts';
import type { Feature } from '../../http/feature.ts';
import captureRoutes from './capture.routes.ts';

/**
 * OCR engines per process: one core is left to the rest of the server (the public pages, the
 * API), at least one engine and at most two (each holds about 150 MB; docs/capture.md).
 */
export const OCR_WORKERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));

/**
 * Issue 34: issue 36's capture feature: the OCR pool (engines start at
 * the first read and end after five idle minutes; `ocrPool.close()` on shutdown), the card
 * reader, and the service with its limits and the hook that reads the product's own card and
 * profile addresses through the public profile and card services.
 */
export function createCaptureFeature(deps: {
  publicUrl: string;
  rateLimiter: RateLimiter;
  decodeSlots: DecodeSlots;
  publicProfiles: Pick<PublicProfileService, 'get' | 'getByShortLink'>;
  cards: Pick<CardService, 'show'>;
  /** Saving captures (issue 36): the database of the events, the leads' one insert of a capture, the organisations' membership check. */
  db: Db;
  leads: LeadCapture;
  organisationService: Pick<OrganisationService, 'access'>;
  /** The follow-up mail (issue 36): written to the outbox, sent by its handler through the mailer. */
  outbox: Pick<Outbox, 'enqueue' | 'handle'>;
  mailer: Pick<Mailer, 'send'>;
  leadService: Pick<LeadService, 'deletionToken'>;
  downloads: Pick<DownloadService, 'vcardOf'>;
  retentionDays: number;
}) {
  // A few reads wait for an engine (a second or two each); more are refused with 503 at once.
  const ocrPool = createOcrPool({ workers: OCR_WORKERS, queue: OCR_WORKERS * 4 });
  const resolveProductLink = createProductLinkResolver({
    profileOfCard: (cardId) => deps.cards.show(cardId),
    profile: async (profileId) => {
      const profile = await deps.publicProfiles.get(profileId);
      return profile ? presentPublicProfileEnvelope(profile) : null;
    },
    profileIdOfShortLink: async (shortLinkId) => (await deps.publicProfiles.getByShortLink(shortLinkId))?.profile.id ?? null,
  });
  const capture = createCaptureService({
    reader: createCardReader({ pool: ocrPool, decodeSlots: deps.decodeSlots }),
    rateLimiter: deps.rateLimiter,
    publicUrl: deps.publicUrl,
    resolveProductLink,
  });
  const captureSave = createCaptureSaveService({
    events: createCaptureEventRepository(deps.db),
    leads: deps.leads,
    organisationService: deps.organisationService,
    rateLimiter: deps.rateLimiter,
  });
  const followUps = createCaptureFollowUpRepository(deps.db, deps.outbox);
  const captureFollowUp = createCaptureFollowUpService({
    followUps,
    rateLimiter: deps.rateLimiter,
    mailer: deps.mailer,
    publicUrl: deps.publicUrl,
    retentionDays: deps.retentionDays,
    deletionToken: (leadId) => deps.leadService.deletionToken(leadId),
    // The owner as the lead's profile shows them (its public contact card attached), else the account.
    ownerContact: async (profileId, userId, language) => {
      const [profile, account] = await Promise.all([deps.publicProfiles.get(profileId), followUps.account(userId)]);
      if (!profile) return { name: account?.name ?? '', company: '', email: account?.email ?? '', vcard: null };
      return {
        name: displayName(profile, language),
        company: profile.companyName ?? '',
        email: profile.businessEmailAddress || profile.emailAddress || account?.email || '',
        vcard: await deps.downloads.vcardOf(profile),
      };
    },
  });
  // Mail servers refuse for a while more often than for good: retried for about a day.
  deps.outbox.handle('capture.follow-up', ({ followUpId }) => captureFollowUp.send(followUpId), {
    policy: scheduleOf([30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3 * 3_600_000, 6 * 3_600_000, 12 * 3_600_000]),
    leaseMs: 60_000,
  });
  const services = { capture, captureSave, captureFollowUp, ocrPool };
  const feature: Feature<typeof services> = {
    name: 'capture',
    services,
    async routes(app) {
      await app.register(captureRoutes, { services });
    },
  };
  return feature;
}
export type CaptureServices = ReturnType<typeof createCaptureFeature>['services'];
