import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * The whole schema: better-auth's tables (as its own migration generator writes them for
 * each engine) and the product's tables. Engine differences are limited to column types.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const date = pg ? 'timestamptz' : 'date';
  const bool = pg ? 'boolean' : 'integer';
  const epoch = 'bigint';

  await db.schema
    .createTable('user')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('emailVerified', sql.raw(bool), (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('createdAt', sql.raw(date), (c) => c.notNull())
    .addColumn('updatedAt', sql.raw(date), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('session')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('expiresAt', sql.raw(date), (c) => c.notNull())
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', sql.raw(date), (c) => c.notNull())
    .addColumn('updatedAt', sql.raw(date), (c) => c.notNull())
    .addColumn('ipAddress', 'text')
    .addColumn('userAgent', 'text')
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('account')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('accountId', 'text', (c) => c.notNull())
    .addColumn('providerId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('accessToken', 'text')
    .addColumn('refreshToken', 'text')
    .addColumn('idToken', 'text')
    .addColumn('accessTokenExpiresAt', sql.raw(date))
    .addColumn('refreshTokenExpiresAt', sql.raw(date))
    .addColumn('scope', 'text')
    .addColumn('password', 'text')
    .addColumn('createdAt', sql.raw(date), (c) => c.notNull())
    .addColumn('updatedAt', sql.raw(date), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('verification')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expiresAt', sql.raw(date), (c) => c.notNull())
    .addColumn('createdAt', sql.raw(date), (c) => c.notNull())
    .addColumn('updatedAt', sql.raw(date), (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('rateLimit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('lastRequest', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('session_userId_idx').on('session').column('userId').execute();
  await db.schema.createIndex('account_userId_idx').on('account').column('userId').execute();
  await db.schema.createIndex('verification_identifier_idx').on('verification').column('identifier').execute();

  const text = (t: ReturnType<Kysely<any>['schema']['createTable']>, name: string) => t.addColumn(name, 'text', (c) => c.notNull().defaultTo(''));
  let profile = db.schema
    .createTable('profile')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'));
  for (const f of [
    'profileName',
    'personalTitle',
    'firstName',
    'lastName',
    'companyName',
    'jobTitle',
    'businessUnit',
    'mobileNumber',
    'phoneNumber',
    'emailAddress',
    'businessMobileNumber',
    'businessPhoneNumber',
    'businessEmailAddress',
    'businessFax',
    'businessNote',
    'companyWebsiteUrl',
    'streetAndNumber',
    'zip',
    'city',
    'country',
  ]) {
    profile = text(profile, f);
  }
  await profile
    .addColumn('profileImageKey', 'text')
    .addColumn('profileLogoKey', 'text')
    .addColumn('shortLinkId', 'text', (c) => c.notNull().unique())
    .addColumn('profileViews', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('layout', 'text', (c) => c.notNull().defaultTo('default'))
    .addColumn('type', 'text', (c) => c.notNull().defaultTo('DEFAULT'))
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('ACTIVE'))
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('updated', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('profile_userId_idx').on('profile').columns(['userId', 'status']).execute();

  await db.schema
    .createTable('link')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('profileId', 'text', (c) => c.notNull().references('profile.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sort', 'integer', (c) => c.notNull())
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('updated', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('link_profileId_idx').on('link').columns(['profileId', 'sort']).execute();

  await db.schema
    .createTable('card')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('edition', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('profileId', 'text', (c) => c.references('profile.id').onDelete('set null'))
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minted', epoch, (c) => c.notNull())
    .addColumn('registered', epoch)
    .execute();
  await db.schema.createIndex('card_userId_idx').on('card').column('userId').execute();
  await db.schema.createIndex('card_profileId_idx').on('card').column('profileId').execute();

  await db.schema
    .createTable('lead')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('profileId', 'text', (c) => c.notNull().references('profile.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('created', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lead_profileId_idx').on('lead').columns(['profileId', 'created']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['lead', 'card', 'link', 'profile', 'rateLimit', 'verification', 'account', 'session', 'user']) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
