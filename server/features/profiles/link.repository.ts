import type { Db } from '../../db/database.ts';
import type { LinkRow, LinkTable } from '../../db/tables.ts';
import type { ProfileChange } from './profile.repository.ts';
import type { CompanyLink } from './profile-templates.ts';
import { newLinkId } from '../../lib/ids.ts';

/**
 * SQL for links. Owner reads take the owner's id, so another user's link is not found. Writes
 * take the `ProfileChange` of the link's profile (profile.repository.ts), so its stamp moves.
 */
export function createLinkRepository(db: Db) {
  return {
    async listByProfile(profileId: string, trx: Db = db): Promise<LinkRow[]> {
      return trx.selectFrom('link').selectAll().where('profileId', '=', profileId).orderBy('sort', 'asc').orderBy('created', 'asc').execute();
    },

    /** Links of several profiles at once, for lists. */
    async listByProfiles(profileIds: string[]): Promise<LinkRow[]> {
      if (profileIds.length === 0) return [];
      return db.selectFrom('link').selectAll().where('profileId', 'in', profileIds).orderBy('sort', 'asc').orderBy('created', 'asc').execute();
    },

    async findOwn(userId: string, id: string, trx: Db = db): Promise<LinkRow | undefined> {
      return trx.selectFrom('link').selectAll().where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
    },

    async insert(row: LinkTable, change: ProfileChange): Promise<void> {
      await change.insertInto('link').values(row).execute();
    },

    async update(id: string, patch: Partial<Pick<LinkTable, 'type' | 'link' | 'name' | 'sort' | 'updated'>>, change: ProfileChange): Promise<void> {
      await change.updateTable('link').set(patch).where('id', '=', id).execute();
    },

    async delete(id: string, change: ProfileChange): Promise<void> {
      await change.deleteFrom('link').where('id', '=', id).execute();
    },

    /**
     * Issue 24: within a change of `profileIds`, each profile's company links of `templateId`
     * become exactly `list`, first in the order (the owner's own links follow, renumbered).
     */
    async setCompanyLinks(profileIds: readonly string[], templateId: string, list: readonly CompanyLink[], now: number, change: ProfileChange): Promise<void> {
      if (profileIds.length === 0) return;
      const owners = await change.selectFrom('profile').select(['id', 'userId']).where('id', 'in', profileIds).execute();
      for (const { id: profileId, userId } of owners) {
        await change.deleteFrom('link').where('profileId', '=', profileId).where('templateId', '=', templateId).execute();
        const own = await change
          .selectFrom('link')
          .select(['id', 'sort'])
          .where('profileId', '=', profileId)
          .orderBy('sort', 'asc')
          .orderBy('created', 'asc')
          .execute();
        for (const [index, l] of list.entries()) {
          await change
            .insertInto('link')
            .values({ id: newLinkId(), profileId, userId, type: l.type, link: l.link, name: l.name, sort: index + 1, created: now, updated: now, templateId })
            .execute();
        }
        for (const [index, row] of own.entries()) {
          const sort = list.length + index + 1;
          if (row.sort !== sort) await change.updateTable('link').set({ sort, updated: now }).where('id', '=', row.id).execute();
        }
      }
    },

    /** Writes sort 1..n in the given order (SPEC 4: reordering renumbers 1..n). */
    async renumber(orderedIds: string[], now: number, change: ProfileChange): Promise<void> {
      for (const [index, id] of orderedIds.entries()) {
        await change
          .updateTable('link')
          .set({ sort: index + 1, updated: now })
          .where('id', '=', id)
          .where('sort', '!=', index + 1)
          .execute();
      }
    },
  };
}
export type LinkRepository = ReturnType<typeof createLinkRepository>;
