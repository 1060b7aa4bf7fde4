import { sql, type ExpressionBuilder } from 'kysely';
import { LEAD_PROFILE_COLUMNS } from './lead-columns.ts';
import type { Db } from '../../db/database.ts';
import type { Insertable } from 'kysely';
import type { Database, LeadRow, LeadTable } from '../../db/tables.ts';
import { noEventOutbox, type EventOutbox } from '../../lib/event-outbox.ts';
import { asStored, leadEventData } from './lead-event-data.ts';
import { createLeadCaptureRepository } from './lead-capture.repository.ts';

/** A lead with the names of its profile, for the owner's list and exports. */
export type OwnLeadRow = LeadRow & {
  profileName: string;
  personalTitle: string;
  profileFirstName: string;
  profileLastName: string;
  companyName: string;
  /** Issue 36: the name of the event the lead was captured at (null: none, or deleted). */
  eventName: string | null;
};

/** Filters of the owner's lead list. */
export interface LeadFilter {
  profileId?: string;
  /** Lower-cased words; a lead matches when its search text holds every one. */
  words?: readonly string[];
  status?: string;
}

/** `like` with `!` as escape character: the same on SQLite and PostgreSQL (no backslash rules). */
const likePattern = (word: string) => `%${word.replace(/[!%_]/g, (c) => `!${c}`)}%`;

/**
 * SQL for leads, the visitors' e-mails left on a profile (D5, issue 12). Every change of a lead
 * writes its webhook event into `outbox` inside its own transaction (issue 25).
 */
