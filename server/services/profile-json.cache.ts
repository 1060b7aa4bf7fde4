import type { Profile } from '../../shared/schemas/profile.schema.ts';

const VIEWS_MARK = '"profileViews":-1';

/**
 * The JSON of presented profiles, kept per (profile id, `updated` stamp): every change of a
 * profile, its links or its cards bumps `updated`, so a stale entry is never found again.
 * The view count changes on every view, so it is left out and spliced in per answer.
 */
export function createProfileJsonCache(maxEntries = 2000) {
  const entries = new Map<string, { before: string; after: string }>();
  return {
    /** The profile's JSON with `views` spliced in; `build` runs only on a miss. */
    async json(id: string, updated: number, views: number, build: () => Promise<Profile>): Promise<string> {
      const key = `${id}:${updated}`;
      let entry = entries.get(key);
      if (!entry) {
        const text = JSON.stringify({ ...(await build()), profileViews: -1 });
        const at = text.indexOf(VIEWS_MARK);
        entry = { before: text.slice(0, at + VIEWS_MARK.length - 2), after: text.slice(at + VIEWS_MARK.length) };
        // Map keeps insertion order: dropping the oldest keys is a cheap bound on memory.
        if (entries.size >= maxEntries) for (const old of [...entries.keys()].slice(0, maxEntries / 4)) entries.delete(old);
        entries.set(key, entry);
      }
      return `${entry.before}${views}${entry.after}`;
    },
  };
}
export type ProfileJsonCache = ReturnType<typeof createProfileJsonCache>;
