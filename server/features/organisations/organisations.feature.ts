import type { FastifyBaseLogger } from 'fastify';
import type { Feature } from '../../http/feature.ts';
import type { Config } from '../../config.ts';
import type { DecodeSlots } from '../../images/decode-slots.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Storage } from '../../storage/storage.ts';
import type { EventOutbox } from '../../lib/event-outbox.ts';
import type { CompanyLinkChanges, TemplatedProfileChanges } from '../profiles/index.ts';
import type { LeadTransfer } from '../leads/index.ts';
import type { GroupStats } from '../stats/index.ts';
import { createOrganisationRepository } from './organisation.repository.ts';
import { createOrganisationService } from './organisation.service.ts';
import { createInvitationService } from './invitation.service.ts';
import { createTemplateService } from './template.service.ts';
import { createOffboarding } from './offboarding.ts';
import { createOrganisationAccountDeletion, type OrganisationEndpointHandOver } from './account-deletion.ts';
import { createAccountDeletionRepository } from './account-deletion.repository.ts';
import { createMemberTemplateService } from './member-template.service.ts';
import { createBrandRepository } from './brand.repository.ts';
import { createBrandChange, createBrandService } from './brand.service.ts';
import { createDomainRepository } from './domain.repository.ts';
import { createDomainService, type TxtResolver } from './domain.service.ts';
import { createOrganisationCardRepository } from './organisation-card.repository.ts';
import organisationRoutes from './organisation.routes.ts';
import organisationLeadRoutes from './organisation-leads.routes.ts';
import brandRoutes from './brand.routes.ts';
import domainRoutes from './domain.routes.ts';
import type { Db } from '../../db/database.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { createOrganisationCardService } from './organisation-card.service.ts';
import type { OrganisationCardRepository } from './organisation-card.repository.ts';
import { createOrganisationLeadRepository } from './organisation-lead.repository.ts';
import { createOrganisationLeadService } from './organisation-leads.service.ts';
import { createOrganisationStatsService } from './organisation-stats.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { OrganisationService } from './organisation.service.ts';
import { createTemplateRepository, type TemplateRepository } from './template.repository.ts';

type LeadDeps = Parameters<typeof createOrganisationLeadService>[0];
type StatsDeps = Parameters<typeof createOrganisationStatsService>[0];
type CardDeps = Parameters<typeof createOrganisationCardService>[0];

/**
 * The Team area's services of issue 24, built from the organisations feature's own repositories:
 * the organisation's cards (registered in bulk, assigned to members), its leads (its members'
 * company profiles, for its admins) and its statistics per member, card and source.
 * createOrganisationsFeature hands in what other features lend (profile changes, the lead move,
 * time zones, the visit counts' group statistics).
 */
function createTeamAreaServices(deps: {
  db: Db;
  organisationService: OrganisationService;
  organisations: OrganisationRepository;
  templates: TemplateRepository;
  cards: OrganisationCardRepository;
  profiles: CardDeps['profiles'] & LeadDeps['profiles'];
  leadMove: LeadDeps['leadMove'];
  timeZones: LeadDeps['timeZones'] & StatsDeps['timeZones'];
  groupStats: StatsDeps['groupStats'];
  rateLimiter: RateLimiter;
}) {
  const { db, organisationService, organisations, templates, cards, profiles, leadMove, timeZones, groupStats, rateLimiter } = deps;
  const organisationLeads = createOrganisationLeadRepository(db);
  return {
    organisationCards: createOrganisationCardService({ organisationService, organisations, templates, cards, profiles, rateLimiter }),
    organisationLeads: createOrganisationLeadService({
      organisationService,
      organisations,
      templates,
      leads: organisationLeads,
      leadMove,
      profiles,
      timeZones,
      rateLimiter,
    }),
    // Issue 36: with what the members captured that the organisation sees.
    organisationStats: createOrganisationStatsService({
      organisationService,
      organisations,
      templates,
      cards,
      groupStats,
      timeZones,
      captures: organisationLeads,
    }),
  };
}

/**
 * Issue 34: the organisations feature (issue 24): organisations, members and roles with the
 * offboarding, templates, the brand, claimed e-mail domains (issue 27), invitations and the Team
 * area; what a deleted account does to its organisations (the account feature's hooks).
 * It builds its template rows and answers the integrations' and the CRM's
 * `organisationOfCompanyProfile`. `profiles`, `companyLinks`, `webhookEvents`, `endpoints`, `leads`
 * and `joined` are services of features built after this one (server/wiring.ts hands in their
 * forward calls, made at request time only).
 */
