/**
 * `BENCH_SCALE=1 npm run bench`: requests per second of `GET /p/{id}` for one and for two server
 * instances, on PostgreSQL without and with Redis, and on the embedded SQLite default for
 * reference. Every instance is a real process in production mode; wrk drives each instance of a
 * setup at once (one wrk per instance, the connections split between them, so the load generator
 * costs the same in every setup). Setups are measured in interleaved rounds (the machine's speed
 * drifts) and the table shows the median round. Results go to docs/performance.md.
 *
 * Needs PostgreSQL (BENCH_DATABASE_URL, default CI's postgres://postgres@127.0.0.1:5432/test)
 * and Redis (REDIS_URL, default redis://127.0.0.1:6379); a fresh database and key prefix are
 * made for the run and removed after it.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { cpuSeconds } from './cpu.ts';

const run = promisify(execFile);
const DURATION = process.env.BENCH_SECONDS ?? '3';
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const UA = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) bench';

interface Server {
  base: string;
  process: ChildProcess;
}

interface Setup {
  name: string;
  servers: Server[];
  profileId: string;
}

let nextPort = 4600 + Math.floor(Math.random() * 300);
async function startServer(env: NodeJS.ProcessEnv): Promise<Server> {
  const port = nextPort++;
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-scale-')),
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      // The baseline routes /bench/*, and no SMTP server: mails go to the run's own outbox.
      BENCH_ROUTES: '1',
      MAIL_OUTBOX: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, process: child };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${base} did not start`);
}

async function json(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: base, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** The full fixture profile with its 20 links, as run.ts seeds it. */
async function seed(base: string): Promise<string> {
  const fixture = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/full-profile.json'), 'utf8'));
  const email = `bench-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
  await json(base, 'POST', '/api/auth/sign-up/email', { email, password: 'bench-password-1', name: 'bench' });
  const { token } = await json(base, 'POST', '/api/auth/sign-in/email', { email, password: 'bench-password-1' });
  const auth = { authorization: `Bearer ${token}` };
  const profile = await json(base, 'POST', '/profile/create', fixture.profile, auth);
  for (const link of fixture.links) await json(base, 'POST', '/social-media-link/create', { ...link, profileId: profile.id }, auth);
  return profile.id as string;
}

interface Round {
  rps: number;
  p99ms: number;
  cpuUsPerReq: number;
  non2xx: number;
}

/** One wrk per server at once, the connections split between them. */
async function measure(setup: Setup, seconds: string): Promise<Round> {
  const script = path.join(os.tmpdir(), `cards-bench-scale-${process.pid}.lua`);
  fs.writeFileSync(
    script,
    [
      'wrk.method = "GET"',
      `wrk.headers["User-Agent"] = "${UA}"`,
      'wrk.headers["Accept-Encoding"] = "gzip"',
      'wrk.headers["Accept"] = "text/html"',
      'wrk.headers["Accept-Language"] = "de"',
    ].join('\n'),
  );
  const n = setup.servers.length;
  const before = setup.servers.map((s) => cpuSeconds(s.process.pid!));
  const outs = await Promise.all(
    setup.servers.map((s) =>
      run('wrk', [
        '-t',
        String(Math.max(1, 2 / n)),
        '-c',
        String(CONNECTIONS / n),
        '-d',
        `${seconds}s`,
        '--latency',
        '-s',
        script,
        `${s.base}/p/${setup.profileId}`,
      ]).then((r) => r.stdout),
    ),
  );
  const cpu = setup.servers.reduce((sum, s, i) => sum + cpuSeconds(s.process.pid!) - before[i], 0);
  let requests = 0;
  let rps = 0;
  let p99ms = 0;
  let non2xx = 0;
  for (const out of outs) {
    requests += Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
    rps += Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
    const p99 = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
    if (p99) p99ms = Math.max(p99ms, Number(p99[1]) * (p99[2] === 'us' ? 0.001 : p99[2] === 's' ? 1000 : 1));
    non2xx += Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  }
  return { rps, p99ms, cpuUsPerReq: (cpu / Math.max(requests, 1)) * 1e6, non2xx };
}

export async function runScaleBench() {
  const runId = `${process.pid}_${randomBytes(3).toString('hex')}`;
  const database = `bench_${runId}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${database}`);
  await admin.end();
  const dbUrl = new URL(PG_URL);
  dbUrl.pathname = `/${database}`;
  const pgEnv = { DATABASE_URL: dbUrl.toString(), DEMO_CARDS: '0' };
  const redisEnv = { ...pgEnv, REDIS_URL, REDIS_KEY_PREFIX: `bench:${runId}:` };

  const all: Server[] = [];
  const started = async (env: NodeJS.ProcessEnv) => {
    const server = await startServer(env);
    all.push(server);
    return server;
  };
  try {
    const sqlite = await started({ DEMO_CARDS: '0' });
    // The first PostgreSQL instance migrates; the others start once it has.
    const pgA = await started(pgEnv);
    const [pgB, redisA, redisB] = await Promise.all([started(pgEnv), started(redisEnv), started(redisEnv)]);
    const sqliteProfile = await seed(sqlite.base);
    const pgProfile = await seed(pgA.base);
    const setups: Setup[] = [
      { name: 'SQLite, 1 instance (the embedded default)', servers: [sqlite], profileId: sqliteProfile },
      { name: 'PostgreSQL, 1 instance', servers: [pgA], profileId: pgProfile },
      { name: 'PostgreSQL, 2 instances', servers: [pgA, pgB], profileId: pgProfile },
      { name: 'PostgreSQL + Redis, 1 instance', servers: [redisA], profileId: pgProfile },
      { name: 'PostgreSQL + Redis, 2 instances', servers: [redisA, redisB], profileId: pgProfile },
    ];
    for (const setup of setups) await measure(setup, '2'); // warm-up: JIT, caches, connections
    const rounds = new Map<Setup, Round[]>(setups.map((s) => [s, []]));
    for (let round = 0; round < ROUNDS; round++) for (const setup of setups) rounds.get(setup)!.push(await measure(setup, DURATION));

    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores · GET /p/{id} (gzip) · wrk ${CONNECTIONS} connections over 2 threads in all · ${DURATION} s · median of ${ROUNDS} rounds · Node ${process.version}\n`,
    );
    console.log('| setup | req/s | p99 ms | server CPU µs/req (all instances) |');
    console.log('|---|---:|---:|---:|');
    for (const setup of setups) {
      const sorted = [...rounds.get(setup)!].sort((a, b) => a.rps - b.rps);
      const m = sorted[Math.floor(sorted.length / 2)];
      console.log(`| ${setup.name} | ${m.rps.toFixed(0)} | ${m.p99ms.toFixed(1)} | ${m.cpuUsPerReq.toFixed(1)} |${m.non2xx ? ` non-2xx: ${m.non2xx}` : ''}`);
      if (process.env.BENCH_VERBOSE)
        console.log(
          `|   ↳ rounds: ${rounds
            .get(setup)!
            .map((r) => r.rps.toFixed(0))
            .join(', ')} req/s | | | |`,
        );
    }
  } finally {
    await Promise.all(
      all.map(
        (server) =>
          new Promise((resolve) => {
            server.process.once('exit', resolve);
            server.process.kill('SIGTERM');
          }),
      ),
    );
    const cleanup = new pg.Client({ connectionString: PG_URL });
    await cleanup.connect();
    await cleanup.query(`drop database if exists ${database} with (force)`);
    await cleanup.end();
  }
}
