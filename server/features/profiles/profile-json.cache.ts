import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import type { PublicProfile } from '../../../shared/schemas/public-profile.schema.ts';

const VIEWS_MARK = '"profileViews":-1';

interface OwnerEntry {
  before: Buffer;
  after: Buffer;
  /** The last answer built, with the view count in it. */
  last?: { views: number; bytes: Buffer };
}

/** Map keeps insertion order: dropping the oldest keys is a cheap bound on memory. */
function remember<V>(map: Map<string, V>, key: string, value: V, maxEntries: number) {
  if (map.size >= maxEntries) for (const old of [...map.keys()].slice(0, maxEntries / 4)) map.delete(old);
  map.set(key, value);
}

/**
 * The JSON of presented profiles, kept per (profile id, `updated` stamp): every change of a
 * profile, its links or its cards bumps `updated`, so a stale entry is never found again.
 * Two shapes, kept apart: the owner's (SPEC 3, with the view count, which changes on every
 * view and so is spliced in per answer) and the public `{ profile }` (no count: built once per
 * change). Answers are never changed once built, so sockets may share them.
 */
export function createProfileJsonCache(maxEntries = 2000) {
  const owner = new Map<string, OwnerEntry>();
  const visitor = new Map<string, Buffer>();
  return {
    /**
     * The owner's profile as JSON (UTF-8 bytes, so the socket write needs no encoding) with
     * `views` spliced in; `build` runs only on a miss. While the count stays the same (an owner
     * reading a profile between visits), the last answer is sent again as it is.
     */
    async json(id: string, updated: number, views: number, build: () => Promise<Profile>): Promise<Buffer> {
      const key = `${id}:${updated}`;
      let entry = owner.get(key);
      if (!entry) {
        const text = JSON.stringify({ ...(await build()), profileViews: -1 });
        const at = text.indexOf(VIEWS_MARK);
        entry = { before: Buffer.from(text.slice(0, at + VIEWS_MARK.length - 2)), after: Buffer.from(text.slice(at + VIEWS_MARK.length)) };
        remember(owner, key, entry, maxEntries);
      }
      if (entry.last?.views === views) return entry.last.bytes;
      const bytes = Buffer.concat([entry.before, Buffer.from(String(views)), entry.after]);
      entry.last = { views, bytes };
      return bytes;
    },

    /** The public answer `{"profile":…}` as JSON bytes; `build` runs only on a miss. */
    async publicJson(id: string, updated: number, build: () => Promise<{ profile: PublicProfile }>): Promise<Buffer> {
      const key = `${id}:${updated}`;
      let bytes = visitor.get(key);
      if (!bytes) {
        bytes = Buffer.from(JSON.stringify(await build()));
        remember(visitor, key, bytes, maxEntries);
      }
      return bytes;
    },
  };
}
export type ProfileJsonCache = ReturnType<typeof createProfileJsonCache>;
