import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProfile, pngImage, upload } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 20: the data folder holds live session tokens and password hashes (SQLite), every
 * account's mails (the outbox) and uploads. Whatever the umask (the default 022 made them
 * world-readable), what the server creates there is its user's only: folders 0700, files 0600.
 */

let t: TestApp;
const umask = process.umask();
beforeAll(async () => {
  // The usual umask of a server account: without the modes set on purpose, files would be 0644.
  process.umask(0o022);
  // Local uploads and the outbox, on the embedded database unless DATABASE_URL is set.
  t = await createTestApp({ S3_BUCKET: '', NODE_ENV: 'development' });
});
afterAll(async () => {
  await t.close();
  process.umask(umask);
});

/** Every folder and file below `dir` with its permission bits. */
function walk(dir: string): Array<{ file: string; mode: number; isDir: boolean }> {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    const here = { file, mode: fs.statSync(file).mode & 0o777, isDir: entry.isDirectory() };
    return entry.isDirectory() ? [here, ...walk(file)] : [here];
  });
}

describe('the data folder', () => {
  it('is created 0700, and every folder and file the server writes into it is its user only', async () => {
    // A verification mail goes to the outbox; an upload to uploads/.
    const user = await t.signUp({ verified: true });
    const profile = await createProfile(t, user);
    expect((await upload(t, user, 'profileImage', profile.id, await pngImage())).status).toBe(200);
    const dataDir = t.config.dataDir;
    expect(fs.statSync(dataDir).mode & 0o777).toBe(0o700);
    const entries = walk(dataDir);
    const names = entries.map((e) => path.relative(dataDir, e.file));
    expect(names).toContain('outbox');
    expect(names.some((n) => n.startsWith('outbox/') && n.endsWith('.json'))).toBe(true);
    expect(names.some((n) => n.startsWith('uploads/profiles/') && n.endsWith('.jpg'))).toBe(true);
    if (t.engine === 'sqlite') expect(names).toEqual(expect.arrayContaining(['contact-cards.sqlite', 'contact-cards.sqlite-wal', 'contact-cards.sqlite-shm']));
    for (const entry of entries) expect({ file: entry.file, mode: entry.mode.toString(8) }).toEqual({ file: entry.file, mode: entry.isDir ? '700' : '600' });
  });
});
