import type { Kysely } from 'kysely';

/**
 * Issue 27: a company sign-in looks up the directory's users by their address across all
 * organisations (a person provisioned by SCIM joins at their first company sign-in), and an
 * accepted invitation looks up the organisation's user of the invited address. Both read by
 * `email` (stored lower-case), which no earlier index covers.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('scimUser_email_idx').on('scimUser').columns(['email', 'organisationId']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('scimUser_email_idx').execute();
}
