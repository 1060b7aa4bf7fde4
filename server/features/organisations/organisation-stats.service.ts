import type { StatsRange } from '../../../shared/schemas/stats.schema.ts';
import type { OrganisationStats } from '../../../shared/schemas/organisation-stats.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { OwnerTimeZones } from '../../auth/time-zone.repository.ts';
import type { OrganisationCardRepository } from './organisation-card.repository.ts';
import { dayRange, zonedDay, type GroupStats } from '../stats/index.ts';
import type { OrganisationLeadRepository } from './organisation-lead.repository.ts';
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
  /** Issue 36: what members captured that the organisation sees. */
  captures: Pick<OrganisationLeadRepository, 'capturesSince'>;
  now?: () => number;
}) {
  const { organisationService, organisations, templates, cards, groupStats, timeZones, captures, now = Date.now } = deps;

  /** Issue 36: captures of the range (the admin's days) per member and per organisation event. */
  async function capturesIn(organisationId: string, days: StatsRange, timeZone: string) {
    const range = dayRange(days, now(), timeZone);
    const inRange = new Set(range);
    // The first day starts at most 14 hours before its UTC midnight (UTC+14).
    const rows = (await captures.capturesSince(organisationId, Date.parse(`${range[0]}T00:00:00Z`) - 15 * 60 * 60 * 1000)).filter(
      (row) => row.capturedAt !== null && inRange.has(zonedDay(Number(row.capturedAt), timeZone)),
    );
    const perMember = new Map<string, number>();
    const perEvent = new Map<string, { eventId: string; name: string; captures: number }>();
    for (const row of rows) {
      perMember.set(row.memberId, (perMember.get(row.memberId) ?? 0) + 1);
      if (row.eventOrganisationId !== organisationId) continue;
      const event = perEvent.get(row.eventId) ?? { eventId: row.eventId, name: row.eventName ?? '', captures: 0 };
      event.captures += 1;
      perEvent.set(row.eventId, event);
    }
    return { perMember, events: [...perEvent.values()].sort((a, b) => b.captures - a.captures || a.name.localeCompare(b.name)) };
  }
  return {
    async of(actor: Owner, organisationId: string, days: StatsRange): Promise<OrganisationStats> {
      const m = await organisationService.access(actor, organisationId, 'admin');
      const members = await organisations.members(m.organisationId);
      const memberIds = new Set(members.map((x) => x.userId));
      const company = (await templates.companyProfiles(m.organisationId)).filter((p) => memberIds.has(p.userId));
      // Issue 35: the company profiles of people who left still count for the days they were visited.
      const former = (await templates.formerCompanyProfiles(m.organisationId)).filter((p) => !memberIds.has(p.userId));
      const cardRows = await cards.organisationCards(m.organisationId);
      const timeZone = await timeZones.of(actor.userId);
      const sums = await groupStats(
        [...company, ...former].map((p) => p.profileId),
        cardRows.map((c) => c.id),
        days,
        timeZone,
      );
      const captured = await capturesIn(m.organisationId, days, timeZone);
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
          // A former member's captures are no longer the organisation's (its leads list shows current members only).
          captures: isFormer ? 0 : (captured.perMember.get(person.userId) ?? 0),
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
        events: captured.events,
      };
    },
  };
}
export type OrganisationStatsService = ReturnType<typeof createOrganisationStatsService>;
