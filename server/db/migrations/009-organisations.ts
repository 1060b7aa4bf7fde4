import type { Kysely } from 'kysely';

/**
 * Issue 24, teams: organisations, their members with a role (`owner`, `admin`, `member`), the
 * invitations sent by e-mail (only a hash of the token is stored) and the audit log of every
 * admin action. An account belongs to at most one organisation (docs/teams.md), so the member
 * row's `userId` is unique. The audit log keeps the actor's and target's e-mail as text: it
 * outlives the accounts it names and goes only with the organisation.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const epoch = 'bigint';
  await db.schema
    .createTable('organisation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('brandColour', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('updated', epoch, (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('organisationMember')
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().unique().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined', epoch, (c) => c.notNull())
    .addPrimaryKeyConstraint('organisationMember_pk', ['organisationId', 'userId'])
    .execute();

  await db.schema
    .createTable('organisationInvitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('tokenHash', 'text', (c) => c.notNull().unique())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('invitedBy', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('expires', epoch, (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organisationInvitation_org_email_idx').on('organisationInvitation').columns(['organisationId', 'email']).execute();

  await db.schema
    .createTable('organisationAudit')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('actorEmail', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created', epoch, (c) => c.notNull())
    .execute();
  // Templates: company values (JSON object of profile fields) and the names of the locked ones (JSON array).
  await db.schema
    .createTable('organisationTemplate')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('fieldValues', 'text', (c) => c.notNull())
    .addColumn('locked', 'text', (c) => c.notNull())
    .addColumn('created', epoch, (c) => c.notNull())
    .addColumn('updated', epoch, (c) => c.notNull())
    .execute();
  await db.schema.createIndex('organisationTemplate_org_idx').on('organisationTemplate').column('organisationId').execute();
  // A member's profile made from a template: its company profile, which the template's changes reach.
  await db.schema
    .createTable('templatedProfile')
    .addColumn('profileId', 'text', (c) => c.primaryKey().references('profile.id').onDelete('cascade'))
    .addColumn('templateId', 'text', (c) => c.notNull().references('organisationTemplate.id').onDelete('cascade'))
    .addColumn('organisationId', 'text', (c) => c.notNull().references('organisation.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('templatedProfile_template_idx').on('templatedProfile').column('templateId').execute();
  await db.schema.createIndex('templatedProfile_user_idx').on('templatedProfile').column('userId').execute();
  await db.schema.createIndex('organisationAudit_org_created_idx').on('organisationAudit').columns(['organisationId', 'created']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('templatedProfile').execute();
  await db.schema.dropTable('organisationTemplate').execute();
  await db.schema.dropTable('organisationAudit').execute();
  await db.schema.dropTable('organisationInvitation').execute();
  await db.schema.dropTable('organisationMember').execute();
  await db.schema.dropTable('organisation').execute();
}
