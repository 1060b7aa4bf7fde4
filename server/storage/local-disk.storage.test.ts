import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalDiskStorage } from './local-disk.storage.ts';
import { InvalidStorageKeyError, storageKeyFor, type Storage } from './storage.ts';
import { describeStorageContract } from './storage.contract.ts';

let base: string;
let root: string;
let storage: Storage;

beforeEach(async () => {
  // The root sits one level down so a test can see whether anything landed beside it.
  base = await mkdtemp(path.join(tmpdir(), 'local-disk-storage-'));
  root = path.join(base, 'uploads');
  storage = createLocalDiskStorage(root);
});

afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

/** All files under a folder, relative to it, temp files included. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

describeStorageContract('local disk', { open: () => storage, openAgain: () => createLocalDiskStorage(root) });

// What only a folder can show: the files on disk, and nothing beside the root.
describe('createLocalDiskStorage', () => {
  it('removes a profile folder with its last image, and keeps folders that still hold something (issue 20)', async () => {
    const image = storageKeyFor('p9', 'profileImage', 'jpg');
    const logo = storageKeyFor('p9', 'profileLogo', 'png');
    await storage.put(image, Buffer.from('a'), 'image/jpeg');
    await storage.put(logo, Buffer.from('b'), 'image/png');
    await storage.delete(image);
    expect(existsSync(path.join(root, 'profiles', 'p9'))).toBe(true);
    await storage.delete(logo);
    expect(existsSync(path.join(root, 'profiles', 'p9'))).toBe(false);
    expect(existsSync(root)).toBe(true);
    // The folder comes back with the next upload.
    await storage.put(image, Buffer.from('c'), 'image/jpeg');
    expect((await storage.get(image))?.data.toString()).toBe('c');
  });

  it('stores, reads back and deletes an object with its content type', async () => {
    const key = storageKeyFor('p1', 'profileImage', 'jpg');
    const data = Buffer.from('jpeg bytes');
    expect(await storage.get(key)).toBeNull();

    await storage.put(key, data, 'image/jpeg');
    expect(await storage.get(key)).toEqual({ data, contentType: 'image/jpeg' });
    expect(await filesUnder(root)).toEqual([key]);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key); // again: still no error
    expect(await filesUnder(root)).toEqual([]);
  });

  it('keeps objects and their types on disk, for a later process to read', async () => {
    await storage.put('profiles/p1/logo-a.png', Buffer.from('png'), 'image/png');
    const reopened = createLocalDiskStorage(root);
    expect(await reopened.get('profiles/p1/logo-a.png')).toEqual({ data: Buffer.from('png'), contentType: 'image/png' });
  });

  it('refuses a content type that does not match the key', async () => {
    await expect(storage.put('profiles/p1/a.jpg', Buffer.from('x'), 'image/png')).rejects.toThrow(/does not match/);
    await expect(storage.put('profiles/p1/a.png', Buffer.from('x'), 'text/html')).rejects.toThrow(/does not match/);
    expect(existsSync(root)).toBe(false);
  });

  it('stores many objects at once into a new folder, all readable afterwards', async () => {
    const items = Array.from({ length: 40 }, (_, i) => ({
      key: storageKeyFor('p2', i % 2 ? 'profileLogo' : 'profileImage', i % 2 ? 'png' : 'jpg'),
      data: Buffer.alloc(64 * 1024, i),
    }));
    await Promise.all(items.map((item) => storage.put(item.key, item.data, item.key.endsWith('.png') ? 'image/png' : 'image/jpeg')));
    const read = await Promise.all(items.map((item) => storage.get(item.key)));
    read.forEach((object, i) => expect(object?.data.equals(items[i].data), items[i].key).toBe(true));
    // No temp file is left behind.
    expect(await filesUnder(root)).toEqual(items.map((item) => item.key).sort());
  });

  it('refuses keys that would leave the root, for every operation', async () => {
    await writeFile(path.join(base, 'secret.jpg'), 'outside');
    const escaping = ['../secret.jpg', 'profiles/../../secret.jpg', `${base}/secret.jpg`, '/etc/passwd.jpg', '..\\secret.jpg', 'profiles/.x.jpg.tmp', ''];
    for (const key of escaping) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg'), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.get(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
      await expect(storage.delete(key), key).rejects.toBeInstanceOf(InvalidStorageKeyError);
    }
    expect(await filesUnder(base)).toEqual(['secret.jpg']);
  });
});
