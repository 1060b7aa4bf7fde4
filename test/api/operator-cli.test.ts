import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/database.ts';
import { underSchemaLock } from '../support/test-app.ts';
import { printCardFiles, printCsv } from '../../server/features/cards/index.ts';
import { createOperatorRepository } from '../../server/features/operator/operator.repository.ts';

// Issue 28: `npm run cards -- operator grant|revoke|list` on the embedded SQLite database, as an
// operator runs it (a process of its own; it stays on SQLite even when DATABASE_URL is set).
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-operator-cli-'));
const PUBLIC_URL = 'https://cards.example.com';
const env = { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', PUBLIC_URL };
const cli = (...args: string[]) => run(process.execPath, ['--import', 'tsx', 'server/cli/cards.cli.ts', ...args], { cwd: root, env });

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function granted(email: string): Promise<boolean> {
  const database = openDatabase({ dataDir });
  try {
    return await createOperatorRepository(database.db).isGranted(email);
  } finally {
    await database.close();
  }
}

describe('the operator command line', () => {
  it('grants an e-mail (lower-cased, once), lists it, and revokes it', async () => {
    const granting = await cli('operator', 'grant', 'Support.Lead@Example.com');
    expect(granting.stderr).toContain('support.lead@example.com is now an operator');
    expect(await granted('support.lead@example.com')).toBe(true);
    expect((await cli('operator', 'grant', 'support.lead@example.com')).stderr).toContain('was an operator already');
    expect((await cli('operator', 'list')).stdout).toMatch(/^support\.lead@example\.com\t\d{4}-\d{2}-\d{2}T/m);
    expect((await cli('operator', 'revoke', 'support.lead@example.com')).stderr).toContain('is no operator any more');
    expect(await granted('support.lead@example.com')).toBe(false);
    expect((await cli('operator', 'list')).stdout).toBe('');
  }, 60_000);

  it('refuses a grant without a valid e-mail address and changes nothing', async () => {
    await expect(cli('operator', 'grant', 'not-an-address')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('needs an e-mail address') });
    await expect(cli('operator', 'promote', 'a@example.com')).rejects.toMatchObject({ code: 2 });
    expect((await cli('operator', 'list')).stdout).toBe('');
  }, 60_000);

  it('mints a batch with its label, writing the CSV, an SVG and a print-ready PNG per card: the files the console bundles', async () => {
    const out = path.join(dataDir, 'print');
    const { stdout } = await cli('mint', '--edition', 'rainbow', '--count', '2', '--out', out, '--label', 'Order 77', '--json');
    const cards = JSON.parse(stdout) as { id: string }[];
    expect(cards).toHaveLength(2);
    expect(fs.readdirSync(out).sort()).toEqual(['cards.csv', ...cards.flatMap(({ id }) => [`${id}.png`, `${id}.svg`])].sort());
    // Byte for byte what print-bundle.ts makes, which the console's ZIP holds (operator.test.ts).
    expect(fs.readFileSync(path.join(out, 'cards.csv'), 'utf8')).toBe(
      printCsv(
        PUBLIC_URL,
        cards.map((c) => ({ id: c.id, edition: 'rainbow' })),
      ).data,
    );
    for (const { id } of cards) {
      const [svg, png] = await printCardFiles(PUBLIC_URL, id);
      expect(fs.readFileSync(path.join(out, `${id}.svg`), 'utf8')).toBe(svg.data);
      expect(Buffer.compare(fs.readFileSync(path.join(out, `${id}.png`)), png.data as Buffer)).toBe(0);
      expect(
        fs
          .readFileSync(path.join(out, `${id}.png`))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
    }
    const database = openDatabase({ dataDir });
    try {
      const batch = await database.db.selectFrom('cardBatch').selectAll().executeTakeFirstOrThrow();
      expect(batch).toMatchObject({ label: 'Order 77', count: 2, createdBy: 'cli', edition: 'rainbow' });
      const ids = (await database.db.selectFrom('card').select('id').where('batchId', '=', batch.id).execute()).map((c) => c.id);
      expect(ids.sort()).toEqual(cards.map((c) => c.id).sort());
    } finally {
      await database.close();
    }
  }, 60_000);
});

// The same commands against PostgreSQL, as a deployment with DATABASE_URL runs them: in a schema
// of this suite's own (the connection's search_path), migrated by the command line itself.
const pgUrl = process.env.DATABASE_URL;
describe.runIf(pgUrl)('the operator command line on PostgreSQL', () => {
  it('grants, lists and revokes in the database DATABASE_URL names', async () => {
    const schema = `cli_${process.pid}_${randomBytes(3).toString('hex')}`;
    const url = new URL(pgUrl!);
    url.searchParams.set('options', `-c search_path=${schema}`);
    const pgCli = (...args: string[]) =>
      run(process.execPath, ['--import', 'tsx', 'server/cli/cards.cli.ts', ...args], { cwd: root, env: { ...env, DATABASE_URL: url.toString() } });
    const grantedThere = async (email: string) => {
      const database = openDatabase({ databaseUrl: pgUrl, dataDir, pgSchema: schema, poolSize: 1 });
      try {
        return await createOperatorRepository(database.db).isGranted(email);
      } finally {
        await database.close();
      }
    };
    await underSchemaLock(pgUrl, 'shared', async (client) => {
      await client!.query(`create schema ${schema}`);
      expect((await pgCli('operator', 'grant', 'Night.Shift@Example.com')).stderr).toContain('night.shift@example.com is now an operator');
      expect(await grantedThere('night.shift@example.com')).toBe(true);
      expect((await pgCli('operator', 'list')).stdout).toMatch(/^night\.shift@example\.com\t\d{4}-/m);
      expect((await pgCli('operator', 'revoke', 'night.shift@example.com')).stderr).toContain('is no operator any more');
      expect(await grantedThere('night.shift@example.com')).toBe(false);
      expect((await pgCli('operator', 'list')).stdout).toBe('');
    });
    // Nothing of it landed in the SQLite file of the suites above.
    expect(await granted('night.shift@example.com')).toBe(false);
    await underSchemaLock(pgUrl, 'exclusive', (client) => client!.query(`drop schema ${schema} cascade`));
  }, 120_000);
});
