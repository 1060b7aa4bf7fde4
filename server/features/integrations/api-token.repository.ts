import type { Db } from '../../db/database.ts';
import type { ApiTokenRow, ApiTokenTable } from '../../db/tables.ts';

/** SQL of issue 25's API tokens; every query takes the owner's id, so another's token is not found. */
export function createApiTokenRepository(db: Db) {
  return {
    async insert(row: ApiTokenTable): Promise<void> {
      await db.insertInto('apiToken').values(row).execute();
    },
    async countOwn(userId: string): Promise<number> {
      const row = await db
        .selectFrom('apiToken')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listOwn: (userId: string): Promise<ApiTokenRow[]> =>
      db.selectFrom('apiToken').selectAll().where('userId', '=', userId).orderBy('created', 'asc').orderBy('id').execute(),
    /** Deletes the owner's token; false when there is none of this id. */
    async deleteOwn(userId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('apiToken').where('id', '=', id).where('userId', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
