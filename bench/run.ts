/**
 * `npm run bench`: starts the real server (production mode, embedded SQLite, warn-level logs)
 * as a child process, seeds the full fixture profile, and drives each route with wrk on
 * loopback. For each route it prints requests per second, p99 latency and the server's own
 * CPU time per request (from /proc: steadier than req/s on a shared machine), and the ratio
 * to the hello-world route of the same server. Needs Debian's wrk (`apt-get install wrk`).
 * `BENCH_SCALE=1` measures one and two instances instead (bench/scale.ts). After the routes,
 * the contact form without and with a dead webhook endpoint (bench/contact.ts; alone with
 * `BENCH_ONLY=contact`).
 */
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { confirmAddress } from './confirm-address.ts';
import { runContactBench } from './contact.ts';
import { cpuSeconds } from './cpu.ts';
import { PHONE, seedSunCard } from './sun-card.ts';

const DURATION = process.env.BENCH_SECONDS ?? '3';
// Routes are measured in interleaved rounds (see the loop in main); BENCH_VERBOSE=1 prints
// every round's CPU per request, ratio and p99.
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
// One wrk thread (BENCH_THREADS to change it). It alone sends more than the server answers, so
// req/s and CPU per request are the same as with two; a second thread only takes the server's
// core from time to time, and on this two-core machine that set p99 (2026-11-25, the API
// reads' median round: 18–77 ms with two threads while the server's own event-loop delay stayed
// under 13 ms; 8.5–13 ms with one; docs/performance.md). wrk and the server share the cores as the scheduler sees fit: pinning them to a core
// each (taskset) was tried and raised both the CPU per request and p99 on every route.
const THREADS = Number(process.env.BENCH_THREADS ?? 1);
const PORT = 3900 + Math.floor(Math.random() * 90);
const BASE = `http://127.0.0.1:${PORT}`;
// BENCH_ONLY=show,/p measures only the routes whose names contain one of these words (hello-world
// always); BENCH_ONLY=contact only the contact form part (bench/contact.ts).
const ONLY = process.env.BENCH_ONLY?.split(',').filter(Boolean);
const CONTACT_PART = 'POST /send/contact';
// BENCH_CPU_PROFILE=<dir> has the server write a V8 CPU profile there when it stops; with
// BENCH_ONLY the profile then holds only those routes (hello-world is left out too).
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
// BENCH_NODE_ARGS='--trace-gc' passes V8 and Node flags to the server (a GC trace shows whether a
// slow round was the collector: on this machine whole runs sometimes go twice as slow, GC and all).
const SERVER_NODE_ARGS = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];

