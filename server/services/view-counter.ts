/**
 * Counts public views (D10) in memory and adds them to the database in one transaction every
 * `flushMs`. A write per view would cost more than the whole rest of a page answer; adding
 * `+ n` in place keeps counts exact across instances, and close() flushes what is pending, so
 * a graceful stop loses nothing (a crash can lose at most one interval).
 */
export interface ViewCounter {
  countProfile(profileId: string): void;
  countCard(cardId: string): void;
  /** Views of a profile counted here and not yet written: added to what the database says. */
  pendingProfile(profileId: string): number;
  pendingCard(cardId: string): number;
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createViewCounter(options: {
  flushMs: number;
  write(profileViews: Map<string, number>, cardViews: Map<string, number>): Promise<void>;
  onError(error: unknown): void;
}): ViewCounter {
  let profiles = new Map<string, number>();
  let cards = new Map<string, number>();
  let flushing: Promise<void> | null = null;

  async function flush(): Promise<void> {
    // One flush at a time; a caller arriving mid-flush waits for it, then writes what came since.
    while (flushing) await flushing;
    if (profiles.size === 0 && cards.size === 0) return;
    const batch = { profiles, cards };
    profiles = new Map();
    cards = new Map();
    flushing = options
      .write(batch.profiles, batch.cards)
      .catch((error) => {
        // Put the views back so the next flush tries again instead of losing them.
        for (const [id, n] of batch.profiles) profiles.set(id, (profiles.get(id) ?? 0) + n);
        for (const [id, n] of batch.cards) cards.set(id, (cards.get(id) ?? 0) + n);
        options.onError(error);
      })
      .finally(() => {
        flushing = null;
      });
    await flushing;
  }

  const timer = setInterval(() => void flush(), options.flushMs);
  timer.unref();

  return {
    countProfile: (id) => void profiles.set(id, (profiles.get(id) ?? 0) + 1),
    countCard: (id) => void cards.set(id, (cards.get(id) ?? 0) + 1),
    pendingProfile: (id) => profiles.get(id) ?? 0,
    pendingCard: (id) => cards.get(id) ?? 0,
    flush,
    async close() {
      clearInterval(timer);
      await flush();
      // A write that failed during close is retried once more before the database closes.
      if (profiles.size || cards.size) await flush();
    },
  };
}
