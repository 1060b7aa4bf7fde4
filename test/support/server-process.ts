import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The repository's root: where `server/main.ts` runs from. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * A loopback port that the OS says is free now. Asked in a child process so that the settings
 * stay synchronous. A random pick from a fixed range collided once in CI (EADDRINUSE on 4222,
 * the suite then waited 30 s for a server that had exited).
 */
export function freePort(): number {
  const script = "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

/**
 * The settings of a server process as an operator runs it: the embedded SQLite default in a
 * fresh data folder, a random loopback port, and Redis keys of its own when CI sets REDIS_URL.
 * Suites of process life (start, restart, kill -9, the log) stay on SQLite even when
 * DATABASE_URL is set. `extra` adds or overrides settings.
 */
export function serverProcessSettings(name: string, extra: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cards-${name}-`));
  const port = freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DEMO_CARDS: '0',
    DATABASE_URL: '',
    PUBLIC_URL: base,
    REDIS_KEY_PREFIX: `${name}-test:${process.pid}:`,
    ...extra,
  };
  return { dataDir, port, base, env };
}

/**
 * Starts `server/main.ts` with `env` and waits until `{base}/readyz` answers (a busy machine can
 * take a while). A server that did not come up is killed, and the error carries what it printed
 * when `onOutput` collects it (stdout and stderr are then piped to it; else stderr is inherited).
 */
export async function startServerProcess(env: NodeJS.ProcessEnv, base: string, onOutput?: (chunk: string) => void): Promise<ChildProcess> {
  let printed = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: onOutput ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'ignore', 'inherit'],
  });
  const collect = (chunk: Buffer) => {
    printed += chunk;
    onOutput?.(String(chunk));
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited: number | null | undefined;
  child.once('exit', (code) => (exited = code));
  for (let i = 0; i < 300; i++) {
    // A server that exited (a refused setting, a taken port) will not answer: say so at once.
    if (exited !== undefined) throw new Error(`server exited with code ${exited} before it was ready${printed ? `:\n${printed}` : ''}`);
    const ready = await fetch(`${base}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`server did not start${printed ? `:\n${printed}` : ''}`);
}
