import type { Kysely } from 'kysely';

/**
 * Issue 36, captured leads: a lead the owner typed in or read from a paper card, a badge or a
 * QR code at a fair (`method`; `form` for the leads visitors leave on a page), with the owner's
 * note, tags (a JSON array), the event it was captured at, when it was captured on the phone
 * (`capturedAt`, which may be hours before it reached the server), the card's further fields,
 * and the phone's own id of the capture (`clientId`), unique per account that captured it
 * (`capturedBy`), so a capture sent twice is stored once. NULLs are distinct in a unique index
 * on SQLite and PostgreSQL alike, so the leads of the form (no clientId) never collide.
 *
 * `captureEvent`: a fair or meeting captures are grouped by; either one account's own
 * (`userId`) or an organisation's (`organisationId`), shared by its members. Each row is
 * deleted with the account or organisation that holds it; its creator is only remembered.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const text = (name: string, fallback: string) =>
    db.schema
      .alterTable('lead')
      .addColumn(name, 'text', (c) => c.notNull().defaultTo(fallback))
      .execute();
  await text('method', 'form');
  await text('note', '');
  await text('tags', '[]');
  await text('eventId', '');
  for (const field of ['firstName', 'lastName', 'jobTitle', 'mobile', 'website', 'street', 'zip', 'city', 'country']) await text(field, '');
  await db.schema.alterTable('lead').addColumn('capturedAt', 'bigint').execute();
  await db.schema.alterTable('lead').addColumn('clientId', 'text').execute();
  await db.schema.alterTable('lead').addColumn('capturedBy', 'text').execute();
  await db.schema.createIndex('lead_capturedBy_clientId_idx').on('lead').columns(['capturedBy', 'clientId']).unique().execute();
  await db.schema.createIndex('lead_eventId_idx').on('lead').column('eventId').execute();

  await db.schema
    .createTable('captureEvent')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.references('user.id').onDelete('cascade'))
    .addColumn('organisationId', 'text', (c) => c.references('organisation.id').onDelete('cascade'))
    .addColumn('createdBy', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('startsOn', 'text', (c) => c.notNull())
    .addColumn('endsOn', 'text', (c) => c.notNull())
    .addColumn('created', 'bigint', (c) => c.notNull())
    .addColumn('updated', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('captureEvent_userId_idx').on('captureEvent').column('userId').execute();
  await db.schema.createIndex('captureEvent_organisationId_idx').on('captureEvent').column('organisationId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captureEvent').execute();
  await db.schema.dropIndex('lead_eventId_idx').execute();
  await db.schema.dropIndex('lead_capturedBy_clientId_idx').execute();
  const columns = ['capturedBy', 'clientId', 'capturedAt', 'country', 'city', 'zip', 'street', 'website', 'mobile', 'jobTitle', 'lastName', 'firstName'];
  for (const column of [...columns, 'eventId', 'tags', 'note', 'method']) await db.schema.alterTable('lead').dropColumn(column).execute();
}
