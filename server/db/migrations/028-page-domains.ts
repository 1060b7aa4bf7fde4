import { sql, type Kysely } from 'kysely';

/**
 * Issue 39, the company's own page host (docs/page-domains.md): the host an organisation's
 * members' company pages answer at (`cards.acme.com`). One organisation, one host: the
 * organisation's id is the key. `host` is lower-case; `token` is the random value of the DNS TXT
 * record that proves it; `verified` (epoch ms) and `verifiedBy` ('dns' or 'operator') stay null
 * until it is proved. Several organisations may name one host while none has proved it; once one
 * has, the partial unique index refuses it to every other (SQLite and PostgreSQL both have
 * partial indexes), also when two verify at the same moment. `cardBatch.pageHost`: the host a
 * batch of the organisation's cards was minted with (null: PUBLIC_URL).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('organisationPageDomain')
    .addColumn('organisationId', 'text', (c) => c.primaryKey().references('organisation.id').onDelete('cascade'))
    .addColumn('host', 'text', (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified', 'bigint')
    .addColumn('verifiedBy', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('organisationPageDomain_verified_idx')
    .on('organisationPageDomain')
    .column('host')
    .unique()
    .where(sql.ref('verified'), 'is not', null)
    .execute();
  // A batch of an organisation's cards minted with its host: the print files' links name it.
  await db.schema.alterTable('cardBatch').addColumn('pageHost', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('cardBatch').dropColumn('pageHost').execute();
  await db.schema.dropTable('organisationPageDomain').execute();
}
