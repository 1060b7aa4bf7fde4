/**
 * A map whose entries live at most `ttlMs`. For the hot path's reads (a profile's stamp, a
 * bearer session): at a high request rate most requests skip the database, while a change made
 * through another instance shows here after at most `ttlMs` (or at once, when Redis pushes the
 * change: lib/invalidation.ts); changes made through this instance delete the entry at once.
 *
 * `ttlMs` may be a function, read at each `set`: the time then follows whether invalidation is
 * pushed right now.
 */
export function createShortLivedCache<V>(ttlMs: number | (() => number), maxEntries = 10_000) {
  const entries = new Map<string, { value: V; expires: number }>();
  const ttl = typeof ttlMs === 'number' ? () => ttlMs : ttlMs;
  // Counts deletions, so a value read from the database before a deletion arrived is not kept
  // after it (it may be the old value the deletion was about).
  let generation = 0;
  return {
    get(key: string): V | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires <= Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    /** Where deletions stand now: take it before reading what `set` will keep. */
    generation: () => generation,
    /** Keeps `value`, unless an entry was deleted since `readAt` (a `generation()`). */
    set(key: string, value: V, readAt?: number): void {
      if (readAt !== undefined && readAt !== generation) return;
      // A full map is emptied rather than scanned: entries are cheap to read again.
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, expires: Date.now() + ttl() });
    },
    delete(key: string): void {
      generation++;
      entries.delete(key);
    },
    clear(): void {
      generation++;
      entries.clear();
    },
  };
}
export type ShortLivedCache<V> = ReturnType<typeof createShortLivedCache<V>>;
