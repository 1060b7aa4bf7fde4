import type { Kysely } from 'kysely';

/**
 * Issue 27, company sign-in by e-mail domain (docs/teams.md "E-mail domains"): the domains an
 * organisation claims. `domain` is lower-case and unique across all organisations, so a second
 * claim of one domain is refused by the database itself. `token` is the random value of the DNS
 * TXT record that proves it; `verified` (epoch ms) and `verifiedBy` ('dns' or 'operator') stay
 * null until it is proved. Company sign-ins with an address of a verified domain join it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const epoch = 'bigint';
  await db.schema
    .createTable('organisationDomain')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified', epoch)
    .addColumn('verifiedBy', 'text')
    .addColumn('created', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organisationDomain_org_idx').on('organisationDomain').column('organisationId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('organisationDomain').execute();
}
