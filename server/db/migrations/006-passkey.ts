import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 13.6: the table of better-auth's passkey plugin (`@better-auth/passkey`), as its
 * generator writes it for each engine (see 001-initial.ts for the type mapping). The plugin
 * finds a passkey by `credentialID` at sign-in and lists them by `userId`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = pg ? 'timestamptz' : 'date';
  const bool = pg ? 'boolean' : 'integer';

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
}
