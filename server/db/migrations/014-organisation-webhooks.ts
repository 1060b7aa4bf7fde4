import type { Kysely } from 'kysely';

/**
 * Issue 25 with organisations (docs/integrations.md "Organisations"): an endpoint may belong to
 * an organisation (`organisationId`), made and managed by its owners and admins. Such an endpoint
 * receives `member.added` and `member.removed` and the events of its members' company profiles;
 * it goes with the organisation. `userId` stays the account that made it (the delivery log and
 * the limits are counted there). Endpoints without `organisationId` are an owner's own, as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhookEndpoint')
    .addColumn('organisationId', 'text', (c) => c.references('organisation.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('webhookEndpoint_organisationId_idx').on('webhookEndpoint').columns(['organisationId', 'created']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhookEndpoint_organisationId_idx').execute();
  await db.schema.alterTable('webhookEndpoint').dropColumn('organisationId').execute();
}
