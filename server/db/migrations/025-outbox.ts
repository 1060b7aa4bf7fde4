import { sql, type Kysely } from 'kysely';

/**
 * Issue 34: one transactional outbox for everything that leaves the server (docs/outbox.md).
 * A change writes its message into `outboxMessage` inside its own transaction; one worker per
 * instance claims due messages and hands each to the handler of its `type`.
 *
 * - `status`: waiting (due at `availableAt`), leased (claimed by a worker until `availableAt`,
 *   its lease; a lease that runs out makes the message due again) or dead (given up after the
 *   type's attempts; kept for the operator, listed in GET /healthz/outbox).
 * - `key`: what the message is about (an endpoint, a pass object): a worker runs at most one
 *   batch per key at once, and a coalescing enqueue adds nothing while one waits for the key.
 * - `attempts`: how often it was claimed; `lastError` the last failure's text (no secrets).
 *
 * The effects that had their own tables before are moved here: a pending webhook delivery and a
 * pending Google Wallet object update each get their message, so nothing due is lost by the move.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outboxMessage')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('key', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('availableAt', 'bigint', (c) => c.notNull())
    .addColumn('lastError', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute();
  // The worker's poll: due rows among the waiting and the leased ones.
  await db.schema.createIndex('outboxMessage_due_idx').on('outboxMessage').columns(['status', 'availableAt']).execute();
  // A coalescing enqueue: is one waiting for this type and key?
  await db.schema.createIndex('outboxMessage_key_idx').on('outboxMessage').columns(['type', 'key']).execute();

  const now = Date.now();
  await sql`insert into "outboxMessage" ("id", "type", "key", "payload", "status", "attempts", "availableAt", "created", "updated")
    select 'm025' || "id", 'webhook.delivery', 'webhook-endpoint:' || "endpointId", '{"deliveryId":"' || "id" || '"}', 'waiting', 0, "nextAttemptAt", ${now}, ${now}
    from "webhookDelivery" where "status" = 'pending'`.execute(db);
  await sql`insert into "outboxMessage" ("id", "type", "key", "payload", "status", "attempts", "availableAt", "created", "updated")
    select 'm025' || "objectId", 'wallet.google.object', 'google-object:' || "objectId", '{"objectId":"' || "objectId" || '"}', 'waiting', "attempts", "nextAttemptAt", ${now}, ${now}
    from "googleWalletObject" where "status" in ('pending', 'sending')`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('outboxMessage').ifExists().execute();
}