interface Target {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Runs wrk and answers its report. */
function wrk(args: string[]): string {
  return execFileSync('wrk', args).toString();
}

async function json(method: string, url: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${BASE}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: BASE, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text}`);
  return JSON.parse(text);
}

function wrkScript(target: Target, dir: string): string {
  const file = path.join(dir, `${target.name.replace(/\W+/g, '_')}.lua`);
  const lines = [`wrk.method = "${target.method}"`];
  const headers: Record<string, string> = { 'User-Agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) bench', ...(target.headers ?? {}) };
  if (target.body !== undefined) {
    lines.push(`wrk.body = ${JSON.stringify(JSON.stringify(target.body))}`);
    headers['Content-Type'] = 'application/json';
  }
  for (const [k, v] of Object.entries(headers)) lines.push(`wrk.headers["${k}"] = ${JSON.stringify(v)}`);
  fs.writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

function parseWrk(out: string) {
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p99raw = /\s99%\s+([\d.]+)(us|ms|s)/.exec(out);
  const p99ms = p99raw ? Number(p99raw[1]) * (p99raw[2] === 'us' ? 0.001 : p99raw[2] === 's' ? 1000 : 1) : NaN;
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const errors = /Socket errors: (.*)/.exec(out)?.[1];
  return { requests, rps, p99ms, non2xx, errors };
}

interface Result {
  name: string;
  rps: number;
  p99ms: number;
  cpuUsPerReq: number;
  requests: number;
  non2xx: number;
  errors?: string;
}

function medianOf(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** The round with the median CPU per request. */
function median(results: Result[]): Result {
  return [...results].sort((a, b) => a.cpuUsPerReq - b.cpuUsPerReq)[Math.floor(results.length / 2)];
}

async function main() {
  // BENCH_SCALE=1: one and two instances on PostgreSQL, without and with Redis (bench/scale.ts).
  if (process.env.BENCH_SCALE) {
    const { runScaleBench } = await import('./scale.ts');
    return runScaleBench();
  }
  // BENCH_ONLY=contact: the contact form alone, without the routes' server.
  if (!ONLY?.every((word) => CONTACT_PART.includes(word))) await measureRoutes();
  if (!ONLY || ONLY.some((word) => CONTACT_PART.includes(word))) await runContactBench();
}

/** The routes with wrk, against hello-world on the same server. */
async function measureRoutes() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-bench-'));
  const profileArgs = CPU_PROFILE_DIR ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(CPU_PROFILE_DIR)] : [];
  const server = spawn(process.execPath, [...profileArgs, ...SERVER_NODE_ARGS, '--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-00',
      // The baseline routes /bench/*, and no SMTP server: mails go to the run's own outbox.
      BENCH_ROUTES: '1',
      MAIL_OUTBOX: '1',
      PUBLIC_URL: BASE,
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      if (i > 100) throw new Error('server did not start');
      try {
        if ((await fetch(`${BASE}/healthz`)).ok) break;
      } catch {
        /* not yet */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    // Seed: one owner with the full fixture profile and its 20 links.
    const fixture = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../test/fixtures/full-profile.json'), 'utf8'));
    const email = `bench-${Date.now()}@example.com`;
    await json('POST', '/api/auth/sign-up/email', { email, password: 'bench-password-1', name: 'bench' });
    // Profiles are public only once their owner proved the address (issue 20): follow the mail's link.
    await confirmAddress(dataDir, email);
    const { token } = await json('POST', '/api/auth/sign-in/email', { email, password: 'bench-password-1' });
    const auth = { authorization: `Bearer ${token}` };
    const profile = await json('POST', '/profile/create', fixture.profile, auth);
    const linkIds: string[] = [];
    for (const link of fixture.links)
      linkIds.push((await json('POST', '/social-media-link/create', { ...link, profileId: profile.id }, auth)).socialMediaLinkId);

    const allTargets: Target[] = [
      { name: 'hello-world GET /bench/hello', method: 'GET', path: '/bench/hello' },
      { name: 'static 10 KB GET /bench/static-10k', method: 'GET', path: '/bench/static-10k' },
      { name: 'hello-world POST /bench/hello (JSON body)', method: 'POST', path: '/bench/hello', body: { profileId: profile.id } },
      { name: 'POST /profile/show', method: 'POST', path: '/profile/show', body: { profileId: profile.id } },
      { name: 'POST /find/own/profile/by-id', method: 'POST', path: '/find/own/profile/by-id', body: { profileId: profile.id }, headers: auth },
    ];
    const pageProbe = await fetch(`${BASE}/p/${profile.id}`);
    if (pageProbe.status !== 200) throw new Error(`the seeded profile's page answered ${pageProbe.status}, not 200`);
    {
      allTargets.push(
        {
          name: `GET /p/{id} (gzip)`,
          method: 'GET',
          path: `/p/${profile.id}`,
          headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html', 'Accept-Language': 'de' },
        },
        {
          name: `GET /l/{id} (gzip)`,
          method: 'GET',
          path: `/l/${profile.shortLinkId}`,
          headers: { 'Accept-Encoding': 'gzip', Accept: 'text/html', 'Accept-Language': 'de' },
        },
        // A link click from the page (issue 12): counted, then a 302 to the link.
        { name: 'GET /go/{linkId} (302)', method: 'GET', path: `/go/${linkIds[0]}?p=${profile.id}&src=link` },
      );
      // Issue 38: a card's scan without and with the chip's SUN parameters (judged, then the same 302 without them).
      const sun = await seedSunCard(dataDir, 'bench-secret-bench-secret-bench-secret-00');
      await json('POST', '/card/register', { cardId: sun.cardId }, auth);
      allTargets.push(
        { name: 'GET /card/{id} (302)', method: 'GET', path: `/card/${sun.cardId}?src=nfc`, headers: PHONE },
        { name: 'GET /card/{id} with SUN parameters (302)', method: 'GET', path: `/card/${sun.cardId}?${sun.tapQuery}`, headers: PHONE },
      );
    }

