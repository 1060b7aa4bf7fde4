import type { Db } from '../../db/database.ts';
import type { CaptureEventRow, CaptureEventTable } from '../../db/tables.ts';

/** An event with what the listing owner needs to know of it. */
export type ListedEventRow = CaptureEventRow & { organisationName: string | null; role: string | null; captures: number };

/**
 * SQL of issue 36's events (an owner's own, or an organisation's shared by its members) and of
 * the profile a capture is stored on. Every read takes the asking account's id: another
 * account's own event, or an organisation's the account is no member of, is simply not found.
 */
export function createCaptureEventRepository(db: Db) {
  /** The events this account may capture at: its own and its organisation's, with its role there. */
  function visible(userId: string) {
    return db
      .selectFrom('captureEvent')
      .leftJoin('organisation', 'organisation.id', 'captureEvent.organisationId')
      .leftJoin('organisationMember', (join) =>
        join.onRef('organisationMember.organisationId', '=', 'captureEvent.organisationId').on('organisationMember.userId', '=', userId),
      )
      .where((eb) => eb.or([eb('captureEvent.userId', '=', userId), eb('organisationMember.userId', '=', userId)]))
      .selectAll('captureEvent')
      .select(['organisation.name as organisationName', 'organisationMember.role as role']);
  }

  return {
    /** The events of `visible` (or the one named), newest first, with how many leads this account captured at each. */
    async list(userId: string, eventId?: string): Promise<ListedEventRow[]> {
      let q = visible(userId);
      if (eventId) q = q.where('captureEvent.id', '=', eventId);
      const rows = await q
        .select((eb) =>
          eb
            .selectFrom('lead')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('lead.eventId', '=', 'captureEvent.id')
            .where('lead.capturedBy', '=', userId)
            .as('captures'),
        )
        .orderBy('captureEvent.startsOn', 'desc')
        .orderBy('captureEvent.created', 'desc')
        .limit(500)
        .execute();
      return rows.map((row) => ({ ...row, captures: Number(row.captures ?? 0) }));
    },

    /** One event this account may capture at, with its role in the event's organisation (null for its own). */
    async findVisible(userId: string, eventId: string): Promise<(CaptureEventRow & { organisationName: string | null; role: string | null }) | undefined> {
      return visible(userId).where('captureEvent.id', '=', eventId).executeTakeFirst();
    },

    async insert(row: CaptureEventTable): Promise<void> {
      await db.insertInto('captureEvent').values(row).execute();
    },

    async update(eventId: string, changes: Pick<CaptureEventTable, 'name' | 'startsOn' | 'endsOn' | 'updated'>): Promise<void> {
      await db.updateTable('captureEvent').set(changes).where('id', '=', eventId).execute();
    },

    /** How many events this account has made in all (its own and its organisation's): the cap on rows. */
    async countCreatedBy(userId: string): Promise<number> {
      const row = await db
        .selectFrom('captureEvent')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('createdBy', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The account's profile a capture goes to when none is named: its company profile of `organisationId`, else its first profile. */
    async defaultProfile(userId: string, organisationId: string | null): Promise<string | undefined> {
      if (organisationId) {
        const company = await db
          .selectFrom('templatedProfile')
          .innerJoin('profile', 'profile.id', 'templatedProfile.profileId')
          .select('profile.id')
          .where('templatedProfile.userId', '=', userId)
          .where('templatedProfile.organisationId', '=', organisationId)
          .where('profile.status', '!=', 'DELETED')
          .orderBy('profile.created')
          .executeTakeFirst();
        if (company) return company.id;
      }
      const first = await db
        .selectFrom('profile')
        .select('id')
        .where('userId', '=', userId)
        .where('status', '!=', 'DELETED')
        .orderBy('created')
        .orderBy('id')
        .executeTakeFirst();
      return first?.id;
    },

    /** True when the profile is the account's and not deleted. */
    async ownsLiveProfile(userId: string, profileId: string): Promise<boolean> {
      const row = await db
        .selectFrom('profile')
        .select('id')
        .where('id', '=', profileId)
        .where('userId', '=', userId)
        .where('status', '!=', 'DELETED')
        .executeTakeFirst();
      return Boolean(row);
    },
  };
}
export type CaptureEventRepository = ReturnType<typeof createCaptureEventRepository>;
