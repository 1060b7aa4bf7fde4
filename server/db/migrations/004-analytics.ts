import { sql, type Kysely } from 'kysely';

/**
 * Issue 12 analytics: daily aggregates, one row per (profile, card, day, source, metric, link)
 * holding a count. No visitor is stored: no address, no agent, no cookie, only how many.
 * `cardId` and `linkId` are '' when a count has none, so the key can be a plain primary key
 * (NULLs never conflict) and the flush can add to it with one upsert on SQLite and PostgreSQL.
 * The key starts with the profile and the day: the statistics read one profile's range.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('visitCount')
    .addColumn('profileId', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('cardId', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('linkId', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitCount_pk', ['profileId', 'day', 'cardId', 'source', 'metric', 'linkId'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('visitCount').ifExists().execute();
}
