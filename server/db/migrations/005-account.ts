import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 13: the table and column of better-auth's two-factor plugin, as its own
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
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('twoFactor').ifExists().execute();
  await db.schema.alterTable('user').dropColumn('twoFactorEnabled').execute();
}
