import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { LeadTable } from '../../db/tables.ts';
import type { EventOutbox } from '../../lib/event-outbox.ts';
import { asStored, leadEventData } from './lead-event-data.ts';

/** A captured lead (issue 36): the phone's id of it and the account that captured it are required. */
export type CapturedLead = Insertable<LeadTable> & { clientId: string; capturedBy: string };

/** Issue 36's SQL of captured leads; part of the lead repository (lead.repository.ts spreads it in). */
export function createLeadCaptureRepository(db: Db, outbox: EventOutbox) {
  return {
    /**
     * Issue 36: stores a captured lead once per (capturing account, clientId). Answers the lead
     * that clientId made before, unchanged, if there is one; `gone` when the profile was deleted
     * meanwhile. Two sends at once: the unique index refuses the second insert, which then finds
     * the first's lead.
     */
    async insertCapture(row: CapturedLead): Promise<{ leadId: string; created: boolean } | 'gone'> {
      const existing = () =>
        db.selectFrom('lead').select('id').where('capturedBy', '=', row.capturedBy).where('clientId', '=', row.clientId).executeTakeFirst();
      const before = await existing();
      if (before) return { leadId: before.id, created: false };
      try {
        return await db.transaction().execute(async (trx) => {
          const locked = await trx
            .updateTable('profile')
            .set((eb) => ({ status: eb.ref('status') }))
            .where('id', '=', row.profileId)
            .where('status', '!=', 'DELETED')
            .executeTakeFirst();
          if (!locked.numUpdatedRows) return 'gone' as const;
          await trx.insertInto('lead').values(row).execute();
          const { userId } = await trx.selectFrom('profile').select('userId').where('id', '=', row.profileId).executeTakeFirstOrThrow();
          await outbox.emit(trx, { userId, profileId: row.profileId, type: 'lead.created', data: leadEventData(asStored(row)) });
          return { leadId: row.id, created: true };
        });
      } catch (error) {
        const raced = await existing();
        if (raced) return { leadId: raced.id, created: false };
        throw error;
      }
    },

    /** Issue 36's statistics: the captures kept on a profile since `since` (epoch ms), with their event's name. */
    async capturesOf(profileId: string, since: number): Promise<{ capturedAt: number; eventId: string; eventName: string | null }[]> {
      const rows = await db
        .selectFrom('lead')
        .leftJoin('captureEvent', 'captureEvent.id', 'lead.eventId')
        .select(['lead.capturedAt', 'lead.eventId', 'captureEvent.name as eventName'])
        .where('lead.profileId', '=', profileId)
        .where('lead.capturedAt', '>=', since)
        .execute();
      return rows.map((row) => ({ ...row, capturedAt: Number(row.capturedAt) }));
    },
  };
}
