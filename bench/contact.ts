/**
 * Part of `npm run bench` (alone: `BENCH_ONLY=contact npm run bench`): `POST /send/contact`
 * without a webhook, with one to a receiver that answers at once, and with one to a dead
 * endpoint (issue 25). The dead endpoint is a TCP server that accepts connections and never
 * answers, so every delivery to it waits out the 10 s timeout. Deliveries go out from the outbox
 * in the background, so the contact form should answer as fast with a dead endpoint as with a
 * live one (which costs only the outbox row in the lead's transaction); this shows whether it does.
 *
 * wrk cannot drive this route: the contact form's limits (D5, docs/security.md) refuse the same
 * visitor, client address, profile and owner after a few sends. So Node sends it, each request
 * from a visitor address and client address of its own (TRUST_PROXY=1, X-Forwarded-For), spread
 * over enough owners and profiles to stay within their limits, `BENCH_CONCURRENCY` at once.
 *
 * The two setups run one after the other, not interleaved: once the dead endpoint has deliveries,
 * the worker keeps waiting on it (retries included) for minutes, and a later round "without"
 * would measure that too. Rounds are paced (BENCH_CONTACT_PAUSE_MS) so each phase outlasts the
 * 10 s timeout: attempts time out while the form is being measured. Each setup runs on a server
 * of its own (SQLite, production mode), so nothing of the first reaches the second.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { confirmAddress } from './confirm-address.ts';
import { cpuSeconds } from './cpu.ts';

const ROUNDS = Number(process.env.BENCH_CONTACT_ROUNDS ?? 6);
const PER_ROUND = Number(process.env.BENCH_CONTACT_SENDS ?? 60);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);
const PAUSE_MS = Number(process.env.BENCH_CONTACT_PAUSE_MS ?? 2500);
/** Sends per owner and profile, under the limits of 100 per owner and day and 60 per profile and hour. */
const PER_OWNER = 80;
const PROFILES_PER_OWNER = 2;

interface Server {
  base: string;
  dataDir: string;
  process: ChildProcess;
}

let nextPort = 5100 + Math.floor(Math.random() * 300);
async function startServer(): Promise<Server> {
  const port = nextPort++;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-contact-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      MAIL_OUTBOX: '1',
      DATABASE_URL: '',
      REDIS_URL: '',
      // Each send comes from a client address of its own (X-Forwarded-For): the per-client limit stays out of the way.
      TRUST_PROXY: '1',
      // The dead endpoint listens on loopback, over http.
      WEBHOOKS_ALLOW_HTTP: '1',
      WEBHOOKS_ALLOW_PRIVATE: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, dataDir, process: child };
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGKILL');
  throw new Error(`server at ${base} did not start`);
}

async function stopServer(server: Server) {
  const stopped = new Promise((resolve) => server.process.once('exit', resolve));
  server.process.kill('SIGTERM');
  await stopped;
  fs.rmSync(server.dataDir, { recursive: true, force: true });
}

let clients = 0;
/** A client address of its own for each request (10.x.y.z). */
const nextClient = () => {
  const n = ++clients;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
};

async function json(server: Server, url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.base, 'x-forwarded-for': nextClient(), ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** Owners with two profiles each, enough for `sends`; with `webhookUrl`, each owner's lead.created goes there. */
async function seed(server: Server, sends: number, webhookUrl?: string): Promise<string[]> {
  const profileIds: string[] = [];
  for (let o = 0; o < Math.ceil(sends / PER_OWNER); o++) {
    const email = `bench-contact-${o}-${Date.now()}@example.com`;
    await json(server, '/api/auth/sign-up/email', { email, password: 'bench-password-1', name: 'bench' });
    await confirmAddress(server.dataDir, email);
    const { token } = await json(server, '/api/auth/sign-in/email', { email, password: 'bench-password-1' });
    const auth = { authorization: `Bearer ${token}` };
    for (let p = 0; p < PROFILES_PER_OWNER; p++)
      profileIds.push((await json(server, '/profile/create', { profileName: `Bench ${p}`, firstName: 'Ada', lastName: 'Lovelace' }, auth)).id);
    if (webhookUrl) await json(server, '/webhook/create', { url: webhookUrl, events: ['lead.created'], description: 'dead' }, auth);
  }
  return profileIds;
}

interface Round {
  latenciesMs: number[];
  seconds: number;
  cpuUsPerReq: number;
}

/** One round: `PER_ROUND` sends, `CONCURRENCY` at once, each from a new visitor and client address. */
async function round(server: Server, profileIds: string[], offset: number): Promise<Round> {
  const latenciesMs: number[] = [];
  let next = 0;
  const cpuBefore = cpuSeconds(server.process.pid!);
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < PER_ROUND) {
        const i = offset + next++;
        const t0 = performance.now();
        const res = await fetch(`${server.base}/send/contact`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: server.base, 'x-forwarded-for': nextClient() },
          body: JSON.stringify({ profileId: profileIds[i % profileIds.length], senderEmail: `visitor-${i}@example.net`, name: 'Vera Visitor', language: 'en' }),
        });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`POST /send/contact answered ${res.status}`);
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { latenciesMs, seconds, cpuUsPerReq: ((cpuSeconds(server.process.pid!) - cpuBefore) / PER_ROUND) * 1e6 };
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const medianOf = (values: number[]) => quantile(values, 0.5);

