import type { Db } from '../../db/database.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { createOrganisationCardService } from './organisation-card.service.ts';
import type { OrganisationCardRepository } from './organisation-card.repository.ts';
import { createOrganisationLeadRepository } from './organisation-lead.repository.ts';
import { createOrganisationLeadService } from './organisation-leads.service.ts';
import { createOrganisationStatsService } from './organisation-stats.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { OrganisationService } from './organisation.service.ts';
import type { TemplateRepository } from './template.repository.ts';

type LeadDeps = Parameters<typeof createOrganisationLeadService>[0];
type StatsDeps = Parameters<typeof createOrganisationStatsService>[0];
type CardDeps = Parameters<typeof createOrganisationCardService>[0];

/**
 * The Team area's services of issue 24, built from the organisations feature's own repositories:
 * the organisation's cards (registered in bulk, assigned to members), its leads (its members'
 * company profiles, for its admins) and its statistics per member, card and source.
 * server/wiring.ts hands in what other features lend (profile changes, the lead move, time zones,
 * the visit counts' group statistics).
 */
export function createTeamAreaServices(deps: {
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
