import type { Db } from '../../db/database.ts';
import type { OrganisationAuditTable, OrganisationTemplateTable } from '../../db/tables.ts';

/** SQL of templates and the profiles that follow them (issue 24). */
export function createTemplateRepository(db: Db) {
  return {
    list(organisationId: string) {
      return db.selectFrom('organisationTemplate').selectAll().where('organisationId', '=', organisationId).orderBy('name').orderBy('id').execute();
    },
    find(organisationId: string, templateId: string) {
      return db.selectFrom('organisationTemplate').selectAll().where('organisationId', '=', organisationId).where('id', '=', templateId).executeTakeFirst();
    },
    /** A template of the organisation `userId` belongs to, read inside `trx`; undefined otherwise. */
    findForMember(userId: string, templateId: string, trx: Db = db) {
      return trx
        .selectFrom('organisationTemplate')
        .innerJoin('organisationMember', 'organisationMember.organisationId', 'organisationTemplate.organisationId')
        .selectAll('organisationTemplate')
        .where('organisationTemplate.id', '=', templateId)
        .where('organisationMember.userId', '=', userId)
        .executeTakeFirst();
    },
    async profileCounts(organisationId: string): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('templatedProfile')
        .select(['templateId', (eb) => eb.fn.countAll<number>().as('n')])
        .where('organisationId', '=', organisationId)
        .groupBy('templateId')
        .execute();
      return new Map(rows.map((r) => [r.templateId, Number(r.n)]));
    },
    /** The profiles following a template whose owners are still members: a template change reaches these. */
    async memberProfileIds(templateId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('templatedProfile')
        .innerJoin('organisationMember', (join) =>
          join
            .onRef('organisationMember.userId', '=', 'templatedProfile.userId')
            .onRef('organisationMember.organisationId', '=', 'templatedProfile.organisationId'),
        )
        .select('templatedProfile.profileId')
        .where('templatedProfile.templateId', '=', templateId)
        .execute();
      return rows.map((r) => r.profileId);
    },
    /** Issue 27 (SCIM reactivation): the live profiles made from the organisation's templates that say this person left. */
    async leftProfileIds(organisationId: string, userId: string): Promise<string[]> {
      const rows = await db
        .selectFrom('templatedProfile')
        .innerJoin('profile', 'profile.id', 'templatedProfile.profileId')
        .select('templatedProfile.profileId')
        .where('templatedProfile.organisationId', '=', organisationId)
        .where('templatedProfile.userId', '=', userId)
        .where('profile.status', '!=', 'DELETED')
        .where('profile.leftCompany', 'is not', null)
        .execute();
      return rows.map((r) => r.profileId);
    },
    /** Issue 27 (SCIM groups): these company profiles follow another template of the same organisation from now on. */
    async moveProfiles(organisationId: string, profileIds: readonly string[], templateId: string, trx: Db) {
      if (!profileIds.length) return;
      await trx.updateTable('templatedProfile').set({ templateId }).where('organisationId', '=', organisationId).where('profileId', 'in', profileIds).execute();
    },
    /**
     * Issue 25: the organisation whose company profile this is (made from its template, the
     * owner still a member), read inside `trx`; undefined otherwise. Its webhooks hear of the
     * profile's leads, changes and cards.
     */
    async organisationOfCompanyProfile(trx: Db, profileId: string): Promise<string | undefined> {
      const row = await trx
        .selectFrom('templatedProfile')
        .innerJoin('organisationMember', (join) =>
          join
            .onRef('organisationMember.userId', '=', 'templatedProfile.userId')
            .onRef('organisationMember.organisationId', '=', 'templatedProfile.organisationId'),
        )
        .select('templatedProfile.organisationId')
        .where('templatedProfile.profileId', '=', profileId)
        .executeTakeFirst();
      return row?.organisationId;
    },
    /** The template a profile follows while its owner is a member; undefined otherwise (then nothing is locked). */
    templateOfProfile(profileId: string) {
      return db
        .selectFrom('templatedProfile')
        .innerJoin('organisationMember', (join) =>
          join
            .onRef('organisationMember.userId', '=', 'templatedProfile.userId')
            .onRef('organisationMember.organisationId', '=', 'templatedProfile.organisationId'),
        )
        .innerJoin('organisationTemplate', 'organisationTemplate.id', 'templatedProfile.templateId')
        .select(['organisationTemplate.fieldValues', 'organisationTemplate.locked', 'organisationTemplate.links'])
        .where('templatedProfile.profileId', '=', profileId)
        .executeTakeFirst();
    },
    /**
     * The live company profiles of an organisation's members (made from one of its templates),
     * oldest first, with the template's values: a card or the leads go to a member's oldest one.
     */
    companyProfiles(organisationId: string, userId?: string) {
      let q = db
        .selectFrom('templatedProfile')
        .innerJoin('profile', 'profile.id', 'templatedProfile.profileId')
        .innerJoin('organisationTemplate', 'organisationTemplate.id', 'templatedProfile.templateId')
        .select([
          'templatedProfile.profileId',
          'templatedProfile.userId',
          'templatedProfile.templateId',
          'organisationTemplate.fieldValues',
          'profile.profileName',
          'profile.firstName',
          'profile.lastName',
        ])
        .where('templatedProfile.organisationId', '=', organisationId)
        .where('profile.status', '!=', 'DELETED')
        // One that says its owner left (an earlier membership) is no company profile any more.
        .where('profile.leftCompany', 'is', null)
        .orderBy('profile.created')
        .orderBy('profile.id');
      if (userId) q = q.where('templatedProfile.userId', '=', userId);
      return q.execute();
    },
    /** Issue 35: the company profiles of people who left the organisation (marked as left, not deleted), with whose they are. */
    formerCompanyProfiles(organisationId: string) {
      return db
        .selectFrom('templatedProfile')
        .innerJoin('profile', 'profile.id', 'templatedProfile.profileId')
        .innerJoin('user', 'user.id', 'templatedProfile.userId')
        .select(['templatedProfile.profileId', 'templatedProfile.userId', 'user.email', 'user.name'])
        .where('templatedProfile.organisationId', '=', organisationId)
        .where('profile.status', '!=', 'DELETED')
        .where('profile.leftCompany', 'is not', null)
        .orderBy('user.email')
        .execute();
    },
    async insertTemplate(row: OrganisationTemplateTable, entry: OrganisationAuditTable, trx: Db) {
      await trx.insertInto('organisationTemplate').values(row).execute();
      await trx.insertInto('organisationAudit').values(entry).execute();
    },
    async updateTemplate(row: OrganisationTemplateTable, entry: OrganisationAuditTable, trx: Db) {
      await trx
        .updateTable('organisationTemplate')
        .set({ name: row.name, fieldValues: row.fieldValues, locked: row.locked, links: row.links, updated: row.updated })
        .where('id', '=', row.id)
        .where('organisationId', '=', row.organisationId)
        .execute();
      await trx.insertInto('organisationAudit').values(entry).execute();
    },
    /**
     * What the admin's CSV said of the person (issue 24): the newest invitation to this
     * organisation that `userId` accepted, read inside `trx`; undefined when they joined otherwise.
     */
    inviteeOf(organisationId: string, userId: string, trx: Db = db) {
      return trx
        .selectFrom('organisationInvitation')
        .select(['firstName', 'lastName', 'jobTitle'])
        .where('organisationId', '=', organisationId)
        .where('acceptedBy', '=', userId)
        .orderBy('created', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
    async attach(row: { profileId: string; templateId: string; organisationId: string; userId: string }, trx: Db) {
      await trx.insertInto('templatedProfile').values(row).execute();
    },
  };
}
export type TemplateRepository = ReturnType<typeof createTemplateRepository>;