    const targets = allTargets.filter((t, i) => !ONLY || (i === 0 && !CPU_PROFILE_DIR) || ONLY.some((word) => t.name.includes(word)));
    const scripts = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-wrk-'));
    const scriptOf = new Map(targets.map((target) => [target, wrkScript(target, scripts)]));
    // A short warm-up so JIT and caches are hot before anything is measured.
    for (const target of targets) wrk(['-t', String(THREADS), '-c', String(CONNECTIONS), '-d', '2s', '-s', scriptOf.get(target)!, `${BASE}${target.path}`]);
    const measure = (target: Target): Result => {
      const before = cpuSeconds(server.pid!);
      const out = wrk([
        '-t',
        String(THREADS),
        '-c',
        String(CONNECTIONS),
        '-d',
        `${DURATION}s`,
        '--latency',
        '-s',
        scriptOf.get(target)!,
        `${BASE}${target.path}`,
      ]);
      const cpu = cpuSeconds(server.pid!) - before;
      const r = parseWrk(out);
      return {
        name: target.name,
        rps: r.rps,
        p99ms: r.p99ms,
        cpuUsPerReq: (cpu / Math.max(r.requests, 1)) * 1e6,
        requests: r.requests,
        non2xx: r.non2xx,
        errors: r.errors,
      };
    };
    // Each round runs hello-world, then every route followed by hello-world again. A route's
    // ratio in a round is its CPU per request over the mean of the hello-world runs just before
    // and after it, and the table reports the median over the rounds: this machine's speed
    // drifts by a third within minutes, and a drift then moves both sides of a ratio alike.
    const [hello, ...routes] = targets;
    const rounds = new Map<Target, Result[]>(targets.map((target) => [target, []]));
    const ratioRounds = new Map<Target, number[]>(targets.map((target) => [target, []]));
    for (let round = 0; round < ROUNDS; round++) {
      let helloBefore = measure(hello);
      rounds.get(hello)!.push(helloBefore);
      for (const target of routes) {
        const result = measure(target);
        const helloAfter = measure(hello);
        rounds.get(target)!.push(result);
        rounds.get(hello)!.push(helloAfter);
        ratioRounds.get(target)!.push(result.cpuUsPerReq / ((helloBefore.cpuUsPerReq + helloAfter.cpuUsPerReq) / 2));
        helloBefore = helloAfter;
      }
    }
    const results = targets.map((target) => median(rounds.get(target)!));
    const ratios = targets.map((target) => (target === hello ? 1 : medianOf(ratioRounds.get(target)!)));
    console.log(
      `\n${new Date().toISOString().slice(0, 10)} · ${os.cpus().length} cores · wrk -t${THREADS} -c${CONNECTIONS} -d${DURATION}s · median of ${ROUNDS} rounds · Node ${process.version} · SQLite\n`,
    );
    // p99 is the median over the rounds (one slow round of the machine does not set it), and the
    // worst round beside it, so a tail that comes back in every round still shows.
    console.log('| route | req/s | p99 ms (median round) | p99 ms (worst round) | server CPU µs/req | × hello-world (per-round median) |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [i, r] of results.entries()) {
      const p99s = rounds.get(targets[i])!.map((round) => round.p99ms);
      console.log(
        `| ${r.name} | ${r.rps.toFixed(0)} | ${medianOf(p99s).toFixed(2)} | ${Math.max(...p99s).toFixed(2)} | ${r.cpuUsPerReq.toFixed(1)} | ${ratios[i].toFixed(2)} |`,
      );
      if (r.non2xx || r.errors) console.log(`|   ↳ non-2xx: ${r.non2xx}${r.errors ? `, socket errors: ${r.errors}` : ''} | | | | | |`);
    }
    if (process.env.BENCH_VERBOSE) {
      for (const target of targets)
        console.log(
          target.name,
          rounds
            .get(target)!
            .map((r) => r.cpuUsPerReq.toFixed(1))
            .join(' '),
          '× hello:',
          ratioRounds
            .get(target)!
            .map((x) => x.toFixed(2))
            .join(' '),
          '· p99 ms:',
          rounds
            .get(target)!
            .map((r) => r.p99ms.toFixed(1))
            .join(' '),
        );
    }
  } finally {
    const stopped = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await stopped;
    if (CPU_PROFILE_DIR) console.log(`\nCPU profile of the server written to ${path.resolve(CPU_PROFILE_DIR)}`);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
