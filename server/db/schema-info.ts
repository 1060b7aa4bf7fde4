import { PostgresAdapter, sql } from 'kysely';
import type { Db } from './database.ts';

/** A table of the database in use and its column names, read from the database itself. */
export interface TableInfo {
  name: string;
  columns: string[];
}

/**
 * The tables of the schema in use (SQLite: the file; PostgreSQL: `current_schema()`, so a test
 * suite's own schema), with their columns. The account export and the account deletion read it
 * so that tables other features add later (leads' new columns, statistics) are covered without
 * an edit here.
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
      order by c.table_name, c.ordinal_position`.execute(db);
    return group(rows.map((r) => [r.table_name, r.column_name]));
  }
  const { rows } = await sql<{ table_name: string; column_name: string }>`
    select m.name as table_name, p.name as column_name from sqlite_master m join pragma_table_info(m.name) p
    where m.type = 'table' and m.name not like 'sqlite_%' order by m.name, p.cid`.execute(db);
  return group(rows.map((r) => [r.table_name, r.column_name]));
}

function group(pairs: Array<[string, string]>): TableInfo[] {
  const tables = new Map<string, string[]>();
  for (const [table, column] of pairs) {
    const columns = tables.get(table) ?? [];
    columns.push(column);
    tables.set(table, columns);
  }
  return [...tables].map(([name, columns]) => ({ name, columns }));
}
