/**
 * A map whose entries live at most `ttlMs`. For the hot path's reads (a profile's stamp, a
 * bearer session): at a high request rate most requests skip the database, while a change made
 * through another instance shows here after at most `ttlMs`; changes made through this
 * instance delete the entry at once.
 */
export function createShortLivedCache<V>(ttlMs: number, maxEntries = 10_000) {
  const entries = new Map<string, { value: V; expires: number }>();
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
    set(key: string, value: V): void {
      // A full map is emptied rather than scanned: entries are cheap to read again.
      if (entries.size >= maxEntries) entries.clear();
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    delete(key: string): void {
      entries.delete(key);
    },
    clear(): void {
      entries.clear();
    },
  };
}
export type ShortLivedCache<V> = ReturnType<typeof createShortLivedCache<V>>;
