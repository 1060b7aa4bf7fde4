import type { Kysely } from 'kysely';

/**
 * Issue 36, the follow-up mail to a captured person: the owner's own texts per language and the
 * meeting link (`captureFollowUpSettings`, one row per account, none until the owner saves), and
 * each follow-up asked for (`captureFollowUp`): the outbox message names its id, the mail is
 * built from the rows when it is sent, and `sentAt` is set then. A follow-up goes with its lead
 * and with the account.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('captureFollowUpSettings')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('user.id').onDelete('cascade'))
    .addColumn('meetingLink', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subjectDe', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bodyDe', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subjectEn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('bodyEn', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('captureFollowUp')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('leadId', 'text', (c) => c.notNull().references('lead.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('sentAt', 'bigint')
    .execute();
  await db.schema.createIndex('captureFollowUp_leadId_idx').on('captureFollowUp').column('leadId').execute();
  await db.schema.createIndex('captureFollowUp_userId_idx').on('captureFollowUp').column('userId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captureFollowUp').execute();
  await db.schema.dropTable('captureFollowUpSettings').execute();
}
