import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_UA, pngImage } from '../support/factories.ts';
import { startWebhookReceiver } from '../support/webhook-receiver.ts';
import { startCluster, type Cluster } from './cluster.ts';

// DESIGN "Scale-out", end to end: three real server processes (each with its own data folder)
// on one PostgreSQL database, one Redis and one S3 server, behind a round-robin proxy; every
// request below is real HTTP. `npm run test:scale` (CI runs it after the PostgreSQL API run).
const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');
let c: Cluster;

beforeAll(async () => {
  c = await startCluster(3);
});
afterAll(async () => {
  await c?.close();
});

interface Answer {
  status: number;
  body: any;
  headers: Headers;
  bytes: Buffer;
}

/** One HTTP call to `base` (the proxy, or one instance). */
async function call(base: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { origin: c.base, ...(body !== undefined && !(body instanceof FormData) ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let parsed: any = bytes.toString();
  try {
    parsed = JSON.parse(parsed);
  } catch {
    /* not JSON */
  }
  return { status: res.status, body: parsed, headers: res.headers, bytes };
}

let userCount = 0;
/**
 * A verified, signed-in owner, made through the proxy; `from` a loopback address of its own
 * when given (sign-ups are limited per client address and minute).
 */
async function owner(from?: string) {
  const email = `scale-${++userCount}-${Date.now()}@example.com`;
  const password = 'correct horse battery';
  const post = (url: string, body: unknown) => (from ? postFrom(from, url, body) : call(c.base, 'POST', url, body));
  const up = await post('/api/auth/sign-up/email', { email, password, name: 'Scale' });
  expect(up.status, JSON.stringify(up.body)).toBe(200);
  await c.query('update "user" set "emailVerified" = true where email = $1', [email]);
  const signIn = await post('/api/auth/sign-in/email', { email, password });
  expect(signIn.status).toBe(200);
  return { email, auth: { authorization: `Bearer ${signIn.body.token as string}` } };
}

async function newProfile(user: { auth: Record<string, string> }, firstName = 'Ada') {
  const res = await call(c.base, 'POST', '/profile/create', { profileName: 'Scale', firstName, lastName: 'Lovelace' }, user.auth);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

/** Runs `task` `total` times, at most `concurrency` at once. */
async function pool<T>(total: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) {
        const i = next++;
        results[i] = await task(i);
      }
    }),
  );
  return results;
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 50));
    value = await read();
  }
  return value;
}

