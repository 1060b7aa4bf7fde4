import { createShortLivedCache } from '../../lib/short-lived-cache.ts';
import { BASE_CACHE_MS, createLocalInvalidation, type Invalidation } from '../../lib/invalidation.ts';

/**
 * How long a profile's stamp is answered from memory without Redis (or while it is down): the
 * longest another instance's edit takes to show. With Redis edits are pushed and stamps are kept
 * longer (lib/invalidation.ts, PUSHED_CACHE_MS).
 */
export const STAMP_CACHE_MS = BASE_CACHE_MS;

/** What the hot path needs of a profile: whose, whether public, its cache key, its stored views. */
export interface ProfileStamp {
  userId: string;
  status: string;
  updated: number;
  profileViews: number;
  /** Whether the owner confirmed their e-mail address: only then is the profile public (issue 20). */
  ownerConfirmed: boolean | number;
}

/**
 * Hot path (D10): the remembered stamps of profiles, kept for a second (null too: unknown ids
 * are what floods send), longer while Redis pushes changes. The profile repository forgets the
 * entries of the profiles a change touched once its transaction has ended and tells the other
 * instances through `invalidation`; their changes reach here the same way.
 */
export function createProfileStamps(invalidation: Invalidation = createLocalInvalidation()) {
  const stamps = createShortLivedCache<ProfileStamp | null>(invalidation.cacheMs);
  const changeListeners: Array<(ids: readonly string[]) => void> = [];
  invalidation.subscribe((event) => {
    if (event.kind === 'profiles') for (const id of event.ids) stamps.delete(id);
    else if (event.kind === 'all') stamps.clear();
  });
  return {
    /** The remembered stamp (null: no such profile), or undefined when none is remembered: the hot path's answer without an await. */
    peek(id: string): ProfileStamp | null | undefined {
      return stamps.get(id);
    },

    /** The remembered stamp, or `read`'s answer remembered (unless a change came in meanwhile). */
    async get(id: string, read: (id: string) => Promise<ProfileStamp | undefined>): Promise<ProfileStamp | null> {
      let stamp = stamps.get(id);
      if (stamp === undefined) {
        const readAt = stamps.generation();
        stamp = (await read(id)) ?? null;
        stamps.set(id, stamp, readAt);
      }
      return stamp;
    },

    forget(id: string): void {
      stamps.delete(id);
    },

    /**
     * After a change's transaction has ended: forgets the changed profiles' stamps here, and
     * tells the other instances before it resolves (also of `created`: an instance may
     * remember "no such profile" for a new id). publish() never rejects: a lost Redis costs
     * freshness elsewhere (bounded), not the write.
     */
    async changed(ids: readonly string[], created: readonly string[]): Promise<void> {
      for (const id of ids) stamps.delete(id);
      const changed = [...ids, ...created];
      if (changed.length) await invalidation.publish({ kind: 'profiles', ids: changed });
      if (ids.length) for (const listener of changeListeners) listener(ids);
    },

    /**
     * Calls `listener` after each change made through this instance has ended, with the changed
     * profiles (not those it created). Listeners must return at once: they run before the
     * change's request answers (wallet passes start their pushes here, issue 26).
     */
    onChanged(listener: (ids: readonly string[]) => void): void {
      changeListeners.push(listener);
    },
  };
}
export type ProfileStamps = ReturnType<typeof createProfileStamps>;
