import { sql, type Kysely } from 'kysely';

/**
 * Issue 33, two rules of the team features that the schema must hold:
 *
 * - `scimUser.offboardedAt`: when SCIM's own deactivation (or DELETE) ended this person's
 *   membership. A reactivation restores only such a membership; one an admin ended by hand (or
 *   that ended any other way) needs an invitation (docs/scim.md "Reactivation").
 * - `organisationDomain`: a claim holds its domain only once verified. Several organisations may
 *   claim one domain while none has proved it (each has its own TXT token), so the key becomes
 *   (organisationId, domain) and the domain is unique only over verified rows (a partial unique
 *   index, which SQLite and PostgreSQL both have). SQLite cannot change a primary key in place:
 *   the table is built anew and the rows copied.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scimUser').addColumn('offboardedAt', 'bigint').execute();

  await db.schema.dropIndex('organisationDomain_org_idx').execute();
  await db.schema.alterTable('organisationDomain').renameTo('organisationDomain_024').execute();
  await createDomainTable(db);
  await sql`insert into "organisationDomain" ("domain", "organisationId", "token", "verified", "verifiedBy", "created")
    select "domain", "organisationId", "token", "verified", "verifiedBy", "created" from "organisationDomain_024"`.execute(db);
  await db.schema.dropTable('organisationDomain_024').execute();
  await db.schema
    .createIndex('organisationDomain_verified_idx')
    .on('organisationDomain')
    .column('domain')
    .unique()
    .where(sql.ref('verified'), 'is not', null)
    .execute();
  // Lookups by domain alone (the claim check, the join at a company sign-in).
  await db.schema.createIndex('organisationDomain_domain_idx').on('organisationDomain').column('domain').execute();
}

async function createDomainTable(db: Kysely<any>) {
  await db.schema
    .createTable('organisationDomain')
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified', 'bigint')
    .addColumn('verifiedBy', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    // Named: PostgreSQL keeps the renamed table's own key name until that table is dropped.
    .addPrimaryKeyConstraint('organisationDomain_org_domain_pk', ['organisationId', 'domain'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('scimUser').dropColumn('offboardedAt').execute();
  await db.schema.dropIndex('organisationDomain_verified_idx').execute();
  await db.schema.dropIndex('organisationDomain_domain_idx').execute();
  // Back to one claim per domain: the verified claim, else the oldest.
  await sql`delete from "organisationDomain" where exists (select 1 from "organisationDomain" o
    where o."domain" = "organisationDomain"."domain" and (o."verified" is not null and "organisationDomain"."verified" is null
      or (o."verified" is null) = ("organisationDomain"."verified" is null) and o."created" < "organisationDomain"."created"))`.execute(db);
  await db.schema.alterTable('organisationDomain').renameTo('organisationDomain_024').execute();
  await db.schema
    .createTable('organisationDomain')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('token', 'text', (c) => c.notNull())
    .addColumn('verified', 'bigint')
    .addColumn('verifiedBy', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into "organisationDomain" select "domain", "organisationId", "token", "verified", "verifiedBy", "created" from "organisationDomain_024"`.execute(
    db,
  );
  await db.schema.dropTable('organisationDomain_024').execute();
  await db.schema.createIndex('organisationDomain_org_idx').on('organisationDomain').column('organisationId').execute();
}
