import type { Kysely } from 'kysely';

/**
 * Issue 26's page themes and issue 24's brand (docs/themes.md):
 * - `profile.theme` ('light', 'dark' or 'system'), `accentColour` and `backgroundColour`
 *   (`#rrggbb`, '' for the theme's own), `buttonShape` ('rounded', 'pill', 'square') and
 *   `backgroundImageKey` (an upload, null for none). The defaults are the page's look before
 *   issue 26, so existing pages stay exactly as they were.
 * - `organisation.logoKey` (the brand's logo, an upload) and `brandColourDark` (the brand colour
 *   of dark pages, '' to derive it from `brandColour`).
 * Adding columns with constant defaults rewrites no rows on PostgreSQL 11+ or SQLite.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('profile')
    .addColumn('theme', 'text', (c) => c.notNull().defaultTo('light'))
    .execute();
  await db.schema
    .alterTable('profile')
    .addColumn('accentColour', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('profile')
    .addColumn('buttonShape', 'text', (c) => c.notNull().defaultTo('rounded'))
    .execute();
  await db.schema
    .alterTable('profile')
    .addColumn('backgroundColour', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.alterTable('profile').addColumn('backgroundImageKey', 'text').execute();
  await db.schema.alterTable('organisation').addColumn('logoKey', 'text').execute();
  await db.schema
    .alterTable('organisation')
    .addColumn('brandColourDark', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ['theme', 'accentColour', 'buttonShape', 'backgroundColour', 'backgroundImageKey'])
    await db.schema.alterTable('profile').dropColumn(column).execute();
  for (const column of ['logoKey', 'brandColourDark']) await db.schema.alterTable('organisation').dropColumn(column).execute();
}
