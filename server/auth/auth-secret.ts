import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.ts';

/** File in the data folder that keeps the generated secret between starts. */
export const AUTH_SECRET_FILE = 'auth-secret';

/**
 * The secret that signs sessions and tokens. `AUTH_SECRET` wins; without it, 32 random bytes
 * are generated on the first start and kept in the data folder (mode 0600), so sessions survive
 * a restart and no two installations share a secret (there is none in the source code).
 * Instances that share a database but not a data folder must set `AUTH_SECRET`.
 */
export function resolveAuthSecret(options: { configured: string | undefined; dataDir: string }): { secret: string; generatedFile?: string } {
  if (options.configured) return { secret: options.configured };
  const file = path.join(options.dataDir, AUTH_SECRET_FILE);
  const stored = readSecret(file);
  if (stored) return { secret: stored };
  const secret = randomBytes(32).toString('base64url');
  try {
    fs.mkdirSync(options.dataDir, { recursive: true });
    // 'wx': of two processes starting at once on one folder, one writes and the other reads it.
    fs.writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      const raced = readSecret(file);
      if (raced) return { secret: raced };
    }
    throw new ConfigError(
      `Missing setting AUTH_SECRET, and no secret could be kept in ${file} (${(error as Error).message}). ` +
        'Set AUTH_SECRET to at least 32 random characters, or give the server a writable DATA_DIR.',
    );
  }
  return { secret, generatedFile: file };
}

function readSecret(file: string): string | undefined {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new ConfigError(`Cannot read the auth secret in ${file}: ${(error as Error).message}`);
  }
  if (text.length < 32)
    throw new ConfigError(`The auth secret in ${file} is shorter than 32 characters: delete the file to generate a new one (this signs everybody out).`);
  return text;
}
