import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import { listTables, type TableInfo } from '../../db/schema-info.ts';

/** A row as stored, with every column: the export writes what it finds, so columns added later need no edit here. */
export type ExportRow = Record<string, unknown>;

/**
 * SQL of the data export (issue 13, `account-export.ts` builds the ZIP): the account's rows read
 * with all their columns. Tables are read by name from the schema in use, so the database is
 * typed loosely here; every query takes the account's id or its profiles' ids.
 */
export function createAccountExportRepository(db: Db) {
  const loose = db as unknown as Kysely<any>;
  return {
    /** The tables of the schema in use with their columns (`server/db/schema-info.ts`). */
    tables: (): Promise<TableInfo[]> => listTables(db),

    /** The account's user row; throws when there is none (the owner guard has just found it). */
    user: (userId: string): Promise<ExportRow> => loose.selectFrom('user').selectAll().where('id', '=', userId).executeTakeFirstOrThrow(),

    /** How the account signs in, without passwords or keys. */
    signInMethods: (userId: string): Promise<ExportRow[]> =>
      loose.selectFrom('account').select(['providerId', 'createdAt', 'updatedAt']).where('userId', '=', userId).execute(),

    /** The account's passkeys, oldest first, without their keys. */
    passkeys: (userId: string): Promise<ExportRow[]> =>
      loose.selectFrom('passkey').select(['name', 'createdAt', 'deviceType', 'backedUp']).where('userId', '=', userId).orderBy('createdAt').execute(),

    /** The account's profiles with all their columns, oldest first. */
    profiles: (userId: string): Promise<ExportRow[]> => loose.selectFrom('profile').selectAll().where('userId', '=', userId).orderBy('created').execute(),

    /** Every row of `table` (one with a `profileId` column) that hangs on one of `profileIds` (not empty), ordered by `orderBy` when given. */
    async profileRows(table: string, profileIds: readonly string[], orderBy?: string): Promise<ExportRow[]> {
      let query = loose.selectFrom(table).selectAll().where('profileId', 'in', profileIds);
      if (orderBy) query = query.orderBy(orderBy);
      return query.execute();
    },
  };
}
export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>;
