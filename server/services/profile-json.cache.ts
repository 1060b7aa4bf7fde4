import type { Profile } from '../../shared/schemas/profile.schema.ts';

const VIEWS_MARK = '"profileViews":-1';
const NO_WRAP = { prefix: Buffer.alloc(0), suffix: Buffer.alloc(0) };

/** Wraps a profile as `{"profile":…}`, the envelope of SPEC 7's public calls. */
export const PROFILE_ENVELOPE = { prefix: Buffer.from('{"profile":'), suffix: Buffer.from('}') };

/**
 * The JSON of presented profiles, kept per (profile id, `updated` stamp): every change of a
 * profile, its links or its cards bumps `updated`, so a stale entry is never found again.
 * The view count changes on every view, so it is left out and spliced in per answer.
 */
export function createProfileJsonCache(maxEntries = 2000) {
  const entries = new Map<string, { before: Buffer; after: Buffer }>();
  return {
    /**
     * The profile's JSON (UTF-8 bytes, so the socket write needs no encoding) with `views`
     * spliced in, wrapped in `prefix`/`suffix` when given; `build` runs only on a miss.
     */
    async json(id: string, updated: number, views: number, build: () => Promise<Profile>, wrap: { prefix: Buffer; suffix: Buffer } = NO_WRAP): Promise<Buffer> {
      const key = `${id}:${updated}`;
      let entry = entries.get(key);
      if (!entry) {
        const text = JSON.stringify({ ...(await build()), profileViews: -1 });
        const at = text.indexOf(VIEWS_MARK);
        entry = { before: Buffer.from(text.slice(0, at + VIEWS_MARK.length - 2)), after: Buffer.from(text.slice(at + VIEWS_MARK.length)) };
        // Map keeps insertion order: dropping the oldest keys is a cheap bound on memory.
        if (entries.size >= maxEntries) for (const old of [...entries.keys()].slice(0, maxEntries / 4)) entries.delete(old);
        entries.set(key, entry);
      }
      return Buffer.concat([wrap.prefix, entry.before, Buffer.from(String(views)), entry.after, wrap.suffix]);
    },
  };
}
export type ProfileJsonCache = ReturnType<typeof createProfileJsonCache>;
