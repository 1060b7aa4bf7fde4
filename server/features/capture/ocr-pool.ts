import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import sharp from 'sharp';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { AppError } from '../../http/errors.ts';
import type { OcrLine } from './card-text.rules.ts';

/**
 * Tesseract (tesseract.js: Tesseract 5 compiled to WebAssembly) in worker threads, a small pool
 * of them per process (issue 36). German and English trained data come from the npm packages
 * @tesseract.js-data/deu and /eng and are read from node_modules; the worker script refuses the
 * network (ocr-worker.mjs), so no image and no request ever leaves the server.
 */

/** What Tesseract read from one image. */
export interface OcrResult {
  /** The lines in reading order, with their place and size. */
  lines: OcrLine[];
  /** The whole recognised text. */
  text: string;
  /** Tesseract's mean word confidence, 0..1. */
  confidence: number;
}

export interface OcrPoolOptions {
  /** Engines (worker threads) at most; each reads one image at a time and holds about 150 MB. */
  workers: number;
  /** Reads that may wait for an engine; past that a read is refused with 503 and Retry-After. */
  queue: number;
  /** An engine idle this long is ended and its memory given back; the next read starts one (about 1 s). */
  idleMs?: number;
  /** A read that takes longer than this ends its engine and fails with 503. */
  timeoutMs?: number;
  /** Where the trained data is read from. Only for the test that proves a remote `langPath` is refused. */
  langPath?: string;
}

const require = createRequire(import.meta.url);

/** German first, so that umlauts win where both languages fit. */
const LANGUAGES = ['deu', 'eng'] as const;
/** The packages' best (integer) LSTM models, in node_modules. */
const DATA_FILES: Record<(typeof LANGUAGES)[number], () => string> = {
  deu: () => require.resolve('@tesseract.js-data/deu/4.0.0_best_int/deu.traineddata.gz'),
  eng: () => require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz'),
};

/** tesseract.js-core, the WebAssembly build, as tesseract.js itself resolves it. */
const CORE_PATH = path.dirname(createRequire(require.resolve('tesseract.js')).resolve('tesseract.js-core/package.json'));

/** An engine is ended after this many reads: a long-lived WebAssembly heap only grows. */
const MAX_READS_PER_ENGINE = 500;
/** Starting an engine (a worker thread that loads both languages) takes about a second; far longer means it is stuck. */
const START_TIMEOUT_MS = 60_000;
/** How long a refused read is asked to wait. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Page segmentation "sparse text": a card is no page of prose; it has short lines in columns and
 * corners, which Tesseract's default page layout joins across columns ("Engineer Tel +1 415").
 */
const PARAMETERS = {
  tessedit_pageseg_mode: PSM.SPARSE_TEXT,
  user_defined_dpi: '300',
  // Tesseract prints notes such as "Detected 22 diacritics" to stdout otherwise.
  debug_file: '/dev/null',
};

interface Slot {
  engine: Promise<Worker> | null;
  busy: boolean;
  reads: number;
}

/** A folder with the trained data files under the names Tesseract asks for (`deu.traineddata.gz`), linked from node_modules. */
function linkTrainedData(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'capture-tessdata-'));
  for (const lang of LANGUAGES) fs.symlinkSync(DATA_FILES[lang](), path.join(dir, `${lang}.traineddata.gz`));
  return dir;
}

function unavailable(message: string): AppError {
  return new AppError(503, ErrorCode.unavailable, message, undefined, RETRY_AFTER_SECONDS);
}

