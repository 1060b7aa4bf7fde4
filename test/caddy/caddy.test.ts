import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { LookupFunction } from 'node:net';
import type { PeerCertificate, TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer, type TestDnsServer } from '../support/dns-server.ts';
import { BROWSER_UA, quickOwners } from '../support/factories.ts';
import { joinOrganisation } from '../support/organisations.ts';
import { freePort, REPO_ROOT } from '../support/server-process.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * Issue 39's deployment: deploy/Caddyfile (the one docs/deployment.md shows) run by Debian's
 * caddy in front of the real server, with Caddy's local CA instead of Let's Encrypt
 * (CADDY_ISSUER=internal), on free high ports and with its data and config in a temporary folder
 * (XDG_DATA_HOME, XDG_CONFIG_HOME), so nothing of the machine's is touched. Caddy asks
 * GET /.well-known/cmc/tls-allowed before each certificate: a verified page host gets one and its
 * page over HTTPS; a named but unproved host and an unknown one get no certificate (the TLS
 * handshake fails).
 */

const CADDY = process.env.CADDY_BIN ?? '/usr/bin/caddy';
const SERVICE_HOST = 'cards.service.test';

let t: TestApp;
let dns: TestDnsServer;
let caddy: ChildProcess | undefined;
let caddyOutput = '';
let caddyDir: string;
let httpsPort: number;
let rootCa: Buffer;

/** Resolves every name to 127.0.0.1, where Caddy listens (as a CNAME to the proxy would). */
const toLoopback: LookupFunction = (_name, options, callback) => {
  if (options.all) (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

interface HttpsAnswer {
  status: number;
  body: string;
  certificate: PeerCertificate;
}

/** GET `url` at `host` through Caddy, with SNI = `host`, trusting only Caddy's local root CA. */
function getOverTls(host: string, url: string): Promise<HttpsAnswer> {
  return new Promise((resolve, reject) => {
    const request = https.get(
      {
        host,
        port: httpsPort,
        path: url,
        lookup: toLoopback,
        servername: host,
        ca: rootCa,
        agent: false,
        headers: { 'user-agent': BROWSER_UA, accept: 'text/html' },
      },
      (res) => {
        const certificate = (res.socket as TLSSocket).getPeerCertificate();
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, certificate }));
      },
    );
    request.setTimeout(15_000, () => request.destroy(new Error(`no answer from ${host} in 15 s`)));
    request.on('error', reject);
  });
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, ms = 20_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (caddy?.exitCode !== null && caddy?.exitCode !== undefined) throw new Error(`caddy exited (${caddy.exitCode}):\n${caddyOutput}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${what} not within ${ms} ms:\n${caddyOutput}`);
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
  });

/** What a client sees when Caddy has no certificate for the name: an alert ends the handshake. */
const HANDSHAKE_FAILED = /alert|handshake|socket disconnected|ECONNRESET/i;

let counter = 0;
/** An organisation whose member has a company profile, with its page host named and, when `verified`, proved by its TXT record (else by `prove`). */
async function organisationWithHost(verified: boolean) {
  const [admin, member] = await quickOwners(t, 2);
  const organisationId = (await t.post('/organisation/create', { name: 'Acme', brandColour: '#0f766e' }, admin)).body.organisationId as string;
  await joinOrganisation(t, organisationId, admin!, member!);
  const saved = await t.post('/organisation/template/save', { organisationId, name: 'Standard', values: { companyName: 'Acme' }, locked: [] }, admin);
  const company = (await t.post('/profile/create', { templateId: saved.body.templateId, firstName: 'Mia', lastName: 'Berg' }, member)).body as { id: string };
  const host = `cards${++counter}-${Date.now().toString(36)}.acme-corp.com`;
  const named = (await t.post('/organisation/page-domain/set', { organisationId, host }, admin)).body;
  expect(named.host).toBe(host);
  const prove = async () => {
    dns.txt.set(named.txtRecordName, [named.txtRecordValue]);
    expect((await t.post('/organisation/page-domain/verify', { organisationId }, admin)).body.verified).toBe(true);
  };
  if (verified) await prove();
  return { host, company, prove };
}

