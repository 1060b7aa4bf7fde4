import type { Kysely } from 'kysely';

/**
 * Issue 23: the language the owner last used (`de` or `en`), set at sign-up and at each sign-in
 * from the app's language. Mails that no request of the owner caused (a new lead, say) are
 * written in it. Null for accounts from before: their mails fall back to English (D1).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('user').dropColumn('language').execute();
}
