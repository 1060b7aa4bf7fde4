/**
 * Issue 22: the owner data cache (TanStack Query, `lib/query-client.ts`) loads with the first
 * signed-in screen, not with the sign-in path. What the sign-in path must tell it (a sign-out
 * forgets every owner answer; "try again" asks again what failed) goes through these hooks, which
 * the cache registers when it loads; before that there is nothing to forget or retry.
 */
type Hook = () => void;

const signedOutHooks = new Set<Hook>();
const retryHooks = new Set<Hook>();

export const ownerQueryHooks = {
  onSignedOut(hook: Hook): void {
    signedOutHooks.add(hook);
  },
  onRetry(hook: Hook): void {
    retryHooks.add(hook);
  },
  /** The owner signed out (or the server refused the token): owner answers must not outlive it. */
  signedOut(): void {
    for (const hook of signedOutHooks) hook();
  },
  /** "Try again" after a failure: failed queries load again. */
  retried(): void {
    for (const hook of retryHooks) hook();
  },
};
