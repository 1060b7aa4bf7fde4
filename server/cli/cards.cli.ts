import 'dotenv/config';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { cardLink } from '../../shared/card-link.ts';
import { EDITIONS, type Edition } from '../../shared/schemas/card.schema.ts';
import { qrSvg } from '../cards/qr-code.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { migrateToLatest, openDatabase } from '../db/database.ts';
import { createCardRepository } from '../repositories/card.repository.ts';
import { newCardId } from '../lib/ids.ts';

const USAGE = `Usage: npm run cards -- mint --edition <${EDITIONS.join('|')}> --count <n> --out <dir> [--json]

Mints unregistered cards for printing (D9): writes <dir>/cards.csv (id, link, edition, nfcLink) and
<dir>/<id>.svg (the QR code of each card's link). "link" is what the QR code holds (?src=qr),
"nfcLink" what to write into the NFC chip (?src=nfc): the statistics tell the two apart. Works against the same database as the server
(DATABASE_URL, or the embedded SQLite file in DATA_DIR), also while the server runs.`;

/** Quotes a CSV field when it needs it (RFC 4180). */
const csvField = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      edition: { type: 'string' },
      count: { type: 'string' },
      out: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help || positionals[0] !== 'mint') {
    console.log(USAGE);
    return values.help ? 0 : 2;
  }
  const edition = values.edition as Edition;
  if (!EDITIONS.includes(edition)) return fail(`--edition must be one of ${EDITIONS.join(', ')}`);
  const count = Number(values.count);
  if (!Number.isInteger(count) || count < 1 || count > 100_000) return fail('--count must be a whole number from 1 to 100000');
  if (!values.out) return fail('--out must name the folder for the CSV and QR codes');

  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrateToLatest(database.db);
    const minted = Date.now();
    const cards = Array.from({ length: count }, () => ({ id: newCardId(), edition, minted }));
    await createCardRepository(database.db).insertMany(cards);
    const out = path.resolve(values.out);
    await fs.mkdir(out, { recursive: true });
    // Issue 12: the QR code and the chip carry their source; the new column comes last, so readers of the old three keep working.
    const rows = cards.map((c) => ({ id: c.id, link: cardLink(config.publicUrl, c.id, 'qr'), edition, nfcLink: cardLink(config.publicUrl, c.id, 'nfc') }));
    const csv = ['id,link,edition,nfcLink', ...rows.map((r) => [r.id, r.link, r.edition, r.nfcLink].map(csvField).join(','))].join('\r\n') + '\r\n';
    await fs.writeFile(path.join(out, 'cards.csv'), csv);
    for (const r of rows) await fs.writeFile(path.join(out, `${r.id}.svg`), await qrSvg(r.link));
    if (values.json) console.log(JSON.stringify(rows));
    else console.error(`Minted ${count} ${edition} card(s): ${path.join(out, 'cards.csv')} and ${count} QR code(s) in ${out}`);
    return 0;
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
