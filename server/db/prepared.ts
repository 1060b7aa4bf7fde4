import { CompiledQuery, type Compilable } from 'kysely';
import { directReaderOf, type Db } from './database.ts';

/**
 * Compiles a Kysely query once and runs it with new parameters, for the few reads on the hot
 * path (public views, owner look-ups): building and compiling a query costs more than SQLite
 * takes to run it. On the embedded database the statement runs synchronously on the shared
 * handle, skipping Kysely's connection queue and its promises; a read that lands inside another
 * request's open transaction sees that transaction's rows, which these stamp and session reads
 * tolerate (a cache entry keyed by a stamp that is rolled back is simply never asked for).
 * `params` must list the values in the order the query binds them.
 */
export function preparedQuery<Row>(db: Db, query: Compilable<Row>) {
  const { sql } = query.compile();
  const direct = directReaderOf(db);
  if (direct) return async (params: readonly unknown[]): Promise<Row | undefined> => direct(sql, params) as Row | undefined;
  return async (params: readonly unknown[]): Promise<Row | undefined> => {
    const result = await db.executeQuery<Row>(CompiledQuery.raw(sql, [...params]));
    return result.rows[0];
  };
}
