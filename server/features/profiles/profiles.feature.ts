import type { FastifyBaseLogger } from 'fastify';
import type { Feature } from '../../http/feature.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ViewCounter, VisitService } from '../stats/index.ts';
import type { Db } from '../../db/database.ts';
import type { EventOutbox } from '../../lib/event-outbox.ts';
import type { Invalidation } from '../../lib/invalidation.ts';
import type { OutboxWriter } from '../../outbox/outbox.ts';
import { createLinkRepository } from './link.repository.ts';
import { createProfileRepository } from './profile.repository.ts';
import { createProfileStamps } from './profile-stamps.ts';
import type { ProfileTemplates } from './profile-templates.ts';
import type { ProfileBrands } from './profile-brand.ts';
import { createProfileJsonCache } from './profile-json.cache.ts';
import { createProfileService } from './profile.service.ts';
import { createPublicProfileService } from './public-profile.service.ts';
import { createLinkService } from './link.service.ts';
import { createMediaService } from './media.service.ts';
import profileRoutes from './profile.routes.ts';
import linkRoutes from './link.routes.ts';
import uploadRoutes from './upload.routes.ts';

/**
 * Issue 34: the profiles feature: an owner's profiles and links, their public reading (one JSON
 * cache for both) and their images. It builds the profile and link rows (their stamps told to
 * every instance through `invalidation`; a change's webhook events and `profiles.changed` message
 * written in its transaction) and answers what other features need of them as small services; the
 * organisations' templates and the brands (with their page origins) come from features built before.
 */
export function createProfilesFeature(deps: {
  db: Db;
  invalidation: Invalidation;
  /** The webhooks' events (the integrations') and the platform outbox, written inside each change. */
  webhookEvents: EventOutbox;
  outbox: OutboxWriter;
  views: ViewCounter;
  visits: Pick<VisitService, 'record'>;
  templates: ProfileTemplates;
  brands: ProfileBrands;
  storage: Storage;
  decodeSlots: DecodeSlots;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const { views, rateLimiter, templates, brands } = deps;
  const profiles = createProfileRepository(deps.db, createProfileStamps(deps.invalidation), deps.webhookEvents, deps.outbox);
  const links = createLinkRepository(deps.db);
  const jsonCache = createProfileJsonCache();
  const services = {
    profiles: createProfileService({ profiles, links, views, jsonCache, rateLimiter, templates, brands }),
    links: createLinkService({ profiles, links, templates }),
    publicProfiles: createPublicProfileService({ profiles, links, visits: deps.visits, jsonCache, brands }),
    media: createMediaService({ profiles, storage: deps.storage, decodeSlots: deps.decodeSlots, rateLimiter, log: deps.log }),
    // What other features need of the rows (issue 34), each bound here for its users:
    /** Cards, wallet passes, leads, backgrounds, the account: an owner's profile, a profile's owner, `change` (the one way to change profiles), `onChangeInside` (the wallet's marks in each change). */
    profileChanges: { findOwn: profiles.findOwn, ownerOf: profiles.ownerOf, change: profiles.change, onChangeInside: profiles.onChangeInside },
    /** The statistics: an owner's profile and the public stamp (an owner's statistics, a click), and the view totals the view counter writes. */
    profileStats: { findOwn: profiles.findOwn, publicStamp: profiles.publicStamp, addViews: profiles.addViews, forget: profiles.forget },
    /** The statistics: a profile's links, to name the clicked ones. */
    profileLinks: { listByProfile: links.listByProfile },
    /** Issue 24, the organisations: a template's change pushed into its members' profiles (stamps bumped, every instance told). */
    templatedProfiles: { change: profiles.change, setFields: profiles.setFields },
    /** Issue 24, the organisations: a template's company links, written into its members' profiles within their change. */
    companyLinks: { setCompanyLinks: links.setCompanyLinks },
  };
  const feature: Feature<typeof services> = {
    name: 'profiles',
    services,
    async routes(app) {
      await app.register(profileRoutes, { services });
      await app.register(linkRoutes, { services });
      await app.register(uploadRoutes, { services });
    },
  };
  return feature;
}
export type ProfilesServices = ReturnType<typeof createProfilesFeature>['services'];
