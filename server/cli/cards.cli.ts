import 'dotenv/config';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { EDITIONS, type Edition } from '../../shared/schemas/card.schema.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { createCardRepository } from '../features/cards/card.repository.ts';
import { printCardFiles, printCsv, printRow } from '../features/cards/index.ts';
import { createInventoryRepository } from '../features/operator/inventory.repository.ts';
import { createOperatorRepository } from '../features/operator/operator.repository.ts';
import { newCardId, randomId } from '../lib/ids.ts';

const USAGE = `Usage: npm run cards -- mint --edition <${EDITIONS.join('|')}> --count <n> --out <dir> [--label <text>] [--json]
       npm run cards -- operator grant <email> | revoke <email> | list

mint: mints unregistered cards for printing (D9) as one batch (issue 28: the console lists it
and can build the same bundle as a ZIP): writes <dir>/cards.csv (id, link, edition, nfcLink),
<dir>/<id>.svg (the QR code of each card's link) and <dir>/<id>.png (the same, print-ready,
1200 px). "link" is what the QR code holds (?src=qr), "nfcLink" what to write into the NFC chip
(?src=nfc): the statistics tell the two apart.
operator: grants or revokes the operator's console to an account's e-mail (besides
OPERATOR_EMAILS), or lists the granted ones. The console also needs two-factor sign-in or a
passkey on that account.

Works against the same database as the server (DATABASE_URL, or the embedded SQLite file in
DATA_DIR), also while the server runs.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      edition: { type: 'string' },
      count: { type: 'string' },
      out: { type: 'string' },
      label: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== 'mint' && command !== 'operator')) {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  if (command === 'operator') return operatorCommand(positionals.slice(1));
  const edition = values.edition as Edition;
  if (!EDITIONS.includes(edition)) return fail(`--edition must be one of ${EDITIONS.join(', ')}`);
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) return fail('--count must be a whole number from 1 to 100000');
  if (!values.out) return fail('--out must name the folder for the CSV and QR codes');

  const config = loadConfig();
  return withDatabase(async (db) => {
    const minted = Date.now();
    const batchId = randomId(12);
    const cards = Array.from({ length: count }, () => ({ id: newCardId(), edition, minted, batchId }));
    const label = values.label ?? `CLI ${new Date(minted).toISOString()}`;
    await createInventoryRepository(db).insertBatch({
      id: batchId,
      edition,
      label,
      count,
      created: minted,
      createdBy: 'cli',
      bundleState: 'pending',
      bundleKey: null,
    });
    await createCardRepository(db).insertMany(cards);
    const out = path.resolve(values.out!);
    await fs.mkdir(out, { recursive: true });
    const csv = printCsv(config.publicUrl, cards);
    await fs.writeFile(path.join(out, csv.name), csv.data);
    for (const card of cards) for (const file of await printCardFiles(config.publicUrl, card.id)) await fs.writeFile(path.join(out, file.name), file.data);
    if (values.json) console.log(JSON.stringify(cards.map((c) => printRow(config.publicUrl, c))));
    else
      console.error(`Minted ${count} ${edition} card(s) as batch ${batchId}: ${path.join(out, 'cards.csv')} and ${count} QR code(s) (SVG and PNG) in ${out}`);
    return 0;
  });
}

/** `operator grant|revoke <email>`, `operator list`. */
async function operatorCommand([action, email]: string[]): Promise<number> {
  if (action === 'list') {
    return withDatabase(async (db) => {
      for (const grant of await createOperatorRepository(db).listGrants()) console.log(`${grant.email}\t${new Date(grant.granted).toISOString()}`);
      return 0;
    });
  }
  if (action !== 'grant' && action !== 'revoke') return fail('operator takes grant <email>, revoke <email> or list');
  if (!email || !z.string().email().max(254).safeParse(email).success) return fail(`operator ${action} needs an e-mail address`);
  return withDatabase(async (db) => {
    const operators = createOperatorRepository(db);
    const changed = action === 'grant' ? await operators.grant(email, Date.now()) : await operators.revoke(email);
    console.error(
      action === 'grant'
        ? `${email.toLowerCase()} ${changed ? 'is now an operator' : 'was an operator already'}`
        : `${email.toLowerCase()} ${changed ? 'is no operator any more' : 'was no operator'}`,
    );
    return 0;
  });
}

async function withDatabase(work: (db: Db) => Promise<number>): Promise<number> {
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
}

function fail(message: string): number {
  console.error(`cards: ${message}\n\n${USAGE}`);
  return 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(`cards: ${error instanceof ConfigError ? error.message : error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
