import { type Kysely } from 'kysely';

/**
 * Counters of the product's own rate limits (server/lib/rate-limiter.ts): one row per rule, subject
 * and fixed window, so every instance on the database counts the same requests.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rateCounter')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rateCounter_expiresAt_idx').on('rateCounter').column('expiresAt').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rateCounter').ifExists().execute();
}
