import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Feature } from '../../http/feature.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { DomainService, InvitationService, MemberTemplateService, OrganisationService } from '../organisations/index.ts';
import type { ProfileService } from '../profiles/index.ts';
import { createScimRepository } from './scim.repository.ts';
import { createScimTokenService } from './scim-token.service.ts';
import { createScimUserService } from './scim-user.service.ts';
import { createScimGroupService } from './scim-group.service.ts';
import { createScimMemberSync } from './scim-templates.ts';
import { createScimJoin } from './scim-join.ts';
import scimTokenRoutes from './scim-token.routes.ts';
import scimRoutes from './scim.routes.ts';

/**
 * Issue 34: SCIM provisioning (issue 27): the organisations' tokens, users and groups, and who
 * joins at a company sign-in or an accepted invitation (`scimJoin`: server/app.ts hands its
 * `companySignIn` to auth; the organisations' invitations call `memberJoined`).
 */
export function createScimFeature(deps: {
  db: Db;
  publicUrl: string;
  rateLimiter: RateLimiter;
  log: FastifyBaseLogger;
  organisations: OrganisationService;
  invitations: InvitationService;
  memberTemplates: MemberTemplateService;
  domains: Pick<DomainService, 'joinByVerifiedDomain'>;
  profiles: ProfileService;
  onIdentityChange: (tellOthers: boolean) => Promise<void>;
}) {
  const { organisations, memberTemplates, profiles, log } = deps;
  const scim = createScimRepository(deps.db);
  const syncTemplates = createScimMemberSync({ scim, memberTemplates, profiles, log });
  const services = {
    scimJoin: createScimJoin({ scim, memberTemplates, profiles, domains: deps.domains, log }),
    scimTokens: createScimTokenService({ scim, organisations, rateLimiter: deps.rateLimiter, publicUrl: deps.publicUrl }),
    scimUsers: createScimUserService({ scim, organisations, invitations: deps.invitations, memberTemplates, syncTemplates, log }),
    scimGroups: createScimGroupService({ scim, syncTemplates }),
  };
  const feature: Feature<typeof services> = {
    name: 'scim',
    services,
    async routes(app) {
      await app.register(scimTokenRoutes, { services });
      // Issue 27: SCIM answers its own media type and error schema (its plugin's error handler).
      await app.register(scimRoutes, { services, onIdentityChange: deps.onIdentityChange });
    },
  };
  return feature;
}
export type ScimServices = ReturnType<typeof createScimFeature>['services'];
