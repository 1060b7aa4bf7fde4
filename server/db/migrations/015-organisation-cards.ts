import type { Kysely } from 'kysely';

/**
 * Issue 24, cards for a team and offboarding (docs/teams.md). `card.organisationId`: the
 * organisation a card was registered to in bulk; such a card is never claimed by an owner's
 * registration, its admins assign it to members (`card.userId`, `card.profileId` as for any
 * card). `profile.leftCompany`: set when the profile's owner was removed from the organisation
 * whose template made it, a JSON object of the company's contact (`name`, `websiteUrl`,
 * `phone`) that the public page shows instead of the person's details; null otherwise.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('card')
    .addColumn('organisationId', 'text', (c) => c.references('organisation.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('card_organisationId_idx').on('card').columns(['organisationId', 'userId']).execute();
  await db.schema.alterTable('profile').addColumn('leftCompany', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('card_organisationId_idx').execute();
  await db.schema.alterTable('card').dropColumn('organisationId').execute();
  await db.schema.alterTable('profile').dropColumn('leftCompany').execute();
}
