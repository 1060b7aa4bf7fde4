import type { Kysely } from 'kysely';

/**
 * Issue 24, what teams left open (docs/teams.md):
 * - `organisationTemplate.links`: a template's link set, a JSON array of `{type, link, name}`;
 * - `link.templateId`: a company link, put into a profile by that template (null for the
 *   member's own links); while the template locks `links` the member cannot change or remove it,
 *   and a change of the template replaces these rows in every member's profile;
 * - `organisationInvitation.firstName`, `lastName`, `jobTitle`: what the admin's CSV said of the
 *   invitee, the starting values of the company profile they make; `acceptedBy`: the account that
 *   accepted (any account may, docs/teams.md), so its company profile finds them.
 * Only added columns (nullable or with a constant default): no row is rewritten.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('organisationTemplate')
    .addColumn('links', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  // No foreign key: on PostgreSQL adding one scans the whole link table under the ALTER's lock
  // (every page waits), and deleting an organisation's templates would scan it again for
  // `set null`. A template goes only with its organisation, whose members' links then simply
  // follow no template: the locks are read through `templatedProfile`, which goes with it.
  await db.schema.alterTable('link').addColumn('templateId', 'text').execute();
  for (const column of ['firstName', 'lastName', 'jobTitle'])
    await db.schema
      .alterTable('organisationInvitation')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  await db.schema
    .alterTable('organisationInvitation')
    .addColumn('acceptedBy', 'text', (c) => c.references('user.id').onDelete('set null'))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['acceptedBy', 'jobTitle', 'lastName', 'firstName']) await db.schema.alterTable('organisationInvitation').dropColumn(column).execute();
  await db.schema.alterTable('link').dropColumn('templateId').execute();
  await db.schema.alterTable('organisationTemplate').dropColumn('links').execute();
}
