import type { AsyncLocalStorage } from 'node:async_hooks';
import { getCurrentAuthContextAsyncLocalStorage, getCurrentDBAdapterAsyncLocalStorage, getRequestStateAsyncLocalStorage } from '@better-auth/core/context';

/**
 * better-auth keeps the context of an auth call (endpoint, request state, transaction) in
 * AsyncLocalStorage. On Node 20 an enabled AsyncLocalStorage installs async hooks that run on
 * every promise and socket write of the whole process, and it stays enabled after the call:
 * measured with `npm run bench`, one sign-in made every later hello-world request cost 40 %
 * more CPU (26 → 37 µs). So the auth bridge runs each call through `withAuthContext`, and when
 * the last auth call in flight in this process has finished, the storages are switched off
 * again; better-auth's next `run()` switches them on. The count is per process because
 * better-auth's storages are (two app instances in one test process share them).
 */
let inFlight = 0;
let storages: Promise<AsyncLocalStorage<unknown>[]> | undefined;

function betterAuthStorages(): Promise<AsyncLocalStorage<unknown>[]> {
  storages ??= Promise.all([getCurrentAuthContextAsyncLocalStorage(), getRequestStateAsyncLocalStorage(), getCurrentDBAdapterAsyncLocalStorage()]) as Promise<
    AsyncLocalStorage<unknown>[]
  >;
  return storages;
}

export async function withAuthContext<T>(call: () => Promise<T>): Promise<T> {
  const all = await betterAuthStorages();
  inFlight++;
  try {
    return await call();
  } finally {
    if (--inFlight === 0) for (const storage of all) storage.disable();
  }
}
