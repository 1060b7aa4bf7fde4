import type { Db } from '../../db/database.ts';
import type { OrganisationAuditTable, OrganisationTable } from '../../db/tables.ts';

/** The brand's columns of an organisation (issue 24 with 26, migration 018). */
export type BrandChanges = Partial<Pick<OrganisationTable, 'name' | 'brandColour' | 'brandColourDark' | 'logoKey'>>;

/**
 * SQL of an organisation's brand: which profiles show it, what a page shows, and its change with
 * its audit entry inside the change of those profiles (`profiles.change`, brand.service.ts), so
 * their cached pages render again on every instance.
 */
export function createBrandRepository(db: Db) {
  return {
    /** The profiles made from the organisation's templates (its company profiles), whose pages show its brand. */
    async companyProfileIds(organisationId: string): Promise<string[]> {
      const rows = await db.selectFrom('templatedProfile').select('profileId').where('organisationId', '=', organisationId).execute();
      return rows.map((r) => r.profileId);
    },

    /** The brand of the organisation whose template made a profile; read on a page's render only. */
    brandOfProfile(profileId: string) {
      return db
        .selectFrom('templatedProfile')
        .innerJoin('organisation', 'organisation.id', 'templatedProfile.organisationId')
        .select(['organisation.brandColour', 'organisation.brandColourDark', 'organisation.logoKey'])
        .where('templatedProfile.profileId', '=', profileId)
        .executeTakeFirst();
    },

    /** The organisation's logo key now (to delete the replaced file after a change). */
    async logoKey(organisationId: string): Promise<string | null> {
      const row = await db.selectFrom('organisation').select('logoKey').where('id', '=', organisationId).executeTakeFirst();
      return row?.logoKey ?? null;
    },

    /** Inside `change` (the company profiles' change): the organisation's new brand and its audit entry. */
    async update(organisationId: string, changes: BrandChanges, entry: OrganisationAuditTable, change: Db): Promise<void> {
      await change
        .updateTable('organisation')
        .set({ ...changes, updated: entry.created })
        .where('id', '=', organisationId)
        .execute();
      await change.insertInto('organisationAudit').values(entry).execute();
    },
  };
}
export type BrandRepository = ReturnType<typeof createBrandRepository>;
