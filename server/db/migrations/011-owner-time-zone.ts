import { sql, type Kysely } from 'kysely';

/**
 * Issue 23: statistics and the leads export in the owner's time zone (docs/decisions.md
 * "Statistics in the owner's time zone").
 *
 * - `user.timeZone`: the IANA name of the owner's browser zone (`Europe/Berlin`), set by the
 *   owner app (`POST /account/time-zone`). Null for accounts that have not sent one yet: UTC.
 * - `visitCount.day` becomes `visitCount.hour`: visits are counted per UTC hour
 *   (`YYYY-MM-DDTHH`) and grouped into the owner's days when read. The daily rows counted
 *   before are put at noon UTC of their day, the one hour that lies on the same date in every
 *   zone from UTC−12 to UTC+11, so old statistics keep their dates wherever the owner lives.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').addColumn('timeZone', 'text').execute();
  await db.schema.alterTable('visitCount').renameColumn('day', 'hour').execute();
  await db
    .updateTable('visitCount')
    .set({ hour: sql`${sql.ref('hour')} || 'T12'` })
    .where(sql`length(${sql.ref('hour')})`, '=', 10)
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  // Hours back to days: the rows of one day are summed into one.
  await db.schema
    .createTable('visitCountDay')
    .addColumn('profileId', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('cardId', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('linkId', 'text', (c) => c.notNull().defaultTo(sql`''`))
    .addColumn('count', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitCountDay_pk', ['profileId', 'day', 'cardId', 'source', 'metric', 'linkId'])
    .execute();
  await sql`insert into ${sql.table('visitCountDay')} ("profileId", "day", "cardId", "source", "metric", "linkId", "count")
    select "profileId", substr("hour", 1, 10), "cardId", "source", "metric", "linkId", sum("count")
    from ${sql.table('visitCount')} group by "profileId", substr("hour", 1, 10), "cardId", "source", "metric", "linkId"`.execute(db);
  await db.schema.dropTable('visitCount').execute();
  await db.schema.alterTable('visitCountDay').renameTo('visitCount').execute();
  await db.schema.alterTable('user').dropColumn('timeZone').execute();
}
