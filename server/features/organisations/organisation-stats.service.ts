import type { StatsRange } from '../../../shared/schemas/stats.schema.ts';
import type { OrganisationStats } from '../../../shared/schemas/organisation-stats.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import type { OrganisationCardRepository } from './organisation-card.repository.ts';
import type { GroupStats } from '../stats/index.ts';
import type { OrganisationService } from './organisation.service.ts';
import type { OrganisationRepository } from './organisation.repository.ts';
import type { TemplateRepository } from './template.repository.ts';

/**
 * Issue 24: the organisation's statistics for its admins, on the statistics feature's sums: per
 * member the views, leads and link clicks of their company profiles (private profiles are never
 * counted), per organisation card its scans, per source the views of all company profiles. Issue
 * 35: a former member keeps a row (`former`) while their company profile had any in the range.
 */
export function createOrganisationStatsService(deps: {
  organisationService: Pick<OrganisationService, 'access'>;
  organisations: Pick<OrganisationRepository, 'members'>;
  templates: Pick<TemplateRepository, 'companyProfiles' | 'formerCompanyProfiles'>;
  cards: Pick<OrganisationCardRepository, 'organisationCards'>;
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
      // Issue 35: the company profiles of people who left still count for the days they were visited.
      const former = (await templates.formerCompanyProfiles(m.organisationId)).filter((p) => !memberIds.has(p.userId));
      const cardRows = await cards.organisationCards(m.organisationId);
      const sums = await groupStats(
        [...company, ...former].map((p) => p.profileId),
        cardRows.map((c) => c.id),
        days,
        await timeZones.of(actor.userId),
      );
      const emailOf = new Map(members.map((x) => [x.userId, x.email]));
      const row = (person: { userId: string; name: string; email: string }, profiles: readonly { userId: string; profileId: string }[], isFormer: boolean) => {
        const own = profiles.filter((p) => p.userId === person.userId).map((p) => sums.profiles.get(p.profileId)!);
        const add = (key: 'views' | 'contacts' | 'clicks') => own.reduce((n, s) => n + s[key], 0);
        return {
          userId: person.userId,
          name: person.name,
          email: person.email,
          former: isFormer,
          views: add('views'),
          leads: add('contacts'),
          clicks: add('clicks'),
        };
      };
      const formerPeople = [...new Map(former.map((p) => [p.userId, p])).values()];
      return {
        days,
        members: [
          ...members.map((member) => row(member, company, false)),
          // A former member only while their profile had something in the range.
          ...formerPeople.map((person) => row(person, former, true)).filter((r) => r.views + r.leads + r.clicks > 0),
        ],
        cards: cardRows
          .map((c) => ({ cardId: c.id, memberEmail: (c.userId && emailOf.get(c.userId)) || null, scans: sums.cards.get(c.id) ?? 0 }))
          .sort((a, b) => b.scans - a.scans || a.cardId.localeCompare(b.cardId)),
        sources: sums.sources,
      };
    },
  };
}
export type OrganisationStatsService = ReturnType<typeof createOrganisationStatsService>;
