import type { Kysely } from 'kysely';

/**
 * Issue 25 with issue 24's teams (docs/integrations.md "Organisation tokens"):
 * `apiToken.organisationId` names the organisation whose leads a token reads; null for an
 * owner's own token. The token goes with the organisation (cascade) and with the account that
 * made it (as every token); while it lives, each call checks that account is still an owner or
 * admin of the organisation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('apiToken')
    .addColumn('organisationId', 'text', (c) => c.references('organisation.id').onDelete('cascade'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('apiToken').dropColumn('organisationId').execute();
}
