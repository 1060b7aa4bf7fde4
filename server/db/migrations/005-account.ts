import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 13: the tables and columns of better-auth's two-factor and passkey plugins, as its own
 * generator writes them for each engine (see 001-initial.ts for the type mapping).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = pg ? 'timestamptz' : 'date';
  const bool = pg ? 'boolean' : 'integer';
  const no = pg ? sql`false` : sql`0`;
  const yes = pg ? sql`true` : sql`1`;

  await db.schema
    .alterTable('user')
    .addColumn('twoFactorEnabled', sql.raw(bool), (c) => c.defaultTo(no))
    .execute();
  await db.schema
    .createTable('twoFactor')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('backupCodes', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('verified', sql.raw(bool), (c) => c.defaultTo(yes))
    .addColumn('failedVerificationCount', 'integer', (c) => c.defaultTo(0))
    .addColumn('lockedUntil', sql.raw(date))
    .execute();
  await db.schema.createIndex('twoFactor_secret_idx').on('twoFactor').column('secret').execute();
  await db.schema.createIndex('twoFactor_userId_idx').on('twoFactor').column('userId').execute();

  await db.schema
    .createTable('passkey')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('publicKey', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('credentialID', 'text', (c) => c.notNull())
    .addColumn('counter', 'integer', (c) => c.notNull())
    .addColumn('deviceType', 'text', (c) => c.notNull())
    .addColumn('backedUp', sql.raw(bool), (c) => c.notNull())
    .addColumn('transports', 'text')
    .addColumn('createdAt', sql.raw(date))
    .addColumn('aaguid', 'text')
    .execute();
  await db.schema.createIndex('passkey_userId_idx').on('passkey').column('userId').execute();
  await db.schema.createIndex('passkey_credentialID_idx').on('passkey').column('credentialID').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('passkey').ifExists().execute();
  await db.schema.dropTable('twoFactor').ifExists().execute();
  await db.schema.alterTable('user').dropColumn('twoFactorEnabled').execute();
}
