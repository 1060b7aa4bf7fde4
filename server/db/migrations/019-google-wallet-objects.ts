import type { Kysely } from 'kysely';

/**
 * Issue 26: Google Wallet passes that stay current. `googleWalletObject` is one row per pass
 * object a save link carried (`{issuerId}.{cardId}`): whose link it was, the language of its
 * texts, a hash of what Google was last given, and the pending update of the object, which is
 * its own outbox: `status` idle, pending (due at `nextAttemptAt`) or sending (claimed by a
 * worker until `nextAttemptAt`, its lease); `again` marks a change that came in while sending.
 * One row per object is what coalesces: any number of edits before the PATCH leave one update.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('googleWalletObject')
    .addColumn('objectId', 'text', (c) => c.primaryKey())
    .addColumn('cardId', 'text', (c) => c.notNull().references('card.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('contentHash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('again', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'bigint', (c) => c.notNull())
    .addColumn('lastAttemptAt', 'bigint')
    .addColumn('lastResult', 'text')
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('googleWalletObject_cardId_idx').on('googleWalletObject').column('cardId').execute();
  await db.schema.createIndex('googleWalletObject_userId_idx').on('googleWalletObject').column('userId').execute();
  // The workers' poll: due rows among the pending and the claimed ones.
  await db.schema.createIndex('googleWalletObject_due_idx').on('googleWalletObject').columns(['status', 'nextAttemptAt']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('googleWalletObject').ifExists().execute();
}
