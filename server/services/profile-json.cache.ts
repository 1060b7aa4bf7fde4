import type { Profile } from '../../shared/schemas/profile.schema.ts';

const VIEWS_MARK = '"profileViews":-1';

interface Wrap {
  prefix: Buffer;
  suffix: Buffer;
}
const NO_WRAP: Wrap = { prefix: Buffer.alloc(0), suffix: Buffer.alloc(0) };

/** Wraps a profile as `{"profile":…}`, the envelope of SPEC 7's public calls. */
export const PROFILE_ENVELOPE: Wrap = { prefix: Buffer.from('{"profile":'), suffix: Buffer.from('}') };

interface Entry {
  before: Buffer;
  after: Buffer;
  /** The last answer built per wrap, with the view count in it. */
  last: Map<Wrap, { views: number; bytes: Buffer }>;
}

/**
 * The JSON of presented profiles, kept per (profile id, `updated` stamp): every change of a
 * profile, its links or its cards bumps `updated`, so a stale entry is never found again.
 * The view count changes on every view, so it is left out and spliced in per answer; while the
 * count stays the same (an owner reading a profile between visits), the last answer is sent
 * again as it is. Answers are never changed once built, so sockets may share them.
 */
export function createProfileJsonCache(maxEntries = 2000) {
  const entries = new Map<string, Entry>();
  return {
    /**
     * The profile's JSON (UTF-8 bytes, so the socket write needs no encoding) with `views`
     * spliced in, wrapped in `prefix`/`suffix` when given; `build` runs only on a miss.
     */
    async json(id: string, updated: number, views: number, build: () => Promise<Profile>, wrap: Wrap = NO_WRAP): Promise<Buffer> {
      const key = `${id}:${updated}`;
      let entry = entries.get(key);
      if (!entry) {
        const text = JSON.stringify({ ...(await build()), profileViews: -1 });
        const at = text.indexOf(VIEWS_MARK);
        entry = { before: Buffer.from(text.slice(0, at + VIEWS_MARK.length - 2)), after: Buffer.from(text.slice(at + VIEWS_MARK.length)), last: new Map() };
        // Map keeps insertion order: dropping the oldest keys is a cheap bound on memory.
        if (entries.size >= maxEntries) for (const old of [...entries.keys()].slice(0, maxEntries / 4)) entries.delete(old);
        entries.set(key, entry);
      }
      const last = entry.last.get(wrap);
      if (last?.views === views) return last.bytes;
      const bytes = Buffer.concat([wrap.prefix, entry.before, Buffer.from(String(views)), entry.after, wrap.suffix]);
      entry.last.set(wrap, { views, bytes });
      return bytes;
    },
  };
}
export type ProfileJsonCache = ReturnType<typeof createProfileJsonCache>;