export function createLeadRepository(db: Db, outbox: EventOutbox = noEventOutbox) {
  /** Deletes one lead (of this owner, or any owner's when `userId` is undefined) and tells of it, in one transaction. */
  async function deleteAndEmit(leadId: string, userId: string | undefined, by: 'owner' | 'visitor'): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      let q = trx
        .selectFrom('lead')
        .innerJoin('profile', 'profile.id', 'lead.profileId')
        .selectAll('lead')
        .select('profile.userId')
        .where('lead.id', '=', leadId);
      if (userId) q = q.where('profile.userId', '=', userId);
      const row = await q.executeTakeFirst();
      if (!row) return false;
      const result = await trx.deleteFrom('lead').where('id', '=', leadId).executeTakeFirst();
      if (!Number(result.numDeletedRows)) return false;
      await outbox.emit(trx, {
        userId: row.userId,
        profileId: row.profileId,
        type: 'lead.deleted',
        data: { id: row.id, profileId: row.profileId, email: row.email, deletedBy: by },
      });
      return true;
    });
  }

  /** Leads on a profile since a time, optionally from one address: the rate limit of D5 counts these. */
  async function countSince(profileId: string, since: number, email?: string, trx: Db = db): Promise<number> {
    let q = trx
      .selectFrom('lead')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('profileId', '=', profileId)
      .where('created', '>=', since);
    if (email) q = q.where('email', '=', email);
    const row = await q.executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The ids of the owner's profiles (deleted ones too: their leads still belong to the owner), as a subquery. */
  const ownProfileIds = (userId: string) => (eb: ExpressionBuilder<Database, 'lead'>) =>
    eb.selectFrom('profile').select('profile.id').where('profile.userId', '=', userId);

  /** The owner's leads with their profile's names, filtered. */
  function ownLeads(userId: string, filter: LeadFilter) {
    let q = db
      .selectFrom('lead')
      .innerJoin('profile', 'profile.id', 'lead.profileId')
      .leftJoin('captureEvent', 'captureEvent.id', 'lead.eventId')
      .selectAll('lead')
      .select(LEAD_PROFILE_COLUMNS)
      .where('profile.userId', '=', userId);
    if (filter.profileId) q = q.where('lead.profileId', '=', filter.profileId);
    if (filter.status) q = q.where('lead.status', '=', filter.status);
    for (const word of filter.words ?? []) q = q.where(sql<boolean>`${sql.ref('lead.searchText')} like ${likePattern(word)} escape '!'`);
    return q;
  }

  return {
    // Issue 36: a capture's insert (once per clientId) and the statistics' reading of captures.
    ...createLeadCaptureRepository(db, outbox),
    countSince,
    /**
     * Stores a lead unless the profile already has `perSender` leads from this address or
     * `perProfile` leads in all since `since`, or is gone (deleted, or its account deleted,
     * while the visitor was sending). Count and insert are one step for concurrent requests: a
     * no-op update first locks the profile's row on PostgreSQL (and waits for a deletion that
     * holds it, then finds no row), and SQLite runs one transaction at a time anyway.
     */
    async insertWithinLimits(
      row: Insertable<LeadTable>,
      limits: { since: number; perSender: number; perProfile: number },
    ): Promise<'stored' | 'limited' | 'gone'> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .updateTable('profile')
          .set((eb) => ({ status: eb.ref('status') }))
          .where('id', '=', row.profileId)
          .where('status', '!=', 'DELETED')
          .executeTakeFirst();
        if (!locked.numUpdatedRows) return 'gone';
        if ((await countSince(row.profileId, limits.since, row.email, trx)) >= limits.perSender) return 'limited';
        if ((await countSince(row.profileId, limits.since, undefined, trx)) >= limits.perProfile) return 'limited';
        await trx.insertInto('lead').values(row).execute();
        const { userId } = await trx.selectFrom('profile').select('userId').where('id', '=', row.profileId).executeTakeFirstOrThrow();
        await outbox.emit(trx, { userId, profileId: row.profileId, type: 'lead.created', data: leadEventData(asStored(row)) });
        return 'stored';
      });
    },

    /**
     * A page of the owner's leads, newest first. Keyset pagination on (created, id): a lead
     * stored while the owner pages is newer than every cursor, so pages never shift.
     */
    async listOwn(userId: string, filter: LeadFilter, page: { after?: { created: number; id: string }; limit: number }): Promise<OwnLeadRow[]> {
      let q = ownLeads(userId, filter);
      const after = page.after;
      if (after) {
        q = q.where((eb) => eb.or([eb('lead.created', '<', after.created), eb.and([eb('lead.created', '=', after.created), eb('lead.id', '<', after.id)])]));
      }
      return q.orderBy('lead.created', 'desc').orderBy('lead.id', 'desc').limit(page.limit).execute();
    },

    /** Every lead of the owner (or of one profile), newest first: the exports. */
    async allOwn(userId: string, profileId?: string): Promise<OwnLeadRow[]> {
      return ownLeads(userId, { profileId }).orderBy('lead.created', 'desc').orderBy('lead.id', 'desc').execute();
    },

    /** The owner's leads with status `new` over all profiles: the navigation badge. */
    async countNewOwn(userId: string): Promise<number> {
      const row = await db
        .selectFrom('lead')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'new')
        .where('profileId', 'in', ownProfileIds(userId))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Issue 24's offboarding: moves every lead of the `from` profiles to the profile `to` inside
     * the caller's transaction; answers how many moved. The leads' owner is their profile's.
     */
    async moveToProfile(from: readonly string[], to: string, trx: Db): Promise<number> {
      if (from.length === 0) return 0;
      const result = await trx.updateTable('lead').set({ profileId: to }).where('profileId', 'in', from).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** True when the profile is the owner's (deleted or not). */
    async ownsProfile(userId: string, profileId: string): Promise<boolean> {
      const row = await db.selectFrom('profile').select('id').where('id', '=', profileId).where('userId', '=', userId).executeTakeFirst();
      return Boolean(row);
    },

    async findOwn(userId: string, leadId: string): Promise<OwnLeadRow | undefined> {
      return ownLeads(userId, {}).where('lead.id', '=', leadId).executeTakeFirst();
    },

    /** Sets the status of the owner's lead; false when there is no such lead of this owner. */
    async updateStatusOwn(userId: string, leadId: string, status: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .updateTable('lead')
          .set({ status })
          .where('id', '=', leadId)
          .where('profileId', 'in', ownProfileIds(userId))
          .executeTakeFirst();
        if (!Number(result.numUpdatedRows)) return false;
        const row = await trx.selectFrom('lead').selectAll().where('id', '=', leadId).executeTakeFirstOrThrow();
        await outbox.emit(trx, { userId, profileId: row.profileId, type: 'lead.updated', data: leadEventData(row) });
        return true;
      });
    },

    /** Deletes the owner's lead; false when there is no such lead of this owner. */
    deleteOwn: (userId: string, leadId: string): Promise<boolean> => deleteAndEmit(leadId, userId, 'owner'),

    /** Deletes one lead by id, whoever owns it: the visitor's signed deletion link. */
    deleteById: (leadId: string): Promise<boolean> => deleteAndEmit(leadId, undefined, 'visitor'),

    async exists(leadId: string): Promise<boolean> {
      return Boolean(await db.selectFrom('lead').select('id').where('id', '=', leadId).executeTakeFirst());
    },

    /** Deletes leads stored before `cutoff` (epoch ms); answers how many. Idempotent, so instances may run it at once. */
    async deleteOlderThan(cutoff: number): Promise<number> {
      const result = await db.deleteFrom('lead').where('created', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type LeadRepository = ReturnType<typeof createLeadRepository>;
