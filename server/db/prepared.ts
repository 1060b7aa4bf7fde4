import { CompiledQuery, type Compilable } from 'kysely';
import type { Db } from './database.ts';

/**
 * Compiles a Kysely query once and runs it with new parameters, for the few queries on the
 * hot path (public views, owner look-ups): building and compiling a query costs more than
 * SQLite takes to run it. `params` must list the values in the order the query binds them.
 */
export function preparedQuery<Row>(db: Db, query: Compilable<Row>) {
  const { sql } = query.compile();
  return async (params: readonly unknown[]): Promise<Row | undefined> => {
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...params]));
    return result.rows[0];
  };
}
