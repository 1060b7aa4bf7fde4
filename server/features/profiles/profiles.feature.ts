import type { FastifyBaseLogger } from 'fastify';
import type { Feature } from '../../http/feature.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Storage } from '../../storage/storage.ts';
import type { ViewCounter, VisitService } from '../stats/index.ts';
import type { LinkRepository } from './link.repository.ts';
import type { ProfileRepository } from './profile.repository.ts';
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
 * cache for both) and their images. The profile and link rows are built by server/wiring.ts,
 * which lends slices of them to other features; the organisations' templates and the brands (with
 * their page origins) come from the features built before this one.
 */
export function createProfilesFeature(deps: {
  profiles: ProfileRepository;
  links: LinkRepository;
  views: ViewCounter;
  visits: Pick<VisitService, 'record'>;
  templates: ProfileTemplates;
  brands: ProfileBrands;
  storage: Storage;
  decodeSlots: DecodeSlots;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
}) {
  const { profiles, links, views, rateLimiter, templates, brands } = deps;
  const jsonCache = createProfileJsonCache();
  const services = {
    profiles: createProfileService({ profiles, links, views, jsonCache, rateLimiter, templates, brands }),
    links: createLinkService({ profiles, links, templates }),
    publicProfiles: createPublicProfileService({ profiles, links, visits: deps.visits, jsonCache, brands }),
    media: createMediaService({ profiles, storage: deps.storage, decodeSlots: deps.decodeSlots, rateLimiter, log: deps.log }),
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
