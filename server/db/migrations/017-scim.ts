import type { Kysely } from 'kysely';

/**
 * Issue 27, SCIM 2.0 provisioning (docs/scim.md): an organisation's SCIM bearer tokens (only the
 * SHA-256 is stored), the users and groups its identity provider keeps here, and the groups'
 * members. A SCIM user is the directory's record of a person; `userId` links it to the account
 * that joined the organisation (null until then). `resource` holds the SCIM attributes as JSON;
 * the columns beside it are what lookups need (`userNameKey` is the lower-cased userName, unique
 * per organisation, so a second create of one userName is refused by the database itself).
 * `version` is the ETag, bumped by every write under a compare-and-set.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const epoch = 'bigint';
  await db.schema
    .createTable('scimToken')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('createdBy', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('lastUsedAt', epoch)
    .execute();
  await db.schema.createIndex('scimToken_org_idx').on('scimToken').column('organisationId').execute();

  await db.schema
    .createTable('scimUser')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('userNameKey', 'text', (c) => c.notNull())
    .addColumn('externalId', 'text')
    .addColumn('email', 'text')
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.unique().references('user.id').onDelete('set null'))
    .addColumn('invitedAt', epoch)
    .addColumn('deactivatedAt', epoch)
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('lastModified', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scimUser_org_userName_idx').on('scimUser').columns(['organisationId', 'userNameKey']).unique().execute();
  await db.schema.createIndex('scimUser_org_created_idx').on('scimUser').columns(['organisationId', 'created', 'id']).execute();

  await db.schema
    .createTable('scimGroup')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('displayName', 'text', (c) => c.notNull())
    .addColumn('displayNameKey', 'text', (c) => c.notNull())
    .addColumn('externalId', 'text')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('lastModified', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scimGroup_org_name_idx').on('scimGroup').columns(['organisationId', 'displayNameKey']).unique().execute();

  await db.schema
    .createTable('scimGroupMember')
    .addColumn('groupId', 'text', (c) => c.notNull().references('scimGroup.id').onDelete('cascade'))
    .addColumn('scimUserId', 'text', (c) => c.notNull().references('scimUser.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('scimGroupMember_pk', ['groupId', 'scimUserId'])
    .execute();
  await db.schema.createIndex('scimGroupMember_user_idx').on('scimGroupMember').column('scimUserId').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scimGroupMember').execute();
  await db.schema.dropTable('scimGroup').execute();
  await db.schema.dropTable('scimUser').execute();
  await db.schema.dropTable('scimToken').execute();
}
