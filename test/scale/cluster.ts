import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** One server process of the cluster. */
export interface Instance {
  index: number;
  base: string;
  process: ChildProcess;
  dataDir: string;
  alive: boolean;
}

/**
 * DESIGN "Scale-out" as an operator runs it: `count` real server processes
 * (`node --import tsx server/main.ts`), each with its own data folder, on one fresh PostgreSQL
 * database, one Redis key prefix and one S3 server, behind a round-robin proxy.
 */
export interface Cluster {
  instances: Instance[];
  /** The proxy's address: what visitors use (PUBLIC_URL). */
  base: string;
  databaseUrl: string;
  redis: Redis;
  redisPrefix: string;
  s3: TestS3Server;
  /** The environment every instance got (for the operator's command line too). */
  env: NodeJS.ProcessEnv;
  /** SQL on the cluster's database. */
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<R[]>;
  /** Answers of the proxy so far: by instance index, and how many it could not pass on. */
  proxyStats: { byInstance: number[]; failed: number };
  kill(index: number, signal: NodeJS.Signals): Promise<void>;
  close(): Promise<void>;
}

/** Where PostgreSQL and Redis are: CI's defaults, or SCALE_DATABASE_URL / DATABASE_URL and REDIS_URL. */
export const SERVICES = {
  postgres: process.env.SCALE_DATABASE_URL ?? process.env.DATABASE_URL ?? process.env.CI_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

export async function startCluster(count: number): Promise<Cluster> {
  // Fail loudly when a service is missing: this suite proves nothing without them.
  const admin = new pg.Client({ connectionString: SERVICES.postgres });
  await admin.connect().catch((error: Error) => {
    throw new Error(`test:scale needs PostgreSQL at ${redact(SERVICES.postgres)} (set SCALE_DATABASE_URL): ${error.message}`);
  });
  const redis = new Redis(SERVICES.redis, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  await redis.connect().catch(async (error: Error) => {
    await admin.end();
    throw new Error(`test:scale needs Redis at ${redact(SERVICES.redis)} (set REDIS_URL): ${error.message}`);
  });

  // A database of its own, a Redis prefix of its own: parallel runs never meet.
  const run = `${process.pid}_${randomBytes(4).toString('hex')}`;
  const database = `scale_${run}`;
  await admin.query(`create database ${database}`);
  await admin.end();
  const dbUrl = new URL(SERVICES.postgres);
  dbUrl.pathname = `/${database}`;
  const databaseUrl = dbUrl.toString();
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  // The drop at the end ends every connection to the database, idle ones of this pool too.
  pool.on('error', () => {});
  const redisPrefix = `scale:${run}:`;
  const s3 = await startS3Server(['cards-scale']);

  const proxyStats = { byInstance: Array<number>(count).fill(0), failed: 0 };
  const instances: Instance[] = [];
  const proxy = startProxy(instances, proxyStats);
  const proxyPort = await listening(proxy);
  const base = `http://127.0.0.1:${proxyPort}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATABASE_URL: databaseUrl,
    REDIS_URL: SERVICES.redis,
    REDIS_KEY_PREFIX: redisPrefix,
    ...s3.env,
    // Instances share a database but no data folder: they must share the secret.
    AUTH_SECRET: `scale-secret-${run}-${'x'.repeat(32)}`,
    // Behind the proxy: the client address is the one it forwards.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    DEMO_CARDS: '0',
    // Issue 25: the webhook test's receiver listens on loopback, over http.
    WEBHOOKS_ALLOW_HTTP: '1',
    WEBHOOKS_ALLOW_PRIVATE: '1',
  };

  const start = async (index: number) => {
    const port = await freePort();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `cards-scale-${index}-`));
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: root,
      env: { ...env, PORT: String(port), DATA_DIR: dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const instance: Instance = { index, base: `http://127.0.0.1:${port}`, process: child, dataDir, alive: false };
    instances[index] = instance;
    await waitReady(instance);
    instance.alive = true;
  };
  try {
    // The first runs the migrations; the others start together once it has.
    await start(0);
    await Promise.all(Array.from({ length: count - 1 }, (_, i) => start(i + 1)));
  } catch (error) {
    for (const instance of instances) instance?.process.kill('SIGKILL');
    throw error;
  }

  return {
    instances,
    base,
    databaseUrl,
    redis,
    redisPrefix,
    s3,
    env,
    proxyStats,
    query: async (text, values) => (await pool.query(text, values)).rows,
    async kill(index, signal) {
      const instance = instances[index];
      const exited = new Promise((resolve) => instance.process.once('exit', resolve));
      instance.process.kill(signal);
      await exited;
      instance.alive = false;
    },
    async close() {
      await Promise.all(
        instances.map(async (instance) => {
          if (instance.process.exitCode === null && instance.process.signalCode === null) {
            const exited = new Promise((resolve) => instance.process.once('exit', resolve));
            instance.process.kill('SIGTERM');
            await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
            instance.process.kill('SIGKILL');
          }
          fs.rmSync(instance.dataDir, { recursive: true, force: true });
        }),
      );
      await new Promise((resolve) => proxy.close(resolve));
      proxy.closeAllConnections();
      await pool.end();
      const keys = await redis.keys(`${redisPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
      await s3.close();
      const cleanup = new pg.Client({ connectionString: SERVICES.postgres });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${database} with (force)`);
      await cleanup.end();
    },
  };
}

/**
 * A load balancer in a few lines: round robin over the instances that are up. A connection that
 * is refused is passed to the next instance (the request never reached one); a connection that
 * breaks mid-request is a 502 (it may have been handled), and that instance is taken out.
 */
function startProxy(instances: Instance[], stats: { byInstance: number[]; failed: number }) {
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  return http.createServer(async (req, res) => {
    const body = await new Promise<Buffer>((resolve) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => resolve(Buffer.concat(chunks)));
    });
    const attempt = (tries: number): void => {
      const up = instances.filter((i) => i.alive);
      if (!up.length || tries > instances.length) {
        stats.failed++;
        res.writeHead(502).end();
        return;
      }
      const target = up[next++ % up.length];
      const upstream = http.request(
        `${target.base}${req.url}`,
        {
          method: req.method,
          agent,
          headers: { ...req.headers, host: req.headers.host, 'x-forwarded-for': req.socket.remoteAddress ?? '127.0.0.1' },
        },
        (answer) => {
          stats.byInstance[target.index]++;
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        },
      );
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        target.alive = false;
        if (error.code === 'ECONNREFUSED' && !res.headersSent) attempt(tries + 1);
        else if (!res.headersSent) {
          stats.failed++;
          res.writeHead(502).end();
        } else res.destroy();
      });
      upstream.end(body);
    };
    attempt(0);
  });
}

async function waitReady(instance: Instance) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) throw new Error(`instance ${instance.index} exited with ${instance.process.exitCode}`);
    try {
      if ((await fetch(`${instance.base}/readyz`)).ok) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance ${instance.index} did not become ready`);
}

function listening(server: http.Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** A service URL without its password, for messages. */
function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparsable URL)';
  }
}