/** What the outbox holds for the dead endpoint: deliveries by status, and attempts that timed out. */
function outboxState(dataDir: string) {
  const db = new SqliteDatabase(path.join(dataDir, 'contact-cards.sqlite'), { readonly: true });
  try {
    const byStatus = db.prepare('select status, count(*) as n from webhookDelivery group by status').all() as Array<{ status: string; n: number }>;
    const timedOut = (db.prepare(`select count(*) as n from webhookAttempt where error like 'no answer%'`).get() as { n: number }).n;
    return { byStatus: Object.fromEntries(byStatus.map((r) => [r.status, r.n])), timedOut };
  } finally {
    db.close();
  }
}

/** A TCP server that accepts and never answers: a receiver that hangs. */
async function deadEndpoint() {
  const sockets = new Set<net.Socket>();
  let accepted = 0;
  const server = net.createServer((socket) => {
    accepted++;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`,
    accepted: () => accepted,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A receiver that answers 204 at once. */
async function liveEndpoint() {
  let received = 0;
  const server = http.createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      received++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/hook`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function phase(name: string, endpoint?: { url: string; describe: (state: ReturnType<typeof outboxState>) => string }) {
  const server = await startServer();
  try {
    // The warm-up round's sends count against the limits too.
    const profileIds = await seed(server, (ROUNDS + 1) * PER_ROUND, endpoint?.url);
    // Warm-up (JIT, caches): one round, not counted.
    await round(server, profileIds, 1_000_000);
    const rounds: Round[] = [];
    const started = Date.now();
    for (let r = 0; r < ROUNDS; r++) {
      if (r) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      rounds.push(await round(server, profileIds, r * PER_ROUND));
    }
    const latencies = rounds.flatMap((r) => r.latenciesMs);
    const state = outboxState(server.dataDir);
    return {
      name,
      sends: latencies.length,
      rps: medianOf(rounds.map((r) => PER_ROUND / r.seconds)),
      p50: quantile(latencies, 0.5),
      p99: quantile(latencies, 0.99),
      p99Worst: Math.max(...rounds.map((r) => quantile(r.latenciesMs, 0.99))),
      cpu: medianOf(rounds.map((r) => r.cpuUsPerReq)),
      spanSeconds: (Date.now() - started) / 1000,
      outbox: endpoint ? endpoint.describe(state) : '—',
    };
  } finally {
    await stopServer(server);
  }
}

export async function runContactBench(): Promise<void> {
  const load = os.loadavg()[0];
  const without = await phase('POST /send/contact, no webhook');
  const live = await liveEndpoint();
  const dead = await deadEndpoint();
  let withLive, withDead;
  try {
    withLive = await phase('POST /send/contact, webhook to a receiver answering 204', {
      url: live.url,
      describe: (state) => `${live.received()} requests received; deliveries ${JSON.stringify(state.byStatus)}`,
    });
    withDead = await phase('POST /send/contact, webhook to a dead endpoint', {
      url: dead.url,
      describe: (state) => `${dead.accepted()} connections to it; attempts timed out: ${state.timedOut}; deliveries ${JSON.stringify(state.byStatus)}`,
    });
  } finally {
    await live.close();
    await dead.close();
  }
  console.log(
    `\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores, load average ${load.toFixed(1)} at the start · ${ROUNDS} rounds of ${PER_ROUND} sends, ${CONCURRENCY} at once, ${PAUSE_MS} ms apart · Node ${process.version} · SQLite\n`,
  );
  console.log('| setup | sends | req/s (median round) | p50 ms | p99 ms (all sends) | p99 ms (worst round) | server CPU µs/req | phase s | the receiver |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const r of [without, withLive, withDead])
    console.log(
      `| ${r.name} | ${r.sends} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.p99Worst.toFixed(1)} | ${r.cpu.toFixed(0)} | ${r.spanSeconds.toFixed(0)} | ${r.outbox} |`,
    );
}
