import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createSecureServer, type IncomingHttpHeaders } from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** One push the stand-in took (or refused). */
export interface ApnsPush {
  headers: IncomingHttpHeaders;
  body: string;
  /** What it answered. */
  status: number;
  /** When it came (epoch ms). */
  at: number;
}

/**
 * A local HTTP/2 server with its own certificate that stands in for api.push.apple.com (issue 26;
 * the machine cannot reach Apple): it records every push and answers 200, 410 Unregistered for
 * the tokens in `gone`, and the statuses of `failNext` first (a busy or broken APNs: issue 34's
 * retries). The settings of the server (APNS_*, with a fresh .p8 key) come from `env`.
 */
export async function startApnsStandIn(options: { teamId: string; keyId: string }) {
  const scratch = await mkdtemp(path.join(tmpdir(), 'apns-stand-in-'));
  const key = path.join(scratch, 'key.pem');
  const cert = path.join(scratch, 'cert.pem');
  const subject = ['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1'];
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    ...subject,
  ]);
  const pushes: ApnsPush[] = [];
  const gone = new Set<string>();
  const failNext: number[] = [];
  const server = createSecureServer({ key: await readFile(key), cert: await readFile(cert) });
  server.on('stream', (stream, headers) => {
    let body = '';
    stream.on('data', (chunk: Buffer) => (body += chunk.toString()));
    stream.on('end', () => {
      const token = String(headers[':path']).split('/').at(-1) ?? '';
      const status = failNext.shift() ?? (gone.has(token) ? 410 : 200);
      pushes.push({ headers, body, status, at: Date.now() });
      stream.respond({ ':status': status, 'apns-id': '6e1d1b1c-0000-4000-8000-000000000001', 'content-type': 'application/json' });
      stream.end(status === 200 ? '' : JSON.stringify({ reason: status === 410 ? 'Unregistered' : 'ServiceUnavailable', timestamp: Date.now() }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const p8 = path.join(scratch, `AuthKey_${options.keyId}.p8`);
  await writeFile(p8, privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return {
    pushes,
    gone,
    failNext,
    /** The key's public half: the JWT of every push verifies with it. */
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    env: {
      APPLE_TEAM_ID: options.teamId,
      APNS_KEY: p8,
      APNS_KEY_ID: options.keyId,
      APNS_HOST: 'localhost',
      APNS_PORT: String((server.address() as AddressInfo).port),
      APNS_CA: cert,
    },
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await rm(scratch, { recursive: true, force: true });
    },
  };
}
export type ApnsStandIn = Awaited<ReturnType<typeof startApnsStandIn>>;
