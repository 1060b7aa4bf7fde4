import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Migration } from 'kysely';
import pg from 'pg';
import { makeFilePrivate, makePrivateDir } from '../lib/private-files.ts';
import type { Database } from './tables.ts';
import * as initial from './migrations/001-initial.ts';
import * as rateCounters from './migrations/002-rate-counters.ts';
import * as leads from './migrations/003-leads.ts';
import * as analytics from './migrations/004-analytics.ts';
import * as account from './migrations/005-account.ts';
import * as passkey from './migrations/006-passkey.ts';
import * as userLanguage from './migrations/007-user-language.ts';
import * as integrations from './migrations/008-integrations.ts';
import * as ownerTimeZone from './migrations/011-owner-time-zone.ts';
import * as walletPasses from './migrations/012-wallet-passes.ts';
import * as operator from './migrations/010-operator.ts';
import * as organisations from './migrations/009-organisations.ts';
import * as organisationCards from './migrations/015-organisation-cards.ts';
import * as organisationTokens from './migrations/016-organisation-tokens.ts';
import * as scim from './migrations/017-scim.ts';
import * as cardFirstRegistered from './migrations/013-card-first-registered.ts';
import * as organisationWebhooks from './migrations/014-organisation-webhooks.ts';
import * as googleWalletObjects from './migrations/019-google-wallet-objects.ts';
import * as teamLinksInvitees from './migrations/020-team-links-invitees.ts';
import * as pageThemes from './migrations/018-page-themes.ts';
import * as organisationDomains from './migrations/021-organisation-domains.ts';
import * as scimUserEmail from './migrations/022-scim-user-email.ts';
import * as leadCard from './migrations/023-lead-card.ts';
import * as teamGaps from './migrations/024-team-gaps.ts';
import * as outbox from './migrations/025-outbox.ts';
import * as verifiedTaps from './migrations/027-verified-taps.ts';
import * as pageDomains from './migrations/028-page-domains.ts';
import * as crm from './migrations/029-crm.ts';
import * as capture from './migrations/026-capture.ts';
import * as captureFollowUp from './migrations/030-capture-follow-up.ts';
import * as leadMetInPerson from './migrations/031-lead-met-in-person.ts';

export type Db = Kysely<Database>;
export type Engine = 'sqlite' | 'postgres';

/** An open database: the Kysely instance plus what is needed to close it. */
export interface DatabaseHandle {
  db: Db;
  engine: Engine;
  close(): Promise<void>;
}

/** Every migration, in order. New ones are appended here, never edited once landed. */
const migrations: Record<string, Migration> = {
  '001-initial': initial,
  '002-rate-counters': rateCounters,
  '003-leads': leads,
  '004-analytics': analytics,
  '005-account': account,
  '006-passkey': passkey,
  '007-user-language': userLanguage,
  '008-integrations': integrations,
  '011-owner-time-zone': ownerTimeZone,
  '012-wallet-passes': walletPasses,
  '010-operator': operator,
  '009-organisations': organisations,
  '015-organisation-cards': organisationCards,
  '016-organisation-tokens': organisationTokens,
  '017-scim': scim,
  '013-card-first-registered': cardFirstRegistered,
  '014-organisation-webhooks': organisationWebhooks,
  '019-google-wallet-objects': googleWalletObjects,
  '020-team-links-invitees': teamLinksInvitees,
  '018-page-themes': pageThemes,
  '021-organisation-domains': organisationDomains,
  '022-scim-user-email': scimUserEmail,
  '023-lead-card': leadCard,
  '024-team-gaps': teamGaps,
  '025-outbox': outbox,
  '027-verified-taps': verifiedTaps,
  '028-page-domains': pageDomains,
  '026-capture': capture,
  '029-crm': crm,
  '030-capture-follow-up': captureFollowUp,
  '031-lead-met-in-person': leadMetInPerson,
};

// PostgreSQL answers bigint (our epoch-ms timestamps, counts) as strings; they fit a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/**
 * Opens PostgreSQL when a connection string is given, else the embedded SQLite file
 * `{dataDir}/contact-cards.sqlite` in WAL mode, which lets the operator's command line
 * (D9) use the same file while the server runs.
 */
export function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  poolSize?: number;
  /** PostgreSQL schema to work in (tests give each suite its own); default: the server's search_path. */
  pgSchema?: string;
}): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  makePrivateDir(options.dataDir);
  const fileName = path.join(options.dataDir, 'contact-cards.sqlite');
  // Sessions and password hashes live here: the server's user only. SQLite creates the -wal and
  // -shm files with the main file's mode, so it is narrowed before WAL mode makes them; the
  // ones an older start left behind are narrowed too (issue 20).
  if (!fs.existsSync(fileName)) fs.closeSync(fs.openSync(fileName, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) makeFilePrivate(fileName + suffix);
  const file = new SqliteDatabase(fileName);
  file.pragma('journal_mode = WAL');
  // WAL with NORMAL sync is durable against process crashes; only a power loss can drop the last commits.
  file.pragma('synchronous = NORMAL');
  // The CLI and the server share the file: wait for the other's write lock instead of failing.
  file.pragma('busy_timeout = 5000');
  file.pragma('foreign_keys = ON');
  const statements = withStatementCache(file);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  directReaders.set(db, (sqlText, params) => statements.prepare(sqlText).get(...params));
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

/** Synchronous single-row readers of SQLite databases, for `preparedQuery` (server/db/prepared.ts). */
const directReaders = new WeakMap<Db, (sqlText: string, params: readonly unknown[]) => unknown>();

/**
 * The synchronous reader of an embedded database, or undefined (PostgreSQL, or a transaction's
 * Kysely instance, whose reads must go through its connection).
 */
export function directReaderOf(db: Db) {
  return directReaders.get(db);
}

/**
 * Kysely prepares every query anew; preparing costs more than running a simple statement, so
 * statements are kept by their SQL text. Kysely's SQL is parameterised, so the set is small;
 * the bound only guards against `in (?, ?, …)` lists of many lengths.
 */
function withStatementCache(file: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => file.close(),
    prepare(sqlText: string) {
      let statement = statements.get(sqlText);
      if (!statement) {
        if (statements.size >= 500) statements.clear();
        statement = file.prepare(sqlText);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}

/** Brings the schema to the latest migration; throws with the failing migration's error. */
/** The readiness check's question to the database (/readyz): resolves when it answers. */
export async function pingDatabase(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}

export async function migrateToLatest(db: Db): Promise<void> {
  // On PostgreSQL the migrator's own tables go into the schema in use: unnamed, Kysely would
  // take another schema's kysely_migration_lock for ours (it looks across all schemas) and fail.
  const migrationTableSchema =
    db.getExecutor().adapter instanceof PostgresAdapter
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
