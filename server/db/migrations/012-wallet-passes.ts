import type { Kysely } from 'kysely';

/**
 * Issue 26: Apple Wallet passes that stay current. `walletPass` is one row per card whose pass
 * an owner downloaded (the serial number is the card id): whose download it was, a hash of what
 * the pass shows and when that last changed (the `passesUpdatedSince` tag of Apple's web
 * service). `walletDevice` holds the devices that registered a pass for updates, with the push
 * token Apple's notification service takes.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('walletPass')
    .addColumn('serialNumber', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('contentHash', 'text', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('walletDevice')
    .addColumn('deviceLibraryIdentifier', 'text', (c) => c.notNull())
    .addColumn('serialNumber', 'text', (c) => c.notNull().references('walletPass.serialNumber').onDelete('cascade'))
    .addColumn('pushToken', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('walletDevice_pk', ['deviceLibraryIdentifier', 'serialNumber'])
    .execute();
  await db.schema.createIndex('walletDevice_serialNumber_idx').on('walletDevice').column('serialNumber').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('walletDevice').ifExists().execute();
  await db.schema.dropTable('walletPass').ifExists().execute();
}
