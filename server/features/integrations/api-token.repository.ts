import type { Db } from '../../db/database.ts';
import type { ApiTokenRow, ApiTokenTable } from '../../db/tables.ts';

/** A token with the address of the account that made it (issue 33: an organisation's tokens name their maker). */
export type ApiTokenWithMaker = ApiTokenRow & { createdByEmail: string };

/** Work another feature does inside the same transaction (issue 33: the organisation's audit entry). */
type AlsoInside = (trx: Db) => Promise<void>;

/** SQL of issue 25's API tokens; every query takes the owner's id, or the organisation's, so another's token is not found. */
export function createApiTokenRepository(db: Db) {
  const withMaker = () =>
    db.selectFrom('apiToken').innerJoin('user', 'user.id', 'apiToken.userId').selectAll('apiToken').select('user.email as createdByEmail');
  return {
    async insert(row: ApiTokenTable, alsoInside?: AlsoInside): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('apiToken').values(row).execute();
        await alsoInside?.(trx);
      });
    },
    async countOwn(userId: string): Promise<number> {
      const row = await db
        .selectFrom('apiToken')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    listOwn: (userId: string): Promise<ApiTokenWithMaker[]> =>
      withMaker().where('apiToken.userId', '=', userId).orderBy('apiToken.created', 'asc').orderBy('apiToken.id').execute(),
    /** Issue 33: every token of the organisation, whoever of its owners and admins made it. */
    listOfOrganisation: (organisationId: string): Promise<ApiTokenWithMaker[]> =>
      withMaker().where('apiToken.organisationId', '=', organisationId).orderBy('apiToken.created', 'asc').orderBy('apiToken.id').execute(),
    /** The owner's token, or (with `organisationId`) the organisation's token, of this id. */
    find: (id: string, scope: { userId: string } | { organisationId: string }): Promise<ApiTokenRow | undefined> =>
      db
        .selectFrom('apiToken')
        .selectAll()
        .where('id', '=', id)
        .where((eb) => ('userId' in scope ? eb('userId', '=', scope.userId) : eb('organisationId', '=', scope.organisationId)))
        .executeTakeFirst(),
    /** Deletes the token found in `scope` with `alsoInside` in the same transaction; false when there is none of this id. */
    async delete(id: string, scope: { userId: string } | { organisationId: string }, alsoInside?: AlsoInside): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const result = await trx
          .deleteFrom('apiToken')
          .where('id', '=', id)
          .where((eb) => ('userId' in scope ? eb('userId', '=', scope.userId) : eb('organisationId', '=', scope.organisationId)))
          .executeTakeFirst();
        if (Number(result.numDeletedRows) === 0) return false;
        await alsoInside?.(trx);
        return true;
      });
    },
  };
}
export type ApiTokenRepository = ReturnType<typeof createApiTokenRepository>;