beforeAll(async () => {
  expect(fs.existsSync(CADDY), `${CADDY} (apt-get install caddy)`).toBe(true);
  dns = await startDnsServer();
  t = await createTestApp({ DNS_RESOLVER: dns.address }, { publicHost: SERVICE_HOST });
  await t.listen();
  caddyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-caddy-'));
  httpsPort = freePort();
  const upstream = `127.0.0.1:${t.config.port}`;
  caddy = spawn(CADDY, ['run', '--config', path.join(REPO_ROOT, 'deploy/Caddyfile'), '--adapter', 'caddyfile'], {
    cwd: caddyDir,
    env: {
      PATH: process.env.PATH,
      HOME: caddyDir,
      XDG_DATA_HOME: path.join(caddyDir, 'data'),
      XDG_CONFIG_HOME: path.join(caddyDir, 'config'),
      CADDY_HTTP_PORT: String(freePort()),
      CADDY_HTTPS_PORT: String(httpsPort),
      CADDY_ADMIN: 'off',
      CADDY_ISSUER: 'internal',
      CARDS_ASK: upstream,
      CARDS_UPSTREAMS: upstream,
      SITE_ADDRESS: SERVICE_HOST,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  caddy.stdout!.on('data', (chunk: Buffer) => (caddyOutput += chunk));
  caddy.stderr!.on('data', (chunk: Buffer) => (caddyOutput += chunk));
  const rootFile = path.join(caddyDir, 'data/caddy/pki/authorities/local/root.crt');
  await waitFor('caddy listening with its local CA', async () => fs.existsSync(rootFile) && (await accepts(httpsPort)));
  rootCa = fs.readFileSync(rootFile);
});

afterAll(async () => {
  if (caddy && caddy.exitCode === null) {
    const exited = new Promise((r) => caddy!.once('exit', r));
    caddy.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  await dns?.close();
  if (caddyDir) fs.rmSync(caddyDir, { recursive: true, force: true });
});

describe('deploy/Caddyfile with on-demand certificates (caddy, local CA)', () => {
  it('gives a verified page host a certificate and its page over HTTPS', async () => {
    const { host, company } = await organisationWithHost(true);
    const res = await getOverTls(host, `/p/${company.id}`);
    expect(res.status, res.body.slice(0, 300)).toBe(200);
    expect(res.certificate.subjectaltname).toContain(`DNS:${host}`);
    // The page names the host it was served at.
    expect(res.body).toContain(`https://${host}/p/${company.id}`);
    // A second connection reuses the certificate Caddy stored.
    expect((await getOverTls(host, `/p/${company.id}`)).certificate.fingerprint256).toBe(res.certificate.fingerprint256);
  });

  it('gives a named but unproved host and an unknown host no certificate (the TLS handshake fails), until the host is proved', async () => {
    const { host, company, prove } = await organisationWithHost(false);
    expect((await t.get(`/.well-known/cmc/tls-allowed?domain=${host}`)).status).toBe(404);
    await expect(getOverTls(host, `/p/${company.id}`)).rejects.toThrow(HANDSHAKE_FAILED);
    await expect(getOverTls('nobody.example.org', '/')).rejects.toThrow(HANDSHAKE_FAILED);
    expect(caddyOutput).not.toContain(`"server_name":"${host}"`);
    // The same name once its TXT record is proved: Caddy asks again and gets its certificate.
    await prove();
    const res = await getOverTls(host, `/p/${company.id}`);
    expect(res.status).toBe(200);
    expect(res.certificate.subjectaltname).toContain(`DNS:${host}`);
  });

  it("serves the service's own host, named in the Caddyfile, with its certificate", async () => {
    const res = await getOverTls(SERVICE_HOST, '/healthz');
    expect(res.status).toBe(200);
    expect(res.certificate.subjectaltname).toContain(`DNS:${SERVICE_HOST}`);
  });
});
