import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Issue 28, the operator's console: who is an operator (`operatorGrant`, besides
 * OPERATOR_EMAILS), the minted batches (`cardBatch`, with the print bundle's progress), the
 * append-only audit log (`operatorAudit`: triggers refuse every UPDATE and DELETE on both
 * engines) and two card columns: `blocked` (epoch ms, null when not blocked) and `batchId`.
 * The inventory pages by card id (keyset); the indexes below let each filter walk its own
 * rows in id order, so a page stays a short index range scan at a million cards.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('card').addColumn('blocked', 'bigint').execute();
  await db.schema.alterTable('card').addColumn('batchId', 'text').execute();
  // Pages are in byte order of the id on both engines (SQLite's default; "C" on PostgreSQL,
  // whatever the database's collation), so a prefix search is a plain range of the index.
  const id = pg ? 'id collate "C"' : 'id';
  const indexes = [
    `card_id_bytes_idx on card (${id})`,
    `card_batch_id_idx on card ("batchId", ${id})`,
    `card_edition_id_idx on card (edition, ${id})`,
    `card_blocked_id_idx on card (${id}) where blocked is not null`,
    `card_minted_id_idx on card (${id}) where "userId" is null and blocked is null`,
    `card_registered_id_idx on card (${id}) where "userId" is not null and blocked is null`,
    `card_registered_idx on card (registered) where registered is not null`,
    `"visitCount_metric_day_idx" on "visitCount" (metric, day)`,
  ];
  for (const index of indexes) await sql.raw(`create index ${index}`).execute(db);

  await db.schema
    .createTable('operatorGrant')
    .addColumn('email', 'text', (c) => c.primaryKey())
    .addColumn('granted', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('cardBatch')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('createdBy', 'text', (c) => c.notNull())
    .addColumn('bundleState', 'text', (c) => c.notNull())
    .addColumn('bundleDone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bundleKey', 'text')
    .execute();
  await db.schema.createIndex('cardBatch_created_idx').on('cardBatch').column('created').execute();

  await db.schema
    .createTable('operatorAudit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('operator', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('operatorAudit_at_idx').on('operatorAudit').columns(['at', 'id']).execute();

  if (pg) {
    await sql`create function "operatorAudit_append_only"() returns trigger language plpgsql as $$
      begin raise exception 'operatorAudit is append-only'; end $$`.execute(db);
    await sql`create trigger "operatorAudit_no_change" before update or delete on "operatorAudit"
      for each row execute function "operatorAudit_append_only"()`.execute(db);
  } else {
    for (const event of ['update', 'delete'])
      await sql
        .raw(`create trigger "operatorAudit_no_${event}" before ${event} on "operatorAudit" begin select raise(abort, 'operatorAudit is append-only'); end`)
        .execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.dropTable('operatorAudit').ifExists().execute();
  if (pg) await sql`drop function if exists "operatorAudit_append_only"()`.execute(db);
  await db.schema.dropTable('cardBatch').ifExists().execute();
  await db.schema.dropTable('operatorGrant').ifExists().execute();
  for (const index of [
    'card_id_bytes_idx',
    'card_batch_id_idx',
    'card_edition_id_idx',
    'card_blocked_id_idx',
    'card_minted_id_idx',
    'card_registered_id_idx',
    'card_registered_idx',
    'visitCount_metric_day_idx',
  ])
    await db.schema.dropIndex(index).ifExists().execute();
  await db.schema.alterTable('card').dropColumn('batchId').execute();
  await db.schema.alterTable('card').dropColumn('blocked').execute();
}
