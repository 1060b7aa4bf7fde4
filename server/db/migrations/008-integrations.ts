import type { Kysely } from 'kysely';

/**
 * Issue 25, integrations: the owner's webhook endpoints (Standard Webhooks 1.0), the outbox of
 * deliveries written in the same transaction as the change that caused them, every attempt of a
 * delivery (the owner's delivery log), and the owner's API tokens (only their SHA-256 is stored).
 * Every table names the account (`userId`), so the account deletion removes its rows.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const epoch = 'bigint';
  await db.schema
    .createTable('webhookEndpoint')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    // Space-separated event types.
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    // After a rotation the old secret signs beside the new one until previousSecretUntil.
    .addColumn('previousSecret', 'text')
    .addColumn('previousSecretUntil', epoch)
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('disabledReason', 'text')
    // The first failed attempt since the last success; five days of failures disable the endpoint.
    .addColumn('failingSince', epoch)
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('updated', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhookEndpoint_userId_idx').on('webhookEndpoint').columns(['userId', 'created']).execute();

  await db.schema
    .createTable('webhookDelivery')
    // The Standard Webhooks message id (`webhook-id`), the same on every attempt.
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpointId', 'text', (c) => c.notNull().references('webhookEndpoint.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('eventType', 'text', (c) => c.notNull())
    // The exact body sent: `{type, timestamp, data}`.
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending, delivered or failed.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When a worker may take it next; a worker that claims it moves this on by its lease.
    .addColumn('nextAttemptAt', epoch, (c) => c.notNull())
    .addColumn('lastAttemptAt', epoch)
    .addColumn('lastResponseStatus', 'integer')
    .addColumn('created', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhookDelivery_due_idx').on('webhookDelivery').columns(['status', 'nextAttemptAt']).execute();
  await db.schema.createIndex('webhookDelivery_endpoint_idx').on('webhookDelivery').columns(['endpointId', 'created']).execute();

  await db.schema
    .createTable('webhookAttempt')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('deliveryId', 'text', (c) => c.notNull().references('webhookDelivery.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('attemptedAt', epoch, (c) => c.notNull())
    .addColumn('durationMs', 'integer', (c) => c.notNull())
    .addColumn('responseStatus', 'integer')
    // Why no answer came (timeout, refused address, connection error).
    .addColumn('error', 'text')
    .addColumn('requestHeaders', 'text', (c) => c.notNull())
    // At most 64 KB were read; the log keeps the first 4 KB.
    .addColumn('responseBody', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('webhookAttempt_delivery_idx').on('webhookAttempt').columns(['deliveryId', 'attemptedAt']).execute();

  await db.schema
    .createTable('apiToken')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // SHA-256 (hex) of the token: the token itself is shown once and never stored.
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    // Space-separated scopes.
    .addColumn('scopes', 'text', (c) => c.notNull())
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('lastUsedAt', epoch)
    .execute();
  await db.schema.createIndex('apiToken_userId_idx').on('apiToken').columns(['userId', 'created']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('apiToken').execute();
  await db.schema.dropTable('webhookAttempt').execute();
  await db.schema.dropTable('webhookDelivery').execute();
  await db.schema.dropTable('webhookEndpoint').execute();
}
