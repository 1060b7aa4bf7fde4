import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCardReader } from '../../server/features/capture/card-reader.ts';
import { createOcrPool } from '../../server/features/capture/ocr-pool.ts';
import { e164Of } from '../../server/features/capture/phone-numbers.ts';
import type { CaptureFields } from '../../shared/schemas/capture.schema.ts';

/**
 * Issue 36: accuracy is measured, not hoped. Every card of the corpus (test/fixtures/capture,
 * made by test/capture/generate-corpus.ts) is read by the real pipeline (sharp, Tesseract in a
 * worker thread, the field rules) and compared with the fields it was printed with. Fails below
 * the goals; prints each card's time and what it missed.
 */

const DIR = path.resolve(import.meta.dirname, '../fixtures/capture');
interface CorpusCard {
  file: string;
  finish: string;
  layout: string;
  font: string;
  fields: Record<keyof CaptureFields, string | null>;
}
const corpus = JSON.parse(fs.readFileSync(path.join(DIR, 'cards.json'), 'utf8')) as { cards: CorpusCard[] };

const GOALS = { email: 0.95, phone: 0.9, name: 0.9, company: 0.85 };
/** Per card, on this 2-core machine; reported, not asserted (the machine is shared, docs/performance.md). */
const TIME_GOAL_MS = 2000;

const pool = createOcrPool({ workers: 1, queue: 100 });
const reader = createCardReader({ pool });

interface Outcome {
  file: string;
  /** Wall-clock time of the read (photo checked and prepared, OCR, rules). */
  ms: number;
  /**
   * CPU time the process spent on it, all threads: the read is single-threaded, so this is the
   * time it takes on an idle core, whatever else the shared machine runs (docs/performance.md).
   */
  cpuMs: number;
  email: boolean;
  phones: boolean[];
  name: boolean;
  company: boolean;
  others: Record<string, boolean>;
  misses: string[];
}

function compare(card: CorpusCard, got: CaptureFields, ms: number, cpuMs: number): Outcome {
  const want = card.fields;
  const misses: string[] = [];
  const same = (field: keyof CaptureFields, ok: boolean) => {
    if (!ok) misses.push(`${field}: ${JSON.stringify(got[field])} ≠ ${JSON.stringify(want[field])}`);
    return ok;
  };
  const phones = (['phone', 'mobile'] as const)
    .filter((field) => want[field])
    .map((field) => same(field, got[field] !== null && e164Of(got[field]!) === want[field]));
  const others = Object.fromEntries(
    (['jobTitle', 'website', 'street', 'zip', 'city', 'country'] as const).map((field) => [field, same(field, (got[field] ?? null) === (want[field] ?? null))]),
  );
  return {
    file: card.file,
    ms,
    cpuMs,
    email: same('email', got.email === want.email),
    phones,
    name: same('firstName', got.firstName === want.firstName) && same('lastName', got.lastName === want.lastName),
    company: same('company', got.company === want.company),
    others,
    misses,
  };
}

const outcomes: Outcome[] = [];

describe('reading the card corpus (issue 36)', () => {
  beforeAll(async () => {
    await pool.warmUp();
  });
  afterAll(async () => {
    await pool.close();
  });

  it(`holds at least 40 cards`, () => {
    expect(corpus.cards.length).toBeGreaterThanOrEqual(40);
  });

  it('reads e-mails, phone numbers, names and companies at least as well as the goals', async () => {
    for (const card of corpus.cards) {
      const image = fs.readFileSync(path.join(DIR, card.file));
      const started = performance.now();
      const cpu = process.cpuUsage();
      const answer = await reader.read(image);
      const ms = performance.now() - started;
      const used = process.cpuUsage(cpu);
      const outcome = compare(card, answer.fields, ms, (used.user + used.system) / 1000);
      outcomes.push(outcome);
      console.log(
        `${card.file.padEnd(12)} ${card.finish.padEnd(10)} ${String(Math.round(ms)).padStart(5)} ms (CPU ${String(Math.round(outcome.cpuMs)).padStart(4)} ms)  ${outcome.misses.join('; ') || 'all fields'}`,
      );
    }
    const share = (values: boolean[]) => values.filter(Boolean).length / values.length;
    const shares = {
      email: share(outcomes.map((o) => o.email)),
      phone: share(outcomes.flatMap((o) => o.phones)),
      name: share(outcomes.map((o) => o.name)),
      company: share(outcomes.map((o) => o.company)),
    };
    const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
    const times = sorted(outcomes.map((o) => o.ms));
    const cpuTimes = sorted(outcomes.map((o) => o.cpuMs));
    const others = Object.keys(outcomes[0]!.others).map((field) => `${field} ${(share(outcomes.map((o) => o.others[field]!)) * 100).toFixed(0)} %`);
    console.log(
      [
        `cards: ${outcomes.length} (${outcomes.flatMap((o) => o.phones).length} phone numbers)`,
        `e-mail ${(shares.email * 100).toFixed(1)} %, phone ${(shares.phone * 100).toFixed(1)} %, name ${(shares.name * 100).toFixed(1)} %, company ${(shares.company * 100).toFixed(1)} %`,
        `also: ${others.join(', ')}`,
        `time per card: median ${Math.round(times[times.length >> 1]!)} ms, slowest ${Math.round(times.at(-1)!)} ms, ${times.filter((t) => t > TIME_GOAL_MS).length} over ${TIME_GOAL_MS} ms (load average ${os.loadavg()[0]!.toFixed(1)} on ${os.availableParallelism()} cores)`,
        `CPU time per card: median ${Math.round(cpuTimes[cpuTimes.length >> 1]!)} ms, slowest ${Math.round(cpuTimes.at(-1)!)} ms, ${cpuTimes.filter((t) => t > TIME_GOAL_MS).length} over ${TIME_GOAL_MS} ms`,
      ].join('\n'),
    );
    expect(shares.email).toBeGreaterThanOrEqual(GOALS.email);
    expect(shares.phone).toBeGreaterThanOrEqual(GOALS.phone);
    expect(shares.name).toBeGreaterThanOrEqual(GOALS.name);
    expect(shares.company).toBeGreaterThanOrEqual(GOALS.company);
  });
});
