import type { Kysely } from 'kysely';

const epoch = 'bigint';

/**
 * Issue 37, leads into a company's CRM (docs/integrations.md "CRM"): `crmConnection` is one
 * OAuth grant of an organisation (`scope` = `org:{id}`) or of one owner (`user:{id}`) to HubSpot,
 * Salesforce or Pipedrive, its tokens sealed by the webhook secrets' box; `crmOauthState` the
 * single-use state of a connect (its SHA-256, 10 minutes, bound to the account and the
 * organisation); `crmSync` one lead's state in one connection: waiting (an upsert or a deletion to
 * send), synced (with the record's id and link) or failed (with the reason). It names the lead
 * without a foreign key, so a deleted lead's row stays until its deletion has reached the CRM.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('crmConnection')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('organisationId', 'text', (c) => c.references('organisation.id').onDelete('cascade'))
    .addColumn('accountName', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accountId', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('apiBase', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('accessToken', 'text', (c) => c.notNull())
    .addColumn('refreshToken', 'text', (c) => c.notNull())
    .addColumn('expiresAt', epoch, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('lastSyncAt', epoch)
    .addColumn('lastError', 'text')
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('updated', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('crmConnection_scope_provider').on('crmConnection').columns(['scope', 'provider']).unique().execute();
  await db.schema
    .createTable('crmOauthState')
    .addColumn('stateHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('organisationId', 'text')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('expiresAt', epoch, (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('crmSync')
    .addColumn('connectionId', 'text', (c) => c.notNull().references('crmConnection.id').onDelete('cascade'))
    .addColumn('leadId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('op', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('remoteId', 'text')
    .addColumn('link', 'text')
    .addColumn('error', 'text')
    .addColumn('updated', epoch, (c) => c.notNull())
    .addPrimaryKeyConstraint('crmSync_pk', ['connectionId', 'leadId'])
    .execute();
  await db.schema.createIndex('crmSync_lead').on('crmSync').column('leadId').execute();
  await db.schema.createIndex('crmSync_waiting').on('crmSync').columns(['connectionId', 'state', 'updated']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('crmSync').execute();
  await db.schema.dropTable('crmOauthState').execute();
  await db.schema.dropTable('crmConnection').execute();
}