/** A JSON POST through the proxy from a loopback address of the caller's choice: the client address the instances see (TRUST_PROXY). */
function postFrom(localAddress: string, url: string, body: unknown): Promise<{ status: number; body: any }> {
  const data = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${c.base}${url}`,
      { method: 'POST', localAddress, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin: c.base } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: any = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            /* not JSON */
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    request.on('error', reject);
    request.end(data);
  });
}

/**
 * Linux: which of `pids` holds the loopback TCP connection from `port` to `peerPort`, read from
 * /proc/net/tcp and the processes' file descriptors while the connection is open (which instance
 * sent a webhook). Undefined elsewhere or when not found.
 */
function pidOfConnection(port: number, peerPort: number, pids: number[]): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const hex = (p: number) => `:${p.toString(16).toUpperCase().padStart(4, '0')}`;
  const entry = fs
    .readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .find((f) => f[1]?.endsWith(hex(port)) && f[2]?.endsWith(hex(peerPort)));
  const inode = entry?.[9];
  if (!inode || inode === '0') return undefined;
  for (const pid of pids) {
    for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
      } catch {
        /* closed meanwhile */
      }
    }
  }
  return undefined;
}

describe('three instances behind a round-robin proxy', () => {
  it('count views exactly under concurrent load across instances', async () => {
    const user = await owner();
    const profile = await newProfile(user);
    const before = [...c.proxyStats.byInstance];
    const answers = await pool(600, 32, () => call(c.base, 'GET', `/p/${profile.id}`, undefined, { 'user-agent': BROWSER_UA }).then((r) => r.status));
    expect(answers.every((s) => s === 200)).toBe(true);
    // Every instance took its share.
    c.proxyStats.byInstance.forEach((n, i) => expect(n - before[i], `instance ${i}`).toBeGreaterThan(150));
    // Each instance writes its counts every 200 ms: all of them, exactly, soon after.
    const rows = await eventually(
      () => c.query<{ profileViews: number }>('select "profileViews" from profile where id = $1', [profile.id]),
      (r) => Number(r[0].profileViews) >= 600,
    );
    await new Promise((r) => setTimeout(r, 500)); // no late extra count either
    expect(Number((await c.query('select "profileViews" from profile where id = $1', [profile.id]))[0].profileViews)).toBe(600);
    expect(Number(rows[0].profileViews)).toBe(600);
  });

  it('count link clicks exactly under concurrent load across instances', async () => {
    const user = await owner();
    const profile = await newProfile(user);
    const link = await call(
      c.base,
      'POST',
      '/social-media-link/create',
      { profileId: profile.id, type: 'website', link: 'https://example.com', name: 'Web', sort: 1 },
      user.auth,
    );
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const linkId = link.body.socialMediaLinkId as string;
    const before = [...c.proxyStats.byInstance];
    const answers = await pool(600, 32, () =>
      fetch(`${c.base}/go/${linkId}?p=${profile.id}&src=nfc`, { redirect: 'manual', headers: { 'user-agent': BROWSER_UA } }).then((r) => r.status),
    );
    expect(answers.every((s) => s === 302)).toBe(true);
    c.proxyStats.byInstance.forEach((n, i) => expect(n - before[i], `instance ${i}`).toBeGreaterThan(150));
    // Every instance adds its clicks to the same daily row (count = count + excluded.count).
    const clicks = () =>
      c.query<{ n: string }>(
        `select coalesce(sum("count"), 0) as n from "visitCount" where "profileId" = $1 and "linkId" = $2 and metric = 'click' and source = 'nfc'`,
        [profile.id, linkId],
      );
    await eventually(clicks, (r) => Number(r[0].n) >= 600);
    await new Promise((r) => setTimeout(r, 500)); // no late extra count either
    expect(Number((await clicks())[0].n)).toBe(600);
    // And the owner reads them back through any instance.
    const stats = await call(c.base, 'GET', `/find/own/stats?profileId=${profile.id}&days=7`, undefined, user.auth);
    expect(stats.body.links).toEqual([{ socialMediaLinkId: linkId, name: 'Web', clicks: 600 }]);
  });

  it('show a profile change made through one instance on the next request to every other', async () => {
    const user = await owner();
    const profile = await newProfile(user, 'First');
    for (const [n, writer] of c.instances.entries()) {
      // Every instance has the page and the stamp in memory.
      for (const instance of c.instances) expect((await call(instance.base, 'GET', `/p/${profile.id}?lng=en`)).body).toContain(n ? `Name${n - 1}` : 'First');
      const name = `Name${n}`;
      expect((await call(writer.base, 'POST', '/profile/update', { id: profile.id, firstName: name }, user.auth)).status).toBe(200);
      // No waiting: the very next request to each other instance shows it.
      for (const instance of c.instances) {
        expect((await call(instance.base, 'GET', `/p/${profile.id}?lng=en`)).body, `instance ${instance.index} after a change on ${n}`).toContain(name);
        expect((await call(instance.base, 'POST', '/profile/show', { profileId: profile.id })).body.profile.firstName).toBe(name);
      }
    }
  });

  it('refuse a signed-out token on every instance at once', async () => {
    const user = await owner();
    for (const instance of c.instances) expect((await call(instance.base, 'GET', '/find/own/profiles/active', undefined, user.auth)).status).toBe(200);
    expect((await call(c.instances[0].base, 'POST', '/api/auth/sign-out', {}, user.auth)).status).toBe(200);
    for (const instance of c.instances) expect((await call(instance.base, 'GET', '/find/own/profiles/active', undefined, user.auth)).status).toBe(401);
  });

  it('serve an upload made through one instance from every other', async () => {
    const user = await owner();
    const profile = await newProfile(user);
    const form = new FormData();
    form.append('profileId', profile.id);
    form.append('profileImage', new Blob([new Uint8Array(await pngImage(120, 90))], { type: 'image/png' }), 'photo.png');
    const uploaded = await call(c.instances[1].base, 'POST', '/upload/profileImage', form, user.auth);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    const mediaPath = uploaded.body.profileImagePath as string;
    const copies = await Promise.all(c.instances.map((instance) => call(instance.base, 'GET', mediaPath)));
    for (const copy of copies) {
      expect(copy.status).toBe(200);
      expect(copy.headers.get('content-type')).toMatch(/^image\/jpeg/);
      expect(copy.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(copy.bytes.equals(copies[0].bytes)).toBe(true);
    }
    // In the bucket, not in any instance's data folder.
    for (const instance of c.instances) expect(fs.existsSync(path.join(instance.dataDir, 'uploads'))).toBe(false);
  });

  it('give a card raced from three instances exactly one owner', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--import', 'tsx', 'server/cli/cards.cli.ts', 'mint', '--edition', 'rainbow', '--count', '1', '--out', c.instances[0].dataDir, '--json'],
      { cwd: root, env: c.env },
    );
    const [card] = JSON.parse(stdout) as { id: string }[];
    const racers = await Promise.all(c.instances.map(() => owner()));
    const answers = await Promise.all(c.instances.map((instance, i) => call(instance.base, 'POST', '/card/register', { cardId: card.id }, racers[i].auth)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const winner = racers[answers.findIndex((a) => a.status === 200)];
    const [row] = await c.query<{ userId: string }>('select "userId" from card where id = $1', [card.id]);
    const [user] = await c.query<{ id: string }>('select id from "user" where email = $1', [winner.email]);
    expect(row.userId).toBe(user.id);
  });

  it('count rate limits across instances, in Redis', async () => {
    const user = await owner();
    const profile = await newProfile(user);
    // 10 contact sends an hour per client address (docs/security.md): 15 through the proxy, five to each instance.
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const answers = await pool(15, 5, (i) =>
      call(c.base, 'POST', '/send/contact', { profileId: profile.id, senderEmail: `visitor${i}@example.com`, language: 'en' }, { 'x-forwarded-for': address }),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    expect((await c.redis.keys(`${c.redisPrefix}rate:contact-client:*`)).length).toBeGreaterThan(0);
  });

  it('deliver each webhook event exactly once, signed, with the workers of every instance taking their share (issue 25)', async () => {
    const receiver = await startWebhookReceiver();
    // Each answer takes a moment, so a worker's batch is in flight while the others claim theirs.
    receiver.state.delayMs = 250;
    const pids = c.instances.map((instance) => instance.process.pid!);
    const senders = new Map<string, number | undefined>();
    receiver.state.onReceive = (r) => senders.set(r.headers['webhook-id'], pidOfConnection(r.remotePort, receiver.port, pids));
    try {
      const user = await owner('127.0.0.20');
      const hook = await call(c.base, 'POST', '/webhook/create', { url: receiver.url, events: ['lead.created'] }, user.auth);
      expect(hook.status, JSON.stringify(hook.body)).toBe(200);
      const secret = hook.body.secret as string;
      const profiles = await pool(6, 3, () => newProfile(user));

      // 60 visitors through the proxy: ten per profile and ten per client address (the limits of
      // D5 and docs/security.md), from loopback addresses of their own (127.0.0.1 is the rate-limit test's).
      const before = [...c.proxyStats.byInstance];
      // Paced over about two seconds, so every instance's worker polls (every 500 ms) while leads come in.
      const answers = await pool(60, 3, async (i) => {
        await new Promise((r) => setTimeout(r, 60));
        return postFrom(`127.0.0.${20 + (i % 6)}`, '/send/contact', {
          profileId: profiles[Math.floor(i / 10)].id,
          senderEmail: `hook-visitor-${i}@example.com`,
          name: `Visitor ${i}`,
          language: 'en',
        });
      });
      expect(
        answers.every((a) => a.status === 200),
        JSON.stringify(answers.find((a) => a.status !== 200)),
      ).toBe(true);
      c.proxyStats.byInstance.forEach((n, i) => expect(n - before[i], `requests to instance ${i}`).toBeGreaterThanOrEqual(15));
      const leads = await c.query<{ id: string }>('select id from lead where "profileId" = any($1)', [profiles.map((p) => p.id)]);
      expect(leads).toHaveLength(60);

      const ids = () => Promise.resolve(new Set(receiver.received.map((r) => r.headers['webhook-id'])));
      await eventually(ids, (seen) => seen.size >= 60, 30_000);
      await new Promise((r) => setTimeout(r, 2000)); // no late second send either
      const received = receiver.received;
      // Exactly once: 60 requests, 60 message ids, one per lead.
      expect(received).toHaveLength(60);
      expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(60);
      const events = received.map((r) => new Webhook(secret).verify(r.body, r.headers) as { type: string; data: { id: string } });
      expect(events.every((e) => e.type === 'lead.created')).toBe(true);
      expect(new Set(events.map((e) => e.data.id))).toEqual(new Set(leads.map((l) => l.id)));
      // The log agrees: every delivery delivered on its first attempt, one attempt each.
      const [log] = await c.query<{ deliveries: string; attempts: string; delivered: string }>(
        `select count(*) as deliveries, sum(d.attempts) as attempts, count(*) filter (where d.status = 'delivered') as delivered
           from "webhookDelivery" d join "webhookEndpoint" e on e.id = d."endpointId" where e.id = $1`,
        [hook.body.webhookId],
      );
      expect([Number(log.deliveries), Number(log.attempts), Number(log.delivered)]).toEqual([60, 60, 60]);
      // Workers on every instance claimed (FOR UPDATE SKIP LOCKED), not one instance doing all of it.
      if (process.platform === 'linux') {
        const share = pids.map((pid) => [...senders.values()].filter((p) => p === pid).length);
        expect(
          share.reduce((a, b) => a + b, 0),
          `senders found: ${share.join(', ')}`,
        ).toBe(60);
        share.forEach((n, i) => expect(n, `deliveries sent by instance ${i} (${share.join(', ')})`).toBeGreaterThan(0));
      }
    } finally {
      await receiver.close();
    }
  });

  it('lose no acknowledged write when an instance is killed under load, and keep answering', async () => {
    const user = await owner();
    const profile = await newProfile(user);
    const acknowledged: string[] = [];
    const failedAt: number[] = [];
    let killedAt = Infinity;
    const deadline = Date.now() + 4000;
    const worker = async (n: number) => {
      while (Date.now() < deadline) {
        const started = Date.now();
        const write = await call(
          c.base,
          'POST',
          '/social-media-link/create',
          { profileId: profile.id, type: 'website', link: `https://example.com/${n}/${started}`, name: 'L' },
          user.auth,
        ).catch(() => null);
        if (write?.status === 200) acknowledged.push(write.body.socialMediaLinkId as string);
        else failedAt.push(started);
        const read = await call(c.base, 'GET', `/p/${profile.id}`, undefined, { 'user-agent': BROWSER_UA }).catch(() => null);
        if (read?.status !== 200) failedAt.push(started);
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => worker(n)));
    await new Promise((r) => setTimeout(r, 1500));
    killedAt = Date.now();
    await c.kill(2, 'SIGKILL');
    await load;

    expect(acknowledged.length).toBeGreaterThan(20);
    const stored = await c.query<{ id: string }>('select id from link where id = any($1)', [acknowledged]);
    expect(stored.length, 'every acknowledged link is stored').toBe(acknowledged.length);
    // Only requests in flight at the kill could fail; everything sent a moment later was answered.
    expect(failedAt.filter((t) => t > killedAt + 200)).toEqual([]);
    expect(failedAt.length).toBeLessThanOrEqual(16);
    for (const instance of c.instances.slice(0, 2)) expect((await call(instance.base, 'GET', '/readyz')).status).toBe(200);
  });
});
