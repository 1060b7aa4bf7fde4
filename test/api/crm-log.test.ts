import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverProcessSettings, startServerProcess } from '../support/server-process.ts';
import { startHubSpotStandIn, type CrmStandIn } from '../support/crm-standins.ts';

/**
 * Issue 37: "tokens never appear in an answer or a log". A real server process at LOG_LEVEL=trace
 * with HubSpot pointed at the stand-in: an owner connects, a lead syncs, an expired access token
 * is refreshed, a revoked grant breaks the connection; neither the log nor any answer carries an
 * authorization code, an access or refresh token, or the client secret.
 */
let standIn: CrmStandIn;
let server: ChildProcess;
let output = '';
let base: string;

beforeAll(async () => {
  standIn = await startHubSpotStandIn();
  const settings = serverProcessSettings('crm-log', {
    NODE_ENV: 'development',
    LOG_LEVEL: 'trace',
    REDIS_URL: '',
    SMTP_URL: '',
    DEMO_CARDS: '0',
    HUBSPOT_CLIENT_ID: standIn.clientId,
    HUBSPOT_CLIENT_SECRET: standIn.clientSecret,
    HUBSPOT_BASE_URL: standIn.url,
    HUBSPOT_AUTH_URL: `${standIn.url}/oauth/authorize`,
  });
  base = settings.base;
  server = await startServerProcess(settings.env, base, (chunk) => (output += chunk));
}, 60_000);
afterAll(async () => {
  server?.kill('SIGKILL');
  await standIn?.close();
});

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 15_000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
};

describe('GET /integrations/crm/callback and the sync in a server process', () => {
  it('never writes a code, a token or the client secret into the log or an answer', async () => {
    const answers: string[] = [];
    const email = `crm-log-${Date.now()}@example.com`;
    const json = { 'content-type': 'application/json', origin: base };
    expect(
      (await fetch(`${base}/api/auth/sign-up/email`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'long enough pw', name: 'x' }) }))
        .status,
    ).toBe(200);
    const mails = (await (await fetch(`${base}/_dev/mail`)).json()) as Array<{ to: string; links: string[] }>;
    await fetch(
      mails.find((m) => m.to === email)!.links.find((l) => l.includes('token='))!,
      { redirect: 'manual' },
    );
    const signIn = (await (
      await fetch(`${base}/api/auth/sign-in/email`, { method: 'POST', headers: json, body: JSON.stringify({ email, password: 'long enough pw' }) })
    ).json()) as {
      token: string;
    };
    const auth = { ...json, authorization: `Bearer ${signIn.token}` };
    const call = async (path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, body === undefined ? { headers: auth } : { method: 'POST', headers: auth, body: JSON.stringify(body) });
      const text = await res.text();
      answers.push(text);
      return { status: res.status, body: text ? JSON.parse(text) : undefined };
    };
    const profile = await call('/profile/create', { firstName: 'Log', lastName: 'Owner' });
    expect(profile.status).toBe(200);

    const connected = await call('/crm/connect', { provider: 'hubspot' });
    expect(connected.status).toBe(200);
    const back = await standIn.authorize(connected.body.authorizeUrl);
    const callback = await fetch(`${base}${back.pathname}${back.search}`, { redirect: 'manual' });
    expect(callback.status).toBe(303);
    expect(callback.headers.get('location')).toContain('crm=connected');

    const lead = async (visitor: string) =>
      expect(
        (
          await fetch(`${base}/send/contact`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ profileId: profile.body.id, senderEmail: visitor, language: 'en' }),
          })
        ).status,
      ).toBe(200);
    await lead('first@example.net');
    await until('the first lead in HubSpot', () => standIn.withEmail('first@example.net').length === 1);
    standIn.expireAccessTokens();
    await lead('second@example.net');
    await until('the second lead after a refresh', () => standIn.withEmail('second@example.net').length === 1);
    standIn.revoke();
    await lead('third@example.net');
    await until('the connection broken', async () => (await call('/find/own/crm')).body.connections[0]?.status === 'broken');

    await new Promise((r) => setTimeout(r, 500));
    expect(output).toContain('CRM connection broken');
    for (const text of [output, ...answers]) {
      expect(text).not.toMatch(/hubspot-(at|rt|code)-[0-9a-f]+/);
      expect(text).not.toContain(standIn.clientSecret);
    }
  }, 60_000);
});