export function createOrganisationsFeature(deps: {
  config: Pick<Config, 'publicUrl' | 'oidc'>;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  decodeSlots: DecodeSlots;
  log: FastifyBaseLogger;
  resolveTxt: TxtResolver;
  timeZones: Parameters<typeof createTeamAreaServices>[0]['timeZones'];
  /** The profiles' changes a template, a brand, a card or the offboarding makes, with the company links. */
  profiles: TemplatedProfileChanges & Parameters<typeof createTeamAreaServices>[0]['profiles'];
  companyLinks: CompanyLinkChanges;
  /** The integrations': the webhooks' events written inside the organisation's changes, the endpoints an account's deletion hands over. */
  webhookEvents: EventOutbox;
  endpoints: OrganisationEndpointHandOver;
  groupStats: GroupStats;
  leads: LeadTransfer;
  joined: (organisationId: string, userId: string, email: string) => Promise<void>;
  onIdentityChange: (endsSessions: boolean) => Promise<void>;
}) {
  const { config, db, storage, rateLimiter, decodeSlots, log, profiles, webhookEvents } = deps;
  // Issue 24: organisations before profiles, whose rules ask the templates what a profile locks.
  const templates = createTemplateRepository(db);
  const organisations = createOrganisationRepository(db, webhookEvents);
  const orgCards = createOrganisationCardRepository(db, webhookEvents);
  const offboard = createOffboarding({ organisations, templates, cards: orgCards, leads: deps.leads, profiles });
  // Issue 24 with 26: a new brand changes every company profile (stamps bumped), whose pages read it on a render.
  const brands = createBrandRepository(db);
  const brandChange = createBrandChange({ brands, profiles });
  const organisationService = createOrganisationService({ organisations, templates, offboard, brandChange });
  const memberTemplates = createMemberTemplateService({ organisations, templates, profiles, companyLinks: deps.companyLinks, organisationService });
  const services = {
    /** Issue 24: organisations, members, roles and the offboarding. */
    organisations: organisationService,
    templates: createTemplateService({ templates, profiles, companyLinks: deps.companyLinks, organisationService }),
    /** Issue 24 with 26: the organisation's logo, and its brand on the company profiles' pages. */
    brand: createBrandService({ brands, change: brandChange, organisationService, storage, decodeSlots, rateLimiter, log }),
    /** Issue 24: the organisation's cards, leads and statistics for its admins (the Team area). */
    ...createTeamAreaServices({
      db,
      organisationService,
      organisations,
      templates,
      cards: orgCards,
      profiles,
      leadMove: deps.leads,
      timeZones: deps.timeZones,
      groupStats: deps.groupStats,
      rateLimiter,
    }),
    invitations: createInvitationService({
      publicUrl: config.publicUrl,
      organisations,
      organisationService,
      mailer: deps.mailer,
      rateLimiter,
      companySignIn: config.oidc && { label: config.oidc.buttonLabel },
      joined: deps.joined,
    }),
    /** Issue 27: claimed e-mail domains. */
    organisationDomains: createDomainService({
      domains: createDomainRepository(db, organisations),
      organisationService,
      rateLimiter,
      resolveTxt: deps.resolveTxt,
    }),
    memberTemplates,
    /** The owners' and admins' addresses and languages (mails of the integrations and the CRM). */
    organisationAdmins: organisations.admins,
    /** Issue 33: an organisation's card shows only its holder's company profiles of that organisation. */
    companyProfilesOf: async (organisationId: string, userId: string) => (await templates.companyProfiles(organisationId, userId)).map((p) => p.profileId),
    /** Issue 24: the last owner hands over first; the only member takes the organisation along; others leave it (the account's deletion hooks). */
    accountDeletion: createOrganisationAccountDeletion({
      rows: createAccountDeletionRepository(db, webhookEvents),
      cards: orgCards,
      endpoints: deps.endpoints,
    }),
    /** Issue 25 with 37, what the integrations and the CRM need: the organisation whose company profile a profile is, read inside an event's transaction. */
    organisationOfCompanyProfile: templates.organisationOfCompanyProfile,
  };
  const feature: Feature<typeof services> = {
    name: 'organisations',
    services,
    async routes(app) {
      await app.register(organisationRoutes, { services, onIdentityChange: deps.onIdentityChange });
      await app.register(organisationLeadRoutes, { services });
      await app.register(brandRoutes, { services });
      await app.register(domainRoutes, { services });
    },
  };
  return feature;
}
export type OrganisationsServices = ReturnType<typeof createOrganisationsFeature>['services'];
