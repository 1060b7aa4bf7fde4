import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { createEmailVerificationToken } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { AUTH_SECRET_FILE } from '../../server/auth/auth-secret.ts';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { expectD4 } from '../support/factories.ts';

/**
 * Issue 10, point 1: a fresh `npm start` is safe to expose. No signing secret in the code (one
 * is generated per installation), development mode listens on this machine only, and the
 * development outbox answers nobody else.
 */

let t: TestApp;
beforeAll(async () => {
  // As `npm start` runs: no AUTH_SECRET.
  t = await createTestApp({ NODE_ENV: 'development' });
});
afterAll(async () => t.close());

/** The secret this installation signs with, as kept in its data folder. */
const installationSecret = () => fs.readFileSync(path.join(t.config.dataDir, AUTH_SECRET_FILE), 'utf8').trim();

describe('the signing secret', () => {
  it('is generated into the data folder on the first start, readable by the owner only', () => {
    const file = path.join(t.config.dataDir, AUTH_SECRET_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(installationSecret().length).toBeGreaterThanOrEqual(32);
  });

  it('is the same after a restart, so sessions survive it', async () => {
    const user = await t.signUp();
    const restarted = await t.secondInstance();
    try {
      expect((await restarted.get('/find/own/profiles/active', user)).status).toBe(200);
    } finally {
      await restarted.close();
    }
    expect(installationSecret()).toBe(installationSecret());
  });

  // An unverified user who follows a verification link is signed in (autoSignInAfterVerification):
  // a token signed with any secret but this installation's must open nothing.
  const verify = (token: string) => t.call({ method: 'GET', url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`, remoteAddress: '127.0.0.1' });
  const isVerified = async (email: string) => {
    const row = await t.app.db.selectFrom('user').select('emailVerified').where('email', '=', email).executeTakeFirstOrThrow();
    return Boolean(row.emailVerified);
  };

  it.each([
    ['the development secret that used to be in the source code', 'development-secret-not-for-production-use-0000'],
    ['a random foreign secret', randomBytes(32).toString('hex')],
  ])('refuses verification tokens signed with %s: no session, nothing verified', async (_name, foreignSecret) => {
    const user = await t.signUp({ verified: false });
    const forged = await createEmailVerificationToken(foreignSecret, user.email, undefined, 3600, { userId: user.userId });
    const res = await verify(forged);
    expect(res.headers['set-auth-token']).toBeUndefined();
    expect(String(res.headers['set-cookie'] ?? '')).not.toContain('session_token=');
    expect(await isVerified(user.email)).toBe(false);

    // The same token signed with this installation's secret does open it: the check above can fail.
    const genuine = await createEmailVerificationToken(installationSecret(), user.email, undefined, 3600, { userId: user.userId });
    await verify(genuine);
    expect(await isVerified(user.email)).toBe(true);
  });

  it('comes from AUTH_SECRET when it is set, and then no file is written', async () => {
    const withSecret = await createTestApp({ AUTH_SECRET: 'an-operator-chosen-secret-of-32-chars!' });
    try {
      expect(fs.existsSync(path.join(withSecret.config.dataDir, AUTH_SECRET_FILE))).toBe(false);
    } finally {
      await withSecret.close();
    }
  });

  it('stops a production start without AUTH_SECRET and without a writable data folder, saying what to set', async () => {
    // A data folder below a regular file cannot be created, not even by root.
    const blocker = path.join(t.config.dataDir, 'a-file');
    fs.writeFileSync(blocker, '');
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cards.example.com',
      MAIL_OUTBOX: '1',
      DATA_DIR: path.join(blocker, 'data'),
      LOG_LEVEL: 'silent',
    });
    const start = buildApp(config, { logger: false });
    await expect(start).rejects.toThrow(ConfigError);
    await expect(start).rejects.toThrow(/AUTH_SECRET/);
  });
});

describe('development mode is local', () => {
  it('listens on 127.0.0.1 unless HOST says otherwise; production listens on every interface', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'test' }).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://cards.example.com', SMTP_URL: 'smtp://mail.example.com:587' }).host).toBe('0.0.0.0');
  });

  it('the development outbox answers a loopback client', async () => {
    const res = await t.call({ method: 'GET', url: '/_dev/mail', remoteAddress: '127.0.0.1' });
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
  });

  it.each([
    ['another machine', { remoteAddress: '203.0.113.7' }],
    ['another machine over IPv6', { remoteAddress: '2001:db8::7' }],
    ['a proxy on this machine relaying someone else', { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '203.0.113.7' } }],
    ['a proxy using the Forwarded header', { remoteAddress: '::1', headers: { forwarded: 'for=203.0.113.7' } }],
  ])('the development outbox does not exist for %s', async (_name, options) => {
    expectD4(await t.call({ method: 'GET', url: '/_dev/mail', ...options }), 404);
  });
});

describe('production start-up (issue 20)', () => {
  const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://cards.example.com' };

  it('stops without a mail transport, unless the operator chooses the outbox explicitly', () => {
    expect(() => loadConfig(production)).toThrow(ConfigError);
    expect(() => loadConfig(production)).toThrow(/^Missing setting SMTP_URL: .*MAIL_OUTBOX=1/);
    expect(loadConfig({ ...production, MAIL_OUTBOX: '1' }).smtpUrl).toBeUndefined();
    expect(loadConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.example.com:465' }).smtpUrl).toBe('smtps://u:p@mail.example.com:465');
    // Outside production the outbox stays the default.
    expect(loadConfig({}).smtpUrl).toBeUndefined();
    expect(() => loadConfig({ SMTP_URL: 'smtp://mail.example.com', MAIL_OUTBOX: '1' })).toThrow(/SMTP_URL and MAIL_OUTBOX/);
    expect(() => loadConfig({ MAIL_OUTBOX: 'yes' })).toThrow(/^Invalid setting MAIL_OUTBOX="yes"/);
  });

  it('names the setting of a connection string that is no URL, without its value', () => {
    for (const [name, value] of [
      ['DATABASE_URL', 'postgres://cards:secret@[db/cards'],
      ['DATABASE_URL', 'postgres://cards:secret@db:99999/cards'],
      ['REDIS_URL', 'redis://:secret@[redis'],
      ['SMTP_URL', 'smtp://user:secret@mail:port'],
    ]) {
      const error = (() => {
        try {
          loadConfig({ [name]: value });
        } catch (e) {
          return e as Error;
        }
        throw new Error(`${name}=${value} was accepted`);
      })();
      expect(error).toBeInstanceOf(ConfigError);
      expect(error.message).toMatch(new RegExp(`^Invalid setting ${name}: is not a valid URL`));
      expect(error.message).not.toContain('secret');
    }
  });

  it('serves the /bench routes (GET /bench/hello, POST /bench/hello, GET /bench/static-10k) only when BENCH_ROUTES is on, never by default', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(32), PUBLIC_URL: 'http://localhost', MAIL_OUTBOX: '1' });
    const bench = await createTestApp({ BENCH_ROUTES: '1' });
    try {
      for (const app of [prod, t]) {
        expectD4(await app.get('/bench/hello'), 404);
        expectD4(await app.get('/bench/static-10k'), 404);
        expectD4(await app.post('/bench/hello', {}), 404);
        // Not even the owner app's page in place of it.
        expectD4(await app.call({ method: 'GET', url: '/bench/hello', headers: { accept: 'text/html' } }), 404);
      }
      expect((await bench.get('/bench/hello')).body).toEqual({ hello: 'world' });
    } finally {
      await prod.close();
      await bench.close();
    }
  });
});
