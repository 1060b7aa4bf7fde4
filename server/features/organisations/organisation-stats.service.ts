import type { StatsRange } from '../../../shared/schemas/stats.schema.ts';
import type { OrganisationStats } from '../../../shared/schemas/organisation-stats.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import type { OrganisationCardAccess } from '../cards/index.ts';
import type { GroupStats } from '../stats/index.ts';
import type { OrganisationService } from './organisation.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { TemplateRepository } from './template.repository.ts';

/**
 * Issue 24: the organisation's statistics for its admins, on the statistics feature's sums: per
 * member the views, leads and link clicks of their company profiles (private profiles are never
 * counted), per organisation card its scans, per source the views of all company profiles.
 */
export function createOrganisationStatsService(deps: {
  organisationService: Pick<OrganisationService, 'access'>;
  organisations: Pick<OrganisationRepository, 'members'>;
  templates: Pick<TemplateRepository, 'companyProfiles'>;
  cards: Pick<OrganisationCardAccess, 'organisationCards'>;
  groupStats: GroupStats;
  timeZones: OwnerTimeZones;
}) {
  const { organisationService, organisations, templates, cards, groupStats, timeZones } = deps;
  return {
    async of(actor: Owner, organisationId: string, days: StatsRange): Promise<OrganisationStats> {
      const m = await organisationService.access(actor, organisationId, 'admin');
      const members = await organisations.members(m.organisationId);
      const memberIds = new Set(members.map((x) => x.userId));
      const company = (await templates.companyProfiles(m.organisationId)).filter((p) => memberIds.has(p.userId));
      const cardRows = await cards.organisationCards(m.organisationId);
      const sums = await groupStats(
        company.map((p) => p.profileId),
        cardRows.map((c) => c.id),
        days,
        await timeZones.of(actor.userId),
      );
      const emailOf = new Map(members.map((x) => [x.userId, x.email]));
      return {
        days,
        members: members.map((member) => {
          const own = company.filter((p) => p.userId === member.userId).map((p) => sums.profiles.get(p.profileId)!);
          const add = (key: 'views' | 'contacts' | 'clicks') => own.reduce((n, s) => n + s[key], 0);
          return { userId: member.userId, name: member.name, email: member.email, views: add('views'), leads: add('contacts'), clicks: add('clicks') };
        }),
        cards: cardRows
          .map((c) => ({ cardId: c.id, memberEmail: (c.userId && emailOf.get(c.userId)) || null, scans: sums.cards.get(c.id) ?? 0 }))
          .sort((a, b) => b.scans - a.scans || a.cardId.localeCompare(b.cardId)),
        sources: sums.sources,
      };
    },
  };
}
export type OrganisationStatsService = ReturnType<typeof createOrganisationStatsService>;
