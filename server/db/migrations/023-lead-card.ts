import type { Kysely } from 'kysely';

/**
 * Issue 25: a lead names the card whose scan brought the visitor (`cardId`, '' when the visit
 * came another way or the card no longer showed that profile), so the webhook's `lead.created`
 * tells a CRM which card was handed over. A constant default adds the column without rewriting
 * the table on PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('lead')
    .addColumn('cardId', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('lead').dropColumn('cardId').execute();
}
