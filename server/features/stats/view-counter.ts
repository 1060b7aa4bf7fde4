import { createHourClock } from './visit-days.ts';
import { addCount, mergeCounts, visitKey, type VisitEvent } from './visit-counts.ts';

/**
 * Counts public views (D10) and the daily visit aggregates of issue 12 in memory and adds them
 * to the database in one transaction per `flushMs`. A write per view would cost more than the
 * whole rest of a page answer; adding `+ n` in place keeps counts exact across instances, and
 * close() flushes what is pending, so a graceful stop loses nothing.
 *
 * A crash (kill -9) loses what was counted since the last batch that committed: at most
 * `flushMs` plus the time that batch's write takes (docs/security.md "Data loss": 100 + a few
 * ms). Issue 20 measured more than the old 200 ms interval: a timer fires late on a busy event
 * loop, and the interval ran from the last timer, not from the last batch. So a batch is due
 * `flushMs` after the previous one was taken, and the requests that count check that themselves
 * (a timestamp compare), so under load the write starts on time; the timer only covers quiet
 * moments. Counting is a Map bump: no await, no I/O.
 */
export interface ViewCounter {
  countProfile(profileId: string): void;
  countCard(cardId: string): void;
  /** One event for the hourly aggregates (the UTC hour when it is counted; the owner's days are made of them when read). */
  countVisit(event: VisitEvent): void;
  /**
   * Views of a profile counted here and not yet in the database (pending, or in a write that has
   * not committed): added to what the database says, so a read during a flush does not lose them.
   */
  pendingProfile(profileId: string): number;
  pendingCard(cardId: string): number;
  /**
   * Runs `read` (a read of stored counts) with no batch being written when it starts and none
   * taken while it runs (else it reads again, at most twice more), so the pending counts taken
   * right after it are exactly what the stored ones lack. Without it a batch committing during
   * the read was in neither: an owner's card showed 1 view of 2 (a PostgreSQL run, 2026-11-29).
   */
  settledRead<T>(read: () => Promise<T>): Promise<T>;
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** What one flush writes: views per profile, scans per card, and counts per visit key (visit-counts.ts). */
export interface CountBatch {
  profiles: Map<string, number>;
  cards: Map<string, number>;
  visits: Map<string, number>;
}

export function createViewCounter(options: {
  flushMs: number;
  write(batch: CountBatch): Promise<void>;
  onError(error: unknown): void;
  /** The clock of the hourly aggregates (tests). */
  now?: () => number;
}): ViewCounter {
  let pending: CountBatch = { profiles: new Map(), cards: new Map(), visits: new Map() };
  let flushing: Promise<void> | null = null;
  /** The batch being written: still counted by pendingProfile/pendingCard until its write settles. */
  let writing: CountBatch | null = null;
  /** How many batches were taken for writing so far (settledRead compares it around a read). */
  let taken = 0;
  const thisHour = createHourClock(options.now);
  /** When the batch being written (or last written) was taken: the next one is due flushMs later. */
  let takenAt = Date.now();
  const isEmpty = (b: CountBatch) => b.profiles.size === 0 && b.cards.size === 0 && b.visits.size === 0;

  async function flush(): Promise<void> {
    // One flush at a time; a caller arriving mid-flush waits for it, then writes what came since.
    while (flushing) await flushing;
    if (isEmpty(pending)) return;
    const batch = pending;
    pending = { profiles: new Map(), cards: new Map(), visits: new Map() };
    takenAt = Date.now();
    taken += 1;
    writing = batch;
    flushing = options
      .write(batch)
      .then(() => {
        writing = null;
      })
      .catch((error) => {
        writing = null;
        // Put the counts back so the next flush tries again instead of losing them.
        mergeCounts(pending.profiles, batch.profiles);
        mergeCounts(pending.cards, batch.cards);
        mergeCounts(pending.visits, batch.visits);
        options.onError(error);
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  /** Starts the write of the pending batch when it is due and none is running. */
  function flushWhenDue(): void {
    if (!flushing && Date.now() - takenAt >= options.flushMs) void flush();
  }
  // Quiet moments: a look four times per interval, so a lone view waits at most 1.25 intervals.
  const timer = setInterval(flushWhenDue, Math.max(10, Math.floor(options.flushMs / 4)));
  timer.unref();

  return {
    countProfile: (id) => {
      addCount(pending.profiles, id);
      flushWhenDue();
    },
    countCard: (id) => {
      addCount(pending.cards, id);
      flushWhenDue();
    },
    countVisit: (event) => {
      addCount(pending.visits, visitKey(thisHour(), event));
      flushWhenDue();
    },
    pendingProfile: (id) => (pending.profiles.get(id) ?? 0) + (writing?.profiles.get(id) ?? 0),
    pendingCard: (id) => (pending.cards.get(id) ?? 0) + (writing?.cards.get(id) ?? 0),
    async settledRead(read) {
      for (let attempt = 0; ; attempt++) {
        while (flushing) await flushing;
        const before = taken;
        const result = await read();
        if (taken === before || attempt === 2) return result;
      }
    },
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      // A write that failed during close is retried once more before the database closes.
      if (!isEmpty(pending)) await flush();
    },
  };
}
