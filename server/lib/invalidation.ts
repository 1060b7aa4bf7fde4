/**
 * How instances tell each other that something they may have cached changed (DESIGN
 * "Scale-out": no instance serves a stale profile, page or session after the writing request
 * answered). Writers publish after their change committed and before they answer; receivers
 * forget their own copies. Without Redis there is no one to tell: caches then live
 * BASE_CACHE_MS, the longest an edit made through another instance takes to show.
 */
export type InvalidationEvent =
  /** These profiles changed: forget their stamps (pages and JSON are keyed by the stamp). */
  | { kind: 'profiles'; ids: string[] }
  /** Sessions ended (sign-out, password change, reset): forget every remembered session. */
  | { kind: 'sessions' }
  /** Issue 39: an organisation's page host was verified, changed or removed: read the verified hosts again. */
  | { kind: 'page-hosts' }
  /** Messages may have been missed (the channel was lost or regained): forget everything. */
  | { kind: 'all' };

export interface Invalidation {
  /** Tells the other instances; resolves once sent, or once given up (never rejects). */
  publish(event: InvalidationEvent): Promise<void>;
  /** Called for every event from another instance, and with `all` when the channel changes state. */
  subscribe(listener: (event: InvalidationEvent) => void): void;
  /** How long a cache of shared data may keep an entry now. */
  cacheMs(): number;
}

/** Without pushed invalidation: an edit made through another instance shows within this. */
export const BASE_CACHE_MS = 1000;

/**
 * With Redis up, edits are pushed, so entries may live longer. What this still bounds: view
 * counts written by other instances (their 100 ms flushes are not published: that would be
 * a message per profile per flush at every scan) and a message lost in a network split that
 * left this instance's channel up. 10 s cuts the hot path's reads tenfold against one second.
 */
export const PUSHED_CACHE_MS = 10_000;

/**
 * How long a found session is answered from memory, with Redis or without. Sign-outs are pushed
 * too, but a message can be lost while both ends' connections look up (a stalled socket, a
 * network split: issue 20 measured a revoked token still working 9.5 s on the other instance
 * under PUSHED_CACHE_MS). A session read is one indexed query per token and second, cheap next
 * to what a revoked token could do, so sessions never take the longer time.
 */
export const SESSION_CACHE_MS = BASE_CACHE_MS;

/** One instance on its own (the embedded default): nothing to tell, caches live a second. */
export function createLocalInvalidation(): Invalidation {
  return {
    publish: async () => {},
    subscribe: () => {},
    cacheMs: () => BASE_CACHE_MS,
  };
}
