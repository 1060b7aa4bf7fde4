import fs from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, RouteOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../server/app.ts';
import { loadConfig, type Config } from '../../server/config.ts';
import { openDatabase } from '../../server/db/database.ts';
import type { TxtResolver } from '../../server/features/organisations/domain.service.ts';
import type { Edition } from '../../shared/schemas/card.schema.ts';
import { startS3Server, type TestS3Server } from './s3-server.ts';

/** A signed-in test user. */
/** An answer of the app to an injected request: status, parsed JSON body (or undefined), headers and raw text. */
export interface TestAnswer {
  status: number;
  body: any;
  headers: Record<string, unknown>;
  raw: string;
}

export interface TestUser {
  email: string;
  password: string;
  token: string;
  userId: string;
  /** Headers for owner calls. */
  auth: { authorization: string };
}

/** The real app on a fresh database: SQLite in a temp folder, or its own PostgreSQL schema when DATABASE_URL is set. */
export interface TestApp {
  app: FastifyInstance;
  config: Config;
  engine: 'sqlite' | 'postgres';
  /** `inject` with JSON parsed. */
  call(options: InjectOptions): Promise<TestAnswer>;
  /** POST a JSON body, optionally as a user. */
  post(url: string, body: unknown, user?: TestUser): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: string }>;
  get(url: string, user?: TestUser): Promise<{ status: number; body: any; headers: Record<string, unknown>; raw: string }>;
  /** Signs up (verified unless told otherwise) and signs in a new user. */
  signUp(options?: { email?: string; password?: string; verified?: boolean }): Promise<TestUser>;
  mintCards(edition: Edition, count: number): Promise<string[]>;
  /**
   * Another instance of the server on the same database (DESIGN: N stateless instances):
   * `inject`-only, closed by its own `close()` before this app's.
   */
  secondInstance(): Promise<{ app: FastifyInstance; post: TestApp['post']; get: TestApp['get']; close(): Promise<void> }>;
  /** Listens on 127.0.0.1 at the port of PUBLIC_URL; answers the base URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

let counter = 0;

/** Builds the app for one test file. `env` adds settings (e.g. SMTP_URL). */
/**
 * `publicHost` names the server in PUBLIC_URL (default 127.0.0.1): passkeys need a host name
 * (WebAuthn takes no IP address as relying party), so their browser suite uses `localhost`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  { publicHost = '127.0.0.1', resolveTxt, onRoute }: { publicHost?: string; resolveTxt?: TxtResolver; onRoute?: (route: RouteOptions) => void } = {},
): Promise<TestApp> {
  // With REDIS_URL in the environment (CI's PostgreSQL run), every suite runs with Redis too;
  // with TEST_STORAGE=s3, with uploads in an S3 server of its own (s3rver, in this process).
  if (process.env.REDIS_URL && !('REDIS_URL' in env)) env = { ...env, REDIS_URL: process.env.REDIS_URL };
  let s3: TestS3Server | undefined;
  if (process.env.TEST_STORAGE === 's3' && !('S3_BUCKET' in env)) {
    s3 = await startS3Server();
    env = { ...env, ...s3.env };
  }
  // The data folder does not exist yet, as on a first start: the app creates it (issue 20: 0700).
  const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-test-'));
  const dataDir = path.join(tempRoot, 'data');
  const databaseUrl = process.env.DATABASE_URL;
  let pgSchema: string | undefined;
  if (databaseUrl) {
    pgSchema = `t_${process.pid}_${++counter}_${randomBytes(3).toString('hex')}`;
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`create schema ${pgSchema}`);
    await client.end();
  }
  // The port is chosen up front so PUBLIC_URL is the server's real address: links in mails,
  // card links and reminder URLs then work as they are when a suite listens.
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://${publicHost}:${port}`,
    LOG_LEVEL: 'silent',
    DEMO_CARDS: '0',
    ...env,
    // Each test app (and its second instance) gets its own Redis keys and channel, so parallel suites never meet.
    ...(env.REDIS_URL && !env.REDIS_KEY_PREFIX ? { REDIS_KEY_PREFIX: `test:${process.pid}:${++counter}:${randomBytes(3).toString('hex')}:` } : {}),
  });
  const database = openDatabase({ databaseUrl, dataDir, pgSchema, poolSize: 10 });
  const app = await underSchemaLock(databaseUrl, 'shared', () => buildApp(config, { database, logger: false, resolveTxt, onRoute }));
  await app.ready();

  const call: TestApp['call'] = (options) => injectJson(app, options);

  const testApp: TestApp = {
    app,
    config,
    engine: database.engine,
    call,
    post: (url, body, user) => call({ method: 'POST', url, payload: body as object, headers: user?.auth }),
    get: (url, user) => call({ method: 'GET', url, headers: user?.auth }),
    async signUp(options = {}) {
      const email = options.email ?? `user${++counter}-${randomBytes(4).toString('hex')}@example.com`;
      const password = options.password ?? 'correct horse battery';
      // Each test user comes from its own address, so the sign-in rate limit never trips by accident.
      const remoteAddress = `10.${counter % 250}.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
      const up = await call({ method: 'POST', url: '/api/auth/sign-up/email', payload: { email, password, name: email.split('@')[0] }, remoteAddress });
      if (up.status !== 200) throw new Error(`sign-up failed: ${up.status} ${up.raw}`);
      if (options.verified !== false) {
        await app.db
          .updateTable('user')
          .set({ emailVerified: database.engine === 'postgres' ? true : 1 })
          .where('email', '=', email)
          .execute();
      }
      const signIn = await call({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress });
      if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${signIn.raw}`);
      const token = signIn.body.token as string;
      return { email, password, token, userId: signIn.body.user.id, auth: { authorization: `Bearer ${token}` } };
    },
    async mintCards(edition, count) {
      return (await app.features.cards.cards.mint(edition, count)).map((c) => c.id);
    },
    async secondInstance() {
      const other = await underSchemaLock(databaseUrl, 'shared', () =>
        buildApp(config, { database: openDatabase({ databaseUrl, dataDir, pgSchema, poolSize: 5 }), logger: false }),
      );
      await other.ready();
      const otherCall = (options: InjectOptions) => injectJson(other, options);
      return {
        app: other,
        post: (url, body, user) => otherCall({ method: 'POST', url, payload: body as object, headers: user?.auth }),
        get: (url, user) => otherCall({ method: 'GET', url, headers: user?.auth }),
        close: () => other.close(),
      };
    },
    async listen() {
      await app.listen({ port: config.port, host: '127.0.0.1' });
      return `http://${publicHost}:${config.port}`;
    },
    async close() {
      // The suite's Redis keys go with it (its prefix is its own).
      const redis = app.redis;
      if (redis?.isUp()) {
        const keys = await redis.client.keys(`${redis.keyPrefix}*`);
        if (keys.length) await redis.client.del(...keys);
      }
      await app.close();
      if (pgSchema && databaseUrl) {
        await underSchemaLock(databaseUrl, 'exclusive', async (client) => {
          await client?.query(`drop schema ${pgSchema} cascade`);
        });
      }
      await s3?.close();
      fs.rmSync(tempRoot, { recursive: true, force: true });
    },
  };
  return testApp;
}

/** Any number of the advisory lock below: suites of one test run agree on it. */
const SCHEMA_LOCK = 2_100_021;

/**
 * Runs `work` under an advisory lock of the PostgreSQL database (no lock on SQLite): shared for
 * building an app, exclusive for dropping a suite's schema. Suites run in parallel, and Kysely's
 * migrator reads the tables of every schema (`pg_get_serial_sequence` by name): a schema that
 * another suite drops in that moment failed it with "schema … does not exist". Ending the
 * session releases the lock.
 */
export async function underSchemaLock<T>(databaseUrl: string | undefined, mode: 'shared' | 'exclusive', work: (client?: pg.Client) => Promise<T>): Promise<T> {
  if (!databaseUrl) return work();
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(mode === 'shared' ? 'select pg_advisory_lock_shared($1)' : 'select pg_advisory_lock($1)', [SCHEMA_LOCK]);
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A port nobody listens on now (the OS picks it), for a server that must know its address before it starts. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no free port'))));
    });
  });
}

/** `inject` with the body parsed as JSON where it is JSON. */
async function injectJson(app: FastifyInstance, options: InjectOptions) {
  const res = await app.inject(options);
  let body: any = res.body;
  try {
    body = JSON.parse(res.body);
  } catch {
    /* not JSON */
  }
  return { status: res.statusCode, body, headers: res.headers as Record<string, unknown>, raw: res.body };
}
