import type { Kysely } from 'kysely';

/**
 * Issue 38: a lead left within 30 minutes after a verified tap of the card that brought the
 * visitor is "met in person" (`metInPerson` 1, else 0), decided once when the lead is stored, so
 * the inbox, its exports and the webhook's `lead.created` say the same. A constant default adds
 * the column without rewriting the table on PostgreSQL; every older lead reads 0.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lead')
    .addColumn('metInPerson', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead').dropColumn('metInPerson').execute();
}
