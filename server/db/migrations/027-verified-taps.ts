import type { Kysely } from 'kysely';

/**
 * Issue 38, verified taps (NTAG 424 DNA SUN): a batch's chip keys, sealed (`tapBatchKey`); per
 * card of such a batch its chip (`cardChip`: the UID its first verified tap bound and the last
 * verified counter, raised by one conditional UPDATE so two instances never both accept one
 * counter); every tap judged (`tap`, paged newest first per card, and the alerts' index over
 * replayed and invalid ones); the first alert of a card and day (`tapAlert`, whose primary key
 * lets exactly one instance send its mail). Cards of other batches have no rows here.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('tapBatchKey')
    .addColumn('batchId', 'text', (c) => c.primaryKey())
    .addColumn('metaReadKey', 'text', (c) => c.notNull())
    .addColumn('fileReadKey', 'text', (c) => c.notNull())
    .addColumn('diversified', 'integer', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('cardChip')
    .addColumn('cardId', 'text', (c) => c.primaryKey())
    .addColumn('batchId', 'text', (c) => c.notNull())
    .addColumn('uid', 'text')
    .addColumn('counter', 'bigint', (c) => c.notNull().defaultTo(-1))
    .addColumn('lastVerified', 'bigint')
    .execute();
  await db.schema
    .createTable('tap')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('cardId', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint')
    .addColumn('uid', 'text')
    .execute();
  await db.schema.createIndex('tap_card_at_idx').on('tap').columns(['cardId', 'at', 'id']).execute();
  await db.schema.createIndex('tap_result_at_idx').on('tap').columns(['result', 'at']).execute();
  await db.schema
    .createTable('tapAlert')
    .addColumn('cardId', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('tapAlert_pk', ['cardId', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['tapAlert', 'tap', 'cardChip', 'tapBatchKey']) await db.schema.dropTable(table).ifExists().execute();
}
