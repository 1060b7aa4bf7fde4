import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverProcessSettings, startServerProcess } from '../support/server-process.ts';

/**
 * The server's log as an operator reads it (issues 20 and 23): a real `npm start`-like process in
 * development mode (pretty lines) at LOG_LEVEL=info. One line per request, never a sign-in token
 * (neither a mail's links nor the query of a followed verification link).
 */
const tempRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'cards-log-'));
const { base, env } = serverProcessSettings('log', {
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  DATA_DIR: path.join(tempRoot, 'data'),
  DEMO_CARDS: '2',
  REDIS_URL: '',
  SMTP_URL: '',
});
let server: ChildProcess;
let output = '';

beforeAll(async () => {
  server = await startServerProcess(env, base, (chunk) => (output += chunk));
}, 60_000);
afterAll(() => {
  server.kill('SIGKILL');
  fs.rmSync(tempRoot, { recursive: true, force: true });
});

/** The log's lines once the logger (a worker thread with pino-pretty) has written them out. */
async function logLines(): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 500));
  return output.split('\n').filter(Boolean);
}

describe('the server log', () => {
  it("prints the demo cards' links as their QR codes hold them, so a demo scan counts as a QR scan, not as an older print (issue 23)", async () => {
    const links = (await logLines()).flatMap((line) => /Demo card \(\w+\), scan or open: (\S+)/.exec(line)?.[1] ?? []);
    expect(links).toHaveLength(2);
    for (const link of links) expect(link).toMatch(new RegExp(`^${base}/card/[A-Za-z0-9]+\\?src=qr$`));
  });

  it('writes one line per request, with its path, status and time', async () => {
    expect((await fetch(`${base}/app-config.json?probe=1`)).status).toBe(200);
    const lines = (await logLines()).filter((line) => line.includes('/app-config.json'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/GET/);
    expect(lines[0]).toMatch(/200/);
    // The query is not logged (links carry tokens there).
    expect(lines[0]).not.toContain('probe');
  });

  it('says where a mail was written, and never writes a link with a token, also when it is followed', async () => {
    const email = `log-${Date.now()}@example.com`;
    const signUp = await fetch(`${base}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email, password: 'long enough pw', name: 'x' }),
    });
    expect(signUp.status).toBe(200);
    const outbox = (await (await fetch(`${base}/_dev/mail`)).json()) as Array<{ to: string; links: string[] }>;
    const link = outbox.find((m) => m.to === email)!.links.find((l) => l.includes('token='))!;
    const token = new URL(link).searchParams.get('token')!;
    expect(token.length).toBeGreaterThan(20);
    // The person follows the verification link.
    expect((await fetch(link, { redirect: 'manual' })).status).toBeLessThan(400);

    const lines = await logLines();
    expect(lines.join('\n')).not.toContain(token);
    expect(lines.join('\n')).not.toContain('token=');
    const mailLine = lines.find((line) => line.includes('mail written to the local outbox'));
    expect(mailLine).toBeDefined();
    const file = /"file":"([^"]+)"/.exec(mailLine!)?.[1];
    expect(file).toBeDefined();
    expect(fs.readFileSync(file!, 'utf8')).toContain(token);
    expect(fs.statSync(file!).mode & 0o777).toBe(0o600);
  });

  it('answers GET / from curl (Accept: */*) with the owner app, as a browser gets it, not a JSON 404', async () => {
    const browser = await fetch(`${base}/`, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
    const curl = await fetch(`${base}/`, { headers: { accept: '*/*' } });
    expect(curl.status).toBe(browser.status);
    expect(curl.headers.get('content-type')).toBe(browser.headers.get('content-type'));
    expect(await curl.text()).toBe(await browser.text());
    expect(curl.headers.get('content-type')).not.toMatch(/json/);
    // A client that asks for JSON only still gets D4's 404.
    const api = await fetch(`${base}/`, { headers: { accept: 'application/json' } });
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('cmc/not-found');
  });
});