export function createOcrPool(options: OcrPoolOptions) {
  const idleMs = options.idleMs ?? 5 * 60_000;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const slots: Slot[] = Array.from({ length: options.workers }, () => ({ engine: null, busy: false, reads: 0 }));
  const waiting: Array<(slot: Slot) => void> = [];
  let dataDir: string | null = null;
  let idleTimer: NodeJS.Timeout | null = null;
  let closed = false;

  function startEngine(): Promise<Worker> {
    const langPath = options.langPath ?? (dataDir ??= linkTrainedData());
    // tesseract.js never settles createWorker when loading a language fails (it only calls the
    // error handler): the handler's error ends the start instead.
    let failed: (error: Error) => void = () => undefined;
    const failure = new Promise<never>((_, reject) => (failed = reject));
    failure.catch(() => undefined);
    const started = createWorker([...LANGUAGES], OEM.LSTM_ONLY, {
      langPath,
      // Read the data where it is; never write a cache file into the working folder.
      cacheMethod: 'none',
      gzip: true,
      workerPath: path.join(import.meta.dirname, 'ocr-worker.mjs'),
      // Without a handler tesseract.js throws a failed job's error from the worker's message
      // event, which would end the whole process; a failed read's own promise rejects as well.
      errorHandler: (error: unknown) => failed(new Error(String(error))),
      // Node's worker loads tesseract.js-core with require() from node_modules; corePath is for browsers. Named all the same.
      corePath: CORE_PATH,
    });
    return Promise.race([started, failure]).then(async (worker) => {
      await worker.setParameters(PARAMETERS);
      return worker;
    });
  }

  async function endEngine(slot: Slot): Promise<void> {
    const engine = slot.engine;
    slot.engine = null;
    slot.reads = 0;
    await engine?.then((worker) => worker.terminate()).catch(() => undefined);
  }

  function scheduleIdleEnd() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      for (const slot of slots) if (!slot.busy && slot.engine) void endEngine(slot);
    }, idleMs);
    idleTimer.unref();
  }

  function acquire(): Promise<Slot> {
    if (closed) throw unavailable('The card reader is shutting down.');
    const free = slots.find((slot) => !slot.busy);
    if (free) {
      free.busy = true;
      return Promise.resolve(free);
    }
    if (waiting.length >= options.queue) throw unavailable('Many cards are being read right now. Please try again in a few seconds.');
    return new Promise((resolve) => waiting.push(resolve));
  }

  function release(slot: Slot) {
    const next = waiting.shift();
    if (next) return next(slot);
    slot.busy = false;
    scheduleIdleEnd();
  }

  async function readWith(slot: Slot, image: Buffer): Promise<OcrResult> {
    if (!slot.engine) {
      slot.engine = startEngine();
      // A failed start leaves the slot empty so the next read tries again.
      slot.engine.catch(() => (slot.engine = null));
    }
    let timer: NodeJS.Timeout | undefined;
    const within = <T>(work: Promise<T>, ms: number, message: string) =>
      Promise.race([work, new Promise<never>((_, reject) => (timer = setTimeout(() => reject(unavailable(message)), ms)))]).finally(() => clearTimeout(timer));
    try {
      const worker = await within(slot.engine, START_TIMEOUT_MS, 'The card reader could not start. Please try again.');
      const { data } = await within(
        worker.recognize(image, { rotateAuto: true }, { text: true, blocks: true }),
        timeoutMs,
        'Reading the card took too long. Please try again.',
      );
      slot.reads += 1;
      if (slot.reads >= MAX_READS_PER_ENGINE) await endEngine(slot);
      const lines = (data.blocks ?? [])
        .flatMap((block) => block.paragraphs.flatMap((paragraph) => paragraph.lines))
        .map((line) => ({
          text: line.text.trim(),
          top: line.bbox.y0,
          height: line.rowAttributes?.rowHeight || line.bbox.y1 - line.bbox.y0,
        }))
        .filter((line) => line.text);
      return { lines, text: data.text.trim(), confidence: Math.max(0, Math.min(1, data.confidence / 100)) };
    } catch (error) {
      // A timed-out or failed engine may be stuck mid-read: end it; the next read starts a fresh one.
      await endEngine(slot);
      throw error;
    }
  }

  return {
    /** Reads an image (PNG, JPEG: prepared by card-image.ts). Throws 503 when every engine is busy and the queue is full. */
    async recognize(image: Buffer): Promise<OcrResult> {
      const slot = await acquire();
      try {
        return await readWith(slot, image);
      } finally {
        release(slot);
      }
    },
    /**
     * Starts the engines now instead of at the first read, and has each read a small blank image
     * (its first read compiles the WebAssembly's hot paths): the accuracy test times reads, not starts.
     */
    async warmUp(): Promise<void> {
      const blank = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#ffffff' } })
        .png()
        .toBuffer();
      await Promise.all(
        slots.map(async (slot) => {
          slot.engine ??= startEngine();
          await (await slot.engine).recognize(blank);
        }),
      );
    },
    /** How many engines run now (for tests and the logs). */
    get running() {
      return slots.filter((slot) => slot.engine).length;
    },
    /** Ends every engine and removes the linked data folder; reads after this are refused. */
    async close(): Promise<void> {
      closed = true;
      if (idleTimer) clearTimeout(idleTimer);
      await Promise.all(slots.map(endEngine));
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
      dataDir = null;
    },
  };
}
export type OcrPool = ReturnType<typeof createOcrPool>;
