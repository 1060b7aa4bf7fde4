import fs from 'node:fs';

/**
 * The data folder holds live session tokens and password hashes (the SQLite file), every
 * account's mails (the outbox) and uploads: folders the server creates there are its user's
 * only (0700), and so are its files (0600), whatever the umask (issue 20).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Creates `dir` (and missing parents) readable by the server's user only. A folder that exists
 * keeps its mode: it is the operator's (a mounted volume, say). A folder that cannot be made is
 * left to the first write there to report, with its own message.
 */
export function makePrivateDir(dir: string): void {
  try {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  } catch {
    /* reported by the first write */
  }
}

/** Narrows an existing file (ours, made before this rule or by a library) to the server's user; absent files are skipped. */
export function makeFilePrivate(file: string): void {
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
