import { describe, expect, it } from 'vitest';
import { InvalidStorageKeyError, storageKeyFor, type Storage } from './storage.ts';

/**
 * What every Storage implementation promises (storage.ts), as tests: local-disk.storage.test.ts
 * and s3.storage.test.ts run them against their implementation. `open()` answers a storage on a
 * fresh, empty place; `openAgain()` another instance on the same place (a later process, or
 * another server instance), which must see what the first stored.
 */
export function describeStorageContract(name: string, options: { open(): Storage; openAgain(): Storage; skipAtomicReplace?: string }) {
  describe(`${name}: the storage contract`, () => {
    it('stores, reads back and deletes an object with its content type', async () => {
      const storage = options.open();
      const key = storageKeyFor('p1', 'profileImage', 'jpg');
      const data = Buffer.from('jpeg bytes');
      expect(await storage.get(key)).toBeNull();

      await storage.put(key, data, 'image/jpeg');
      expect(await storage.get(key)).toEqual({ data, contentType: 'image/jpeg' });

      await storage.delete(key);
      expect(await storage.get(key)).toBeNull();
      await storage.delete(key); // again: still no error
    });

    it('keeps objects and their types for another instance on the same place to read', async () => {
      await options.open().put('profiles/p1/logo-a.png', Buffer.from('png'), 'image/png');
      expect(await options.openAgain().get('profiles/p1/logo-a.png')).toEqual({ data: Buffer.from('png'), contentType: 'image/png' });
    });

    it('replaces an existing object', async () => {
      const storage = options.open();
      await storage.put('profiles/p1/a.jpg', Buffer.from('one'), 'image/jpeg');
      await storage.put('profiles/p1/a.jpg', Buffer.from('two'), 'image/jpeg');
      expect((await storage.get('profiles/p1/a.jpg'))?.data.toString()).toBe('two');
    });

    it('refuses a content type that does not match the key', async () => {
      const storage = options.open();
      await expect(storage.put('profiles/p1/a.jpg', Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
      await expect(storage.put('profiles/p1/a.png', Buffer.from('x'), 'text/html')).rejects.toThrow(/does not match/);
      expect(await storage.get('profiles/p1/a.jpg')).toBeNull();
    });

    it('stores many objects at once, all readable afterwards', async () => {
      const storage = options.open();
      const items = Array.from({ length: 40 }, (_, i) => ({
        key: storageKeyFor('p2', i % 2 ? 'profileLogo' : 'profileImage', i % 2 ? 'png' : 'jpg'),
        data: Buffer.alloc(64 * 1024, i),
      }));
      await Promise.all(items.map((item) => storage.put(item.key, item.data, item.key.endsWith('.png') ? 'image/png' : 'image/jpeg')));
      const read = await Promise.all(items.map((item) => storage.get(item.key)));
      read.forEach((object, i) => expect(object?.data.equals(items[i].data), items[i].key).toBe(true));
    });

    // Keys are never overwritten by the product (storage.ts), so this guards the contract, not a path in use.
    it.skipIf(Boolean(options.skipAtomicReplace))('never lets a reader see a half-written object while writers replace it', async () => {
      const storage = options.open();
      const key = 'profiles/p3/image-same.jpg';
      const size = 4 * 1024 * 1024;
      const versions = Array.from({ length: 6 }, (_, i) => Buffer.alloc(size, i + 1));
      await storage.put(key, versions[0], 'image/jpeg');

      let writing = true;
      const writers = Promise.all(versions.map((data) => storage.put(key, data, 'image/jpeg'))).finally(() => {
        writing = false;
      });
      const seen: number[] = [];
      const reader = async () => {
        do {
          const object = await storage.get(key);
          expect(object).not.toBeNull();
          const data = object!.data;
          expect(data.length).toBe(size);
          // A whole version is one byte value throughout.
          expect(data.subarray(1).every((byte) => byte === data[0])).toBe(true);
          seen.push(data[0]);
        } while (writing);
      };
      await Promise.all([writers, reader(), reader(), reader()]);
      expect(seen.length).toBeGreaterThan(0);
    });

    it('refuses keys that would leave the root, for every operation', async () => {
      const storage = options.open();
      const escaping = ['../secret.jpg', 'profiles/../../secret.jpg', '/tmp/secret.jpg', '/etc/passwd.jpg', '..\\secret.jpg', 'profiles/.x.jpg.tmp', ''];
      for (const key of escaping) {
        await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
        await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      }
    });

    it('answers null for a key under another object', async () => {
      const storage = options.open();
      await storage.put('profiles/p4.jpg', Buffer.from('x'), 'image/jpeg');
      expect(await storage.get('profiles/p4.jpg/image.jpg')).toBeNull();
      await storage.delete('profiles/p4.jpg/image.jpg');
    });

    it('answers its readiness check', async () => {
      await expect(options.open().check()).resolves.toBeUndefined();
    });
  });
}
