import type { Db } from '../../db/database.ts';
import type { OutboxWriter } from '../../outbox/outbox.ts';

/** A lead as the follow-up needs it: the person, how and where captured, the profile that keeps it. */
export interface FollowUpLeadRow {
  id: string;
  profileId: string;
  userId: string;
  email: string;
  language: string;
  method: string;
  name: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  mobile: string;
  street: string;
  city: string;
  jobTitle: string;
  eventName: string | null;
}

/** The owner's saved settings ('' where the default text applies). */
export interface FollowUpSettingsRow {
  meetingLink: string;
  subjectDe: string;
  bodyDe: string;
  subjectEn: string;
  bodyEn: string;
}

/**
 * Issue 36's follow-up mails: the owner's texts and meeting link, the follow-ups asked for, and
 * the lead with the profile and event it belongs to. A follow-up and its outbox message are
 * written in one transaction (docs/outbox.md).
 */
export function createCaptureFollowUpRepository(db: Db, outbox: OutboxWriter) {
  const leadQuery = () =>
    db
      .selectFrom('lead')
      .innerJoin('profile', 'profile.id', 'lead.profileId')
      .leftJoin('captureEvent', 'captureEvent.id', 'lead.eventId')
      .select([
        'lead.id',
        'lead.profileId',
        'profile.userId',
        'lead.email',
        'lead.language',
        'lead.method',
        'lead.name',
        'lead.firstName',
        'lead.lastName',
        'lead.company',
        'lead.phone',
        'lead.mobile',
        'lead.street',
        'lead.city',
        'lead.jobTitle',
        'captureEvent.name as eventName',
      ]);

  return {
    async settings(userId: string): Promise<FollowUpSettingsRow | undefined> {
      return db
        .selectFrom('captureFollowUpSettings')
        .select(['meetingLink', 'subjectDe', 'bodyDe', 'subjectEn', 'bodyEn'])
        .where('userId', '=', userId)
        .executeTakeFirst();
    },

    async saveSettings(userId: string, row: FollowUpSettingsRow, at: number): Promise<void> {
      await db
        .insertInto('captureFollowUpSettings')
        .values({ userId, ...row, updated: at })
        .onConflict((oc) => oc.column('userId').doUpdateSet({ ...row, updated: at }))
        .execute();
    },

    /** The owner's lead (kept on one of their profiles), or undefined. */
    async ownLead(userId: string, leadId: string): Promise<FollowUpLeadRow | undefined> {
      return leadQuery().where('lead.id', '=', leadId).where('profile.userId', '=', userId).executeTakeFirst();
    },

    /** A follow-up asked for, and its outbox message, in one transaction. */
    async insert(row: { id: string; leadId: string; userId: string; language: string; created: number }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('captureFollowUp')
          .values({ ...row, sentAt: null })
          .execute();
        await outbox.enqueue(trx, { type: 'capture.follow-up', payload: { followUpId: row.id }, key: `capture-follow-up:${row.id}` });
      });
    },

    /** What the outbox's handler needs to build the mail: the follow-up and its lead as they are now. */
    async forSending(followUpId: string) {
      const followUp = await db.selectFrom('captureFollowUp').selectAll().where('id', '=', followUpId).executeTakeFirst();
      if (!followUp) return undefined;
      const lead = await leadQuery().where('lead.id', '=', followUp.leadId).executeTakeFirst();
      return lead ? { followUp, lead } : undefined;
    },

    /** The account's name and address: the owner's contact where the profile gives none. */
    async account(userId: string): Promise<{ name: string; email: string } | undefined> {
      return db.selectFrom('user').select(['name', 'email']).where('id', '=', userId).executeTakeFirst();
    },

    async markSent(followUpId: string, at: number): Promise<void> {
      await db.updateTable('captureFollowUp').set({ sentAt: at }).where('id', '=', followUpId).execute();
    },
  };
}
export type CaptureFollowUpRepository = ReturnType<typeof createCaptureFollowUpRepository>;
