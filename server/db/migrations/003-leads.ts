import { sql, type Kysely } from 'kysely';

/**
 * Issue 12, leads: the visitor's optional details, the consent they were given under, where the
 * visit came from, the owner's follow-up status, and a lower-case search text. Old leads keep
 * empty details, no consent (they were stored before the line existed), source `link`, status
 * `new`. SQLite adds one column per ALTER TABLE, so each column is its own statement.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const text = (name: string, fallback: string) =>
    db.schema
      .alterTable('lead')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(fallback))
      .execute();
  await text('name', '');
  await text('phone', '');
  await text('company', '');
  await text('message', '');
  await text('consentText', '');
  await text('consentVersion', '');
  await db.schema.alterTable('lead').addColumn('consentAt', 'bigint').execute();
  await text('source', 'link');
  await text('status', 'new');
  // Lower-cased in JavaScript (umlauts included), so search is the same `like` on both engines.
  await text('searchText', '');
  await db
    .updateTable('lead')
    .set({ searchText: sql`lower(email)` })
    .execute();
  // The owner's list: newest first per profile, the (created, id) key of its cursor, and its status filter.
  await db.schema.dropIndex('lead_profileId_idx').execute();
  await db.schema.createIndex('lead_profileId_created_idx').on('lead').columns(['profileId', 'created', 'id']).execute();
  await db.schema.createIndex('lead_profileId_status_idx').on('lead').columns(['profileId', 'status']).execute();
  // The retention job deletes by age.
  await db.schema.createIndex('lead_created_idx').on('lead').column('created').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('lead_created_idx').execute();
  await db.schema.dropIndex('lead_profileId_status_idx').execute();
  await db.schema.dropIndex('lead_profileId_created_idx').execute();
  await db.schema.createIndex('lead_profileId_idx').on('lead').columns(['profileId', 'created']).execute();
  for (const column of ['searchText', 'status', 'source', 'consentAt', 'consentVersion', 'consentText', 'message', 'company', 'phone', 'name']) {
    await db.schema.alterTable('lead').dropColumn(column).execute();
  }
}
