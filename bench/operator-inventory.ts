/**
 * Issue 28: the console's reads at a million cards on PostgreSQL (docs/performance.md).
 * `DATABASE_URL=postgres://… node --import tsx bench/operator-inventory.ts` seeds its own schema
 * (`bench_operator`, dropped at the end) with 1,000,000 cards in 100 batches (30 % registered,
 * 10 % registered once and reset since, 1 % blocked) and times each inventory query: the median
 * of 20 runs.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { sql } from 'kysely';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { createInventoryRepository } from '../server/features/operator/inventory.repository.ts';
import { INVENTORY_PAGE_SIZE } from '../shared/schemas/operator.schema.ts';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('set DATABASE_URL');
const SCHEMA = 'bench_operator';
const CARDS = Number(process.env.BENCH_CARDS ?? 1_000_000);

const admin = new pg.Client({ connectionString: url });
await admin.connect();
await admin.query(`drop schema if exists ${SCHEMA} cascade; create schema ${SCHEMA}`);
const database = openDatabase({ databaseUrl: url, pgSchema: SCHEMA, poolSize: 2, dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'bench-operator-')) });
try {
  await migrateToLatest(database.db);
  const started = Date.now();
  // One owner holds every registered card: the inventory never reads owners.
  await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values ('bench', 'bench', 'bench@example.com', true, now(), now())`.execute(
    database.db,
  );
  await sql`insert into card (id, edition, "userId", "profileId", views, minted, registered, blocked, "batchId", "firstRegistered")
    select substr(md5(i::text), 1, 12),
           (array['firstEditionCoin','firstEditionDark','firstEditionRose','firstEditionSilver','kingOfTheMoment','rainbow'])[1 + i % 6],
           case when i % 10 < 3 then 'bench' end, null, i % 50, 1700000000000 + i,
           case when i % 10 < 3 then 1790000000000 + i * 1000 end,
           case when i % 100 = 7 then 1795000000000 end,
           'batch' || (i % 100),
           case when i % 10 < 4 then 1780000000000 + i * 1000 end
    from generate_series(1, ${CARDS}) as i`.execute(database.db);
  await sql`analyze card`.execute(database.db);
  console.log(`seeded ${CARDS} cards in ${Date.now() - started} ms`);

  const inventory = createInventoryRepository(database.db);
  const middle = (await inventory.page({ cursor: '8' }, 1))[0].id;
  const cases: [string, () => Promise<unknown>][] = [
    ['first page, no filter', () => inventory.page({}, INVENTORY_PAGE_SIZE + 1)],
    ['page from the middle (cursor)', () => inventory.page({ cursor: middle }, INVENTORY_PAGE_SIZE + 1)],
    ['exact id', () => inventory.page({ q: middle }, INVENTORY_PAGE_SIZE + 1)],
    ['id prefix (4 chars)', () => inventory.page({ q: middle.slice(0, 4) }, INVENTORY_PAGE_SIZE + 1)],
    ['state=blocked', () => inventory.page({ state: 'blocked' }, INVENTORY_PAGE_SIZE + 1)],
    ['state=registered, cursor', () => inventory.page({ state: 'registered', cursor: middle }, INVENTORY_PAGE_SIZE + 1)],
    ['state=minted', () => inventory.page({ state: 'minted' }, INVENTORY_PAGE_SIZE + 1)],
    ['batch', () => inventory.page({ batch: 'batch42' }, INVENTORY_PAGE_SIZE + 1)],
    ['batch + edition + state', () => inventory.page({ batch: 'batch42', edition: 'rainbow', state: 'registered' }, INVENTORY_PAGE_SIZE + 1)],
    ['stats: state counts', () => inventory.stateCounts()],
    ['stats: activations by batch', () => inventory.activationsByBatch()],
    ['stats: activations by edition', () => inventory.activationsByEdition()],
    ['stats: activations by day (90 d)', () => inventory.activationsByDay(1790000000000 + 900_000_000)],
  ];
  for (const [name, run] of cases) {
    const times: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t0 = performance.now();
      await run();
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    console.log(`${name.padEnd(36)} median ${times[10].toFixed(2)} ms, max ${times[19].toFixed(2)} ms`);
  }
} finally {
  await database.close();
  await admin.query(`drop schema if exists ${SCHEMA} cascade`);
  await admin.end();
}
