import { randomBytes } from 'node:crypto';
import { access, constants, mkdir, open, readFile, rename, rm, rmdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files.ts';
import { InvalidStorageKeyError, contentTypeForKey, isValidStorageKey, type Storage } from './storage.ts';

/**
 * Storage in a folder on local disk, for a single server (DESIGN: the default local run).
 * A key maps to the file `rootDir/{key}`; its content type follows from the extension
 * (STORAGE_CONTENT_TYPES), so the folder holds plain image files and nothing else, and
 * could equally be served by a static file server.
 *
 * Writes go to a temp file beside the target and are renamed into place: rename is atomic
 * on one file system, so a concurrent reader gets the old file or the new one, never half.
 */
export function createLocalDiskStorage(rootDir: string): Storage {
  const root = path.resolve(rootDir);

  function fileFor(key: string): string {
    if (!isValidStorageKey(key)) throw new InvalidStorageKeyError(key);
    const file = path.resolve(root, ...key.split('/'));
    // The key rules already make escaping impossible; this check keeps it so should
    // they ever be loosened.
    const relative = path.relative(root, file);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) throw new InvalidStorageKeyError(key);
    return file;
  }

  return {
    async put(key, data, contentType) {
      const file = fileFor(key);
      const expected = contentTypeForKey(key);
      if (contentType !== expected) {
        throw new Error(`Content type ${contentType} does not match key ${key} (expected ${expected})`);
      }
      const dir = path.dirname(file);
      // A dot name is never a valid key, so a temp file can never be read as an upload.
      const temp = path.join(dir, `.${path.basename(file)}.${randomBytes(8).toString('hex')}.tmp`);
      try {
        // A delete that emptied this folder may remove it between mkdir and open: make it again.
        for (let attempt = 1; ; attempt++) {
          // The server's user only, like the rest of the data folder (issue 20).
          await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
          try {
            await writeDurably(temp, data);
            break;
          } catch (error) {
            if (!isMissing(error) || attempt === 3) throw error;
          }
        }
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },

    async get(key) {
      const file = fileFor(key);
      const contentType = contentTypeForKey(key) as string;
      try {
        return { data: await readFile(file), contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key) {
      const file = fileFor(key);
      try {
        await unlink(file);
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
      // A profile's folder goes with its last image (issue 20: a deleted account left empty
      // folders named after its profiles). rmdir removes empty folders only; one that is not
      // empty (another image, a temp file of an upload in progress) stays, and so do the ones above.
      for (let dir = path.dirname(file); dir !== root && dir.startsWith(root + path.sep); dir = path.dirname(dir)) {
        try {
          await rmdir(dir);
        } catch {
          break;
        }
      }
    },

    async check() {
      await mkdir(root, { recursive: true, mode: PRIVATE_DIR_MODE });
      await access(root, constants.W_OK);
    },
  };
}

/** ENOENT: no such file; ENOTDIR: a path step is a file, so the key cannot exist either. */
function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/** Writes a new file readable by the server's user only, flushed before it is renamed into place. */
async function writeDurably(file: string, data: Buffer): Promise<void> {
  const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    // Flushed before the rename, or a crash could leave the final name on an empty file.
    await handle.datasync();
  } finally {
    await handle.close();
  }
}
