import { randomBytes } from 'node:crypto';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../storage/storage.ts';
import { printCardFiles, printCsv, type PrintFile } from '../cards/index.ts';
import type { InventoryRepository } from './inventory.repository.ts';

/** Progress is written after every this many cards (one UPDATE), so the console can show it. */
const PROGRESS_EVERY = 25;
/** Lets the event loop serve whatever waits (requests, timers) before the next card. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Issue 28: builds a batch's print bundle in the background, on the instance that was asked:
 * the same files as `npm run cards -- mint` writes (cards feature's print-bundle.ts) in one flat
 * ZIP, stored under an unguessable key of the shared storage (every instance can
 * send it; /media never does). Progress lives in the batch's row, so any instance answers it.
 * A build stopped by a shutdown leaves the batch `pending`; the next download request starts it
 * again wherever it lands.
 */
export function createBundleBuilder(deps: { inventory: InventoryRepository; storage: Storage; publicUrl: string; log: FastifyBaseLogger }) {
  const { inventory, storage, publicUrl, log } = deps;
  const running = new Map<string, Promise<void>>();
  let closing = false;

  async function build(batchId: string): Promise<void> {
    await inventory.setBundle(batchId, { bundleState: 'building', bundleDone: 0 });
    const cards = await inventory.batchCards(batchId);
    // Issue 39: a batch minted with an organisation's page host is printed with it.
    const pageHost = (await inventory.findBatch(batchId))?.pageHost;
    const base = pageHost ? `https://${pageHost}` : publicUrl;
    const chunks: Uint8Array[] = [];
    let finished!: () => void;
    let failed!: (error: Error) => void;
    const done = new Promise<void>((resolve, reject) => {
      finished = resolve;
      failed = reject;
    });
    const zip = new Zip((error, chunk, final) => {
      if (error) return failed(error);
      chunks.push(chunk);
      if (final) finished();
    });
    const add = (file: PrintFile) => {
      const data = typeof file.data === 'string' ? new TextEncoder().encode(file.data) : new Uint8Array(file.data);
      // PNGs are compressed already; text (CSV, SVG) shrinks a lot.
      const entry = file.name.endsWith('.png') ? new ZipPassThrough(file.name) : new ZipDeflate(file.name, { level: 6 });
      zip.add(entry);
      entry.push(data, true);
    };
    add(printCsv(base, cards));
    for (let i = 0; i < cards.length; i++) {
      if (closing) {
        zip.terminate();
        await inventory.setBundle(batchId, { bundleState: 'pending', bundleDone: 0 });
        return;
      }
      for (const file of await printCardFiles(base, cards[i].id)) add(file);
      if ((i + 1) % PROGRESS_EVERY === 0) await inventory.setBundle(batchId, { bundleDone: i + 1 });
      // A card's codes are CPU work (about 20 ms) whose awaits settle as microtasks (SQLite's
      // driver is synchronous): without a turn of the event loop per card, this instance would
      // answer nothing, card pages included, until all 10,000 were done.
      await nextTurn();
    }
    zip.end();
    await done;
    const key = `bundles/${batchId}-${randomBytes(16).toString('base64url')}.zip`;
    await storage.put(key, Buffer.concat(chunks), 'application/zip');
    await inventory.setBundle(batchId, { bundleState: 'ready', bundleDone: cards.length, bundleKey: key });
  }

  return {
    /** Starts building unless this instance already is. */
    start(batchId: string): void {
      if (running.has(batchId) || closing) return;
      const job = build(batchId)
        .catch(async (error: unknown) => {
          log.error({ err: error, batchId }, 'print bundle failed');
          await inventory.setBundle(batchId, { bundleState: 'failed' }).catch(() => {});
        })
        .finally(() => running.delete(batchId));
      running.set(batchId, job);
    },
    isRunning: (batchId: string) => running.has(batchId),
    /** Waits for the builds running here (tests). */
    async idle(): Promise<void> {
      while (running.size) await Promise.all(running.values());
    },
    /** Stops every build at its next card (the batch goes back to `pending`) and waits for them. */
    async close(): Promise<void> {
      closing = true;
      await Promise.all(running.values());
    },
  };
}
export type BundleBuilder = ReturnType<typeof createBundleBuilder>;
