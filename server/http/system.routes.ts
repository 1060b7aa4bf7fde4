import { OIDC_PROVIDER_ID } from '../auth/auth.ts';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { AppConfig } from '../../shared/schemas/app-config.schema.ts';
import { LANGUAGES } from '../../shared/schemas/profile.schema.ts';
import { isLocalRequest } from './client-address.ts';
import { AppError } from './errors.ts';
import { pingDatabase } from '../db/database.ts';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../lib/private-files.ts';

/** Folder of the translation files, `locales/{lng}/{ns}.json`. */
export const LOCALES_DIR = path.resolve(import.meta.dirname, '../../locales');

const localeParams = z.object({ lng: z.enum(LANGUAGES), ns: z.string().regex(/^[a-z_]{1,40}$/, 'must be a namespace name') });

/** How long /readyz waits for each component. */
const READY_TIMEOUT_MS = 2000;

/** 'up' when `check` resolves within READY_TIMEOUT_MS, else 'down' (the reason is not shown: it may name hosts). */
async function answers(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([check(), new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('timeout')), READY_TIMEOUT_MS)))]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

/** Issue 34: what the app's settings read of a feature, handed in by server/app.ts (the wallet's availability). */
export interface SystemRoutesOptions {
  walletAvailability: () => AppConfig['wallet'];
}

/** Health, readiness, settings for the app, translations, and the development outbox. */
const systemRoutes: FastifyPluginAsyncZod<SystemRoutesOptions> = async (app, { walletAvailability }) => {
  const { config, mailer, db, storage, redis } = app;
  const hidden = { schema: { hide: true } };

  // Liveness: the process answers. Touches nothing else, so it stays cheap for a load balancer.
  app.get('/healthz', hidden, async () => ({ status: 'ok' }));
  // Readiness: whether each piece this instance uses answers now, e.g. for a deploy to wait on.
  // Redis is `off` without REDIS_URL. While Redis is down the instance still serves (database
  // path), but says so here with a 503 (docs/deployment.md: which check to give the balancer).
  app.get('/readyz', hidden, async (_req, reply) => {
    const [database, store, cache] = await Promise.all([
      answers(() => pingDatabase(db)),
      answers(() => storage.check()),
      redis ? redis.ping(READY_TIMEOUT_MS).then((ok) => (ok ? 'up' : 'down')) : Promise.resolve('off' as const),
    ]);
    const components = { database, redis: cache, storage: store };
    const ready = Object.values(components).every((state) => state !== 'down');
    reply.header('cache-control', 'no-store');
    return reply.status(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', components });
  });
  // The benchmarks' baselines (BENCH_ROUTES=1, set by `npm run bench`), never there by default:
  // a production server exposes no route it does not need (issue 20).
  if (config.benchRoutes) {
    // A hello-world route on the same server: the benchmarks' baseline.
    app.get('/bench/hello', hidden, async () => ({ hello: 'world' }));
    // The same as a POST with a small JSON body: what reading and parsing a body costs by itself.
    app.post('/bench/hello', hidden, async () => ({ hello: 'world' }));
    // The same with a 10 KB answer, the size of a full profile: the floor for routes that send one.
    const tenKilobytes = Buffer.from(JSON.stringify({ filler: 'x'.repeat(10_000 - 13) }));
    app.get('/bench/static-10k', hidden, async (_req, reply) => reply.type('application/json; charset=utf-8').send(tenKilobytes));
  }

  // Only explicitly public settings reach the browser.
  const appConfig: AppConfig = {
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
    issuerName: config.issuerName,
    shopUrl: config.shopUrl,
    wallet: walletAvailability(),
    // Company sign-in: only whether it is there and the button's text (issue 13.7).
    ...(config.oidc ? { companySignIn: { providerId: OIDC_PROVIDER_ID, label: config.oidc.buttonLabel } } : {}),
  };
  app.get('/app-config.json', hidden, async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return appConfig;
  });

  app.get(
    '/locales/:lng/:file',
    {
      schema: {
        tags: ['system'],
        params: localeParams.omit({ ns: true }).extend({ file: z.string().regex(/^[a-z_]{1,40}\.json$/, 'must be {namespace}.json') }),
      },
    },
    async (req, reply) => {
      const { lng, file } = req.params;
      let text: string;
      try {
        text = await fs.readFile(path.join(LOCALES_DIR, lng, file), 'utf8');
      } catch {
        throw new AppError(404, ErrorCode.notFound, `No translations ${lng}/${file}.`);
      }
      return reply.type('application/json; charset=utf-8').header('cache-control', 'public, max-age=300').send(text);
    },
  );

  if (!config.isProduction) {
    // D14: missing keys are recorded for translators, in the data folder rather than the source tree.
    app.post(
      '/locales/add/:lng/:ns',
      { schema: { hide: true, params: localeParams, body: z.record(z.string().max(500), z.string().max(5000)) } },
      async (req) => {
        const { lng, ns } = req.params;
        const file = path.join(config.dataDir, 'missing-translations', lng, `${ns}.json`);
        await fs.mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
        const known = JSON.parse(await fs.readFile(file, 'utf8').catch(() => '{}')) as Record<string, string>;
        await fs.writeFile(file, JSON.stringify({ ...known, ...req.body }, null, 2), { mode: PRIVATE_FILE_MODE });
        return { recorded: Object.keys(req.body).length };
      },
    );

    // The local outbox for developers and tests: follow verification and reset links from here.
    // It holds every account's links, so it answers this machine only, as if it did not exist.
    app.get('/_dev/mail', hidden, async (req, reply) => (isLocalRequest(req) ? mailer.outbox() : reply.callNotFound()));
  }
};
export default systemRoutes;
