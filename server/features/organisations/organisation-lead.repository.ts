import type { Db } from '../../db/database.ts';
import { LEAD_PROFILE_COLUMNS, type OwnLeadRow } from '../leads/index.ts';

/** A lead of an organisation's member with the member who received it (issue 24). */
export type OrganisationLeadRow = OwnLeadRow & { memberId: string; memberName: string; memberEmail: string };

/**
 * SQL of issue 24's organisation leads: the leads of the members' company profiles (profiles made
 * from one of the organisation's templates, `templatedProfile`) whose owner is a member now.
 * Private profiles' leads are never shown, except what a member captured at one of the
 * organisation's events (issue 36), wherever they kept it. Leads an offboarding moved to another member's company
 * profile are that member's, since they now belong to that profile.
 */
export function createOrganisationLeadRepository(db: Db) {
  function organisationLeads(organisationId: string, memberId: string | undefined) {
    let q = db
      .selectFrom('lead')
      .innerJoin('profile', 'profile.id', 'lead.profileId')
      .leftJoin('templatedProfile', (join) =>
        join.onRef('templatedProfile.profileId', '=', 'profile.id').on('templatedProfile.organisationId', '=', organisationId),
      )
      .innerJoin('organisationMember', (join) =>
        join.onRef('organisationMember.userId', '=', 'profile.userId').on('organisationMember.organisationId', '=', organisationId),
      )
      .innerJoin('user', 'user.id', 'profile.userId')
      .leftJoin('captureEvent', 'captureEvent.id', 'lead.eventId')
      .selectAll('lead')
      .select(LEAD_PROFILE_COLUMNS)
      .select(['profile.userId as memberId', 'user.name as memberName', 'user.email as memberEmail'])
      // A company profile's leads, and (issue 36) whatever a member captured at one of the organisation's events.
      .where((eb) => eb.or([eb('templatedProfile.profileId', 'is not', null), eb('captureEvent.organisationId', '=', organisationId)]));
    if (memberId) q = q.where('profile.userId', '=', memberId);
    return q;
  }

  /** Company profiles of the organisation whose owner left it (the offboarding's `leftCompany` mark), not deleted. */
  function formerProfiles(organisationId: string) {
    return db
      .selectFrom('templatedProfile')
      .innerJoin('profile', 'profile.id', 'templatedProfile.profileId')
      .where('templatedProfile.organisationId', '=', organisationId)
      .where('profile.leftCompany', 'is not', null)
      .where('profile.status', '!=', 'DELETED');
  }

  return {
    /**
     * Issue 36: what current members captured since `since` (epoch ms) that the organisation sees:
     * on a company profile, or at one of its events; with the event when it is the organisation's.
     */
    async capturesSince(organisationId: string, since: number) {
      return organisationLeads(organisationId, undefined)
        .clearSelect()
        .select([
          'profile.userId as memberId',
          'lead.capturedAt',
          'lead.eventId',
          'captureEvent.name as eventName',
          'captureEvent.organisationId as eventOrganisationId',
        ])
        .where('lead.capturedAt', 'is not', null)
        .where('lead.capturedAt', '>=', since)
        .execute();
    },

    /** A page of the organisation's leads, newest first, keyset-paged on (created, id) like the owner's list. */
    async list(
      organisationId: string,
      memberId: string | undefined,
      page: { after?: { created: number; id: string }; limit?: number },
    ): Promise<OrganisationLeadRow[]> {
      let q = organisationLeads(organisationId, memberId);
      const after = page.after;
      if (after) {
        q = q.where((eb) => eb.or([eb('lead.created', '<', after.created), eb.and([eb('lead.created', '=', after.created), eb('lead.id', '<', after.id)])]));
      }
      q = q.orderBy('lead.created', 'desc').orderBy('lead.id', 'desc');
      return (page.limit ? q.limit(page.limit) : q).execute();
    },

    /**
     * Issue 35: the people whose company profiles of this organisation say they left (not
     * deleted), with how many leads those profiles still hold, by e-mail address.
     */
    async formerMembers(organisationId: string): Promise<{ userId: string; email: string; name: string; leads: number }[]> {
      const rows = await formerProfiles(organisationId)
        .innerJoin('user', 'user.id', 'templatedProfile.userId')
        .leftJoin('lead', 'lead.profileId', 'profile.id')
        .select(['templatedProfile.userId', 'user.email', 'user.name'])
        .select((eb) => eb.fn.count<number>('lead.id').as('leads'))
        .groupBy(['templatedProfile.userId', 'user.email', 'user.name'])
        .orderBy('user.email')
        .execute();
      return rows.map((row) => ({ ...row, leads: Number(row.leads) }));
    },

    /** Issue 35: one former member's company profiles of this organisation with their e-mail address (empty when they have none). */
    formerProfilesOf(organisationId: string, userId: string): Promise<{ profileId: string; email: string }[]> {
      return formerProfiles(organisationId)
        .innerJoin('user', 'user.id', 'templatedProfile.userId')
        .select(['templatedProfile.profileId', 'user.email'])
        .where('templatedProfile.userId', '=', userId)
        .execute();
    },
  };
}
export type OrganisationLeadRepository = ReturnType<typeof createOrganisationLeadRepository>;
