import { getRequestStateAsyncLocalStorage } from '@better-auth/core/context';
import { describe, expect, it } from 'vitest';
import { withAuthContext } from './auth-context.ts';

const later = <T>(ms: number, value: () => T) => new Promise<T>((resolve) => setTimeout(() => resolve(value()), ms));

describe('withAuthContext', () => {
  it('switches better-auth’s context storage off once the call has finished', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    let seenLater: Promise<unknown> | undefined;
    await withAuthContext(async () =>
      storage.run(new WeakMap(), async () => {
        // A continuation that outlives the call reads the store only while the storage is on.
        seenLater = later(20, () => storage.getStore());
        expect(storage.getStore()).toBeDefined();
      }),
    );
    expect(await seenLater).toBeUndefined();
  });

  it('keeps the context of a call still in flight when another call finishes first', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    const store = new WeakMap();
    const slow = withAuthContext(() => storage.run(store, () => later(30, () => storage.getStore())));
    await withAuthContext(() => storage.run(new WeakMap(), () => later(1, () => storage.getStore())));
    expect(await slow).toBe(store);
  });

  it('switches off after a failed call too, and passes its error on', async () => {
    const storage = await getRequestStateAsyncLocalStorage();
    let seenLater: Promise<unknown> | undefined;
    await expect(
      withAuthContext(() =>
        storage.run(new WeakMap(), async () => {
          seenLater = later(20, () => storage.getStore());
          throw new Error('sign-in failed');
        }),
      ),
    ).rejects.toThrow('sign-in failed');
    expect(await seenLater).toBeUndefined();
  });
});
