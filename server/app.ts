import fs from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type RouteOptions } from 'fastify';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import { createAuth, type Auth } from './auth/auth.ts';
import { resolveAuthSecret } from './auth/auth-secret.ts';
import { createCredentialLimits } from './auth/credential-limits.ts';
import authRoutes from './auth/auth.routes.ts';
import { createOwnerResolver, requireOwner } from './auth/owner.guard.ts';
import { recentLoginGuard } from './auth/recent-login.ts';
import { createSessionRepository } from './auth/session.repository.ts';
import { migrateToLatest, openDatabase, type DatabaseHandle, type Db } from './db/database.ts';
import { answerFrameworkError, installErrorHandler } from './http/error-handler.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { AppError } from './http/errors.ts';
import { ErrorCode } from '../shared/error-codes.ts';
import { MAX_UPLOAD_BYTES } from './images/image.processor.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import systemRoutes from './http/system.routes.ts';
import { apiTokenScopesDescription, webhookEventsOpenApi } from './features/integrations/webhook-openapi.ts';
import outboxRoutes from './outbox/outbox.routes.ts';
import { registerPageHostGate } from './features/page-domains/page-host.gate.ts';
import { createFeatures, type FeatureServices, type Platform } from './wiring.ts';
import type { TxtResolver } from './features/organisations/domain.service.ts';
import { createLocalDiskStorage } from './storage/local-disk.storage.ts';
import type { Storage } from './storage/storage.ts';
import { createLocalInvalidation } from './lib/invalidation.ts';
import { makePrivateDir } from './lib/private-files.ts';
import type { RedisConnection } from './redis/redis.ts';
import { createFallbackRateCounterStore, createRedisRateCounterStore } from './redis/redis-rate-counter.ts';
import { isServerPath } from '../shared/server-paths.ts';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    storage: Storage;
    /** Redis when REDIS_URL is set (several instances); undefined on the embedded default. */
    redis: RedisConnection | undefined;
    auth: Auth;
    /**
     * Issue 34: every feature's services by feature name, for main.ts, this file's lifecycle and tests only: a feature's routes receive their
     * own services as options (lint fails a read of `app.features` or `app.platform` under server/features, server/http and server/auth).
     */
    features: FeatureServices;
    /** The platform pieces the lifecycle and tests reach (the outbox, the rate limiter, the decode slots). */
    platform: Platform;
    /** preHandler of owner calls (bearer token required). */
    requireOwner: ReturnType<typeof requireOwner>;
    /** preHandler after requireOwner on calls that make a lasting token: a session of the last five minutes (issue 20). */
    requireRecentLogin: ReturnType<typeof recentLoginGuard>;
  }
}

export const APP_DIST_DIR = path.resolve(import.meta.dirname, '../dist/app'); // where the built owner app lives (`npm run build`)
const EDITIONS_DIR = path.resolve(import.meta.dirname, '../assets/editions');

/** Builds the whole server: plugins in a fixed order (external, then app, then routes), the database migrated; `main.ts` listens, tests `inject()`. */
export async function buildApp(
  config: Config,
  options: { database?: DatabaseHandle; logger?: boolean; resolveTxt?: TxtResolver; onRoute?: (route: RouteOptions) => void } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : { level: config.logLevel, ...(config.isProduction ? {} : { transport: { target: 'pino-pretty', options: { singleLine: true } } }) },
    // Trust exactly as many proxy hops as configured, so X-Forwarded-For cannot be forged past them.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 256 * 1024,
    // Requests in flight finish on close; idle keep-alive sockets are dropped at once; requests arriving while closing get D4's 503 (hook below).
    forceCloseConnections: 'idle',
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: answerFrameworkError,
    // Fastify's own request logging writes two lines per request and the whole URL, query included: one line below instead, without the query
    // (verification and deletion links carry their tokens there, and the CRM callback its code; issue 20).
    logController: new LogController({ disableRequestLogging: true }),
  });
  // Told of every route as it is registered (test/api/server-paths.test.ts lists them so).
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { method: request.method, path: request.url.split('?')[0], status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });

  // The data folder is the server's user's only (issue 20); everything below creates inside it.
  makePrivateDir(config.dataDir);
  // Before anything opens: a missing secret that cannot be kept stops the start with a clear message.
  const { secret, generatedFile } = resolveAuthSecret({ configured: config.authSecret, dataDir: config.dataDir });
  if (generatedFile)
    app.log.info(`AUTH_SECRET is not set: generated a secret into ${generatedFile} (set AUTH_SECRET when instances share a database but not this folder)`);
  const database = options.database ?? openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateToLatest(database.db);
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  // Uploads: the S3 bucket when configured, else the local folder (the S3 SDK and ioredis load only when configured).
  const s3 = config.s3 ? (await import('./storage/s3.storage.ts')).createS3Storage(config.s3) : undefined;
  const storage = s3 ?? createLocalDiskStorage(path.join(config.dataDir, 'uploads'));
  // Issue 27: a company sign-in of an address a directory provisioned, or of a verified domain, joins its organisation (services exist by the first request).
  const companySignIn = { signedIn: (userId: string, email: string) => app.features.scim.scimJoin.companySignIn(userId, email) };
  const auth = createAuth({ config, secret, db: database.db, engine: database.engine, mailer, log: app.log, companySignIn });
  // Redis is optional and never required to answer: without it (or while it is away) limits are
  // counted in the database and caches live a second. The start waits a moment for it, so the
  // first requests already use it, and goes on without it (logged) when it does not answer.
  const redis = config.redis
    ? (await import('./redis/redis.ts')).connectRedis({ url: config.redis.url, keyPrefix: config.redis.keyPrefix, log: app.log })
    : undefined;
  if (redis && !(await redis.ready(3000))) app.log.warn('Redis did not answer within 3 s: starting on the database path; it is used once it answers');
  const invalidation = redis ? (await import('./redis/redis-invalidation.ts')).createRedisInvalidation(redis, app.log) : createLocalInvalidation();

  app.decorate('config', config);
  app.decorate('db', database.db);
  app.decorate('mailer', mailer);
  app.decorate('storage', storage);
  app.decorate('redis', redis);
  app.decorate('auth', auth);
  const sessionRows = createSessionRepository(database.db);
  const owners = createOwnerResolver(sessionRows, invalidation);
  const { platform, features, services } = createFeatures({
    config,
    db: database.db,
    engine: database.engine,
    storage,
    mailer,
    log: app.log,
    authSecret: secret,
    auth,
    invalidation,
    resolveTxt: options.resolveTxt,
    rateStore: redis && ((fallback) => createFallbackRateCounterStore({ redis, primary: createRedisRateCounterStore(redis), fallback, log: app.log })),
    onIdentityChange: owners.forgetAll,
  });
  app.decorate('features', services);
  app.decorate('platform', platform);
  app.decorate('requireOwner', requireOwner(owners));
  app.decorate('requireRecentLogin', recentLoginGuard(sessionRows));
  app.decorateRequest('owner', null);
  // Each feature's timers and workers (old leads deleted inside the server, issue 12), in composition order; then the outbox, through which
  // what leaves the server goes out (issue 34, docs/outbox.md).
  for (const feature of features) feature.start?.();
  platform.outbox.start();
  app.addHook('onClose', async () => {
    // The outbox first, then the features in reverse composition order (a feature may use those built before it); the statistics last
    // write the views counted in memory, so a graceful stop loses none.
    await platform.outbox.stop();
    for (const feature of [...features].reverse()) await feature.stop?.();
    // Redis after the last flush (nothing later publishes or counts), the database last.
    await redis?.close();
    s3?.close();
    mailer.close();
    await database.close();
  });

  // Once closing has begun, new requests are refused so a load balancer retries them elsewhere;
  // the ones already running finish (main.ts waits for them before the database closes).
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async (_request, reply) => {
    if (closing) {
      reply.header('connection', 'close');
      throw new AppError(503, ErrorCode.unavailable, 'The server is restarting. Please try again in a moment.');
    }
  });
  // Issue 39: an organisation's own page host answers only its company pages, before any route (or cookie).
  registerPageHostGate(app, invalidation, services.pageDomains);
  // Validation by the shared zod schemas; answers are presenters' plain objects, so they are
  // serialised as they are (response schemas document them in OpenAPI).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandler(app);

  // External plugins. Security headers first, so every route registered after them has them.
  registerSecurityHeaders(app, { https: config.publicUrl.startsWith('https:') });
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, fieldSize: 1024 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Contact Cards API',
        version: '1',
        description: 'The calls of SPEC 7. Owner calls take `Authorization: Bearer <token>` from POST /api/auth/sign-in/email.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', description: apiTokenScopesDescription() } } },
      // Issue 25: the webhook events, as OpenAPI 3.1 describes calls the server makes.
      openapi: '3.1.0',
      webhooks: webhookEventsOpenApi() as never,
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  await app.register(authRoutes, { auth, onIdentityChange: owners.forgetAll, credentialLimits: createCredentialLimits(platform.rateLimiter) });
  await app.register(systemRoutes, { walletAvailability: () => services.wallet.wallet.availability() });
  await app.register(outboxRoutes, { outbox: platform.outbox });
  // Issue 34: each feature's routes with its own services, in composition order (SCIM's error handler stays inside its plugin).
  for (const feature of features) if (feature.routes) await app.register(feature.routes);
  await registerOwnerApp(app);
  return app;
}

/** Edition images, and the built owner app with index.html for its client-side routes (D16). */
async function registerOwnerApp(app: FastifyInstance) {
  await app.register(fastifyStatic, {
    root: EDITIONS_DIR,
    prefix: '/assets/editions/',
    decorateReply: false,
    maxAge: '1d',
  });
  const hasApp = fs.existsSync(path.join(APP_DIST_DIR, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: APP_DIST_DIR,
      prefix: '/',
      index: false,
      wildcard: false,
      setHeaders(res, filePath) {
        // Vite puts a content hash into every asset name: cache those forever.
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.get<{ Params: { '*': string } }>('/*', { schema: { hide: true } }, async (request, reply) => {
    // As the router read the path (decoded: `/%61pi/x` is `/api/x`), not the request line (issue 33).
    const pathname = `/${request.params['*']}`;
    const accept = request.headers.accept ?? '';
    // Browsers ask for text/html. The front door `/` also answers the app to whoever says it
    // takes anything (`curl` sends */*); a client that names other types only (application/json),
    // or none at all, gets the 404 there as on any other path.
    const wantsHtml = accept.includes('text/html') || (pathname === '/' && /(^|,)\s*(\*\/\*|text\/\*)/.test(accept));
    // Paths the server answers itself (shared/server-paths.ts) are never the owner app's index.html (D16).
    if (isServerPath(pathname) || !wantsHtml) return reply.callNotFound();
    if (!hasApp) return reply.status(503).type('text/plain').send('The owner app is not built yet: run `npm run build`.');
    return reply.header('cache-control', 'no-cache').sendFile('index.html', APP_DIST_DIR);
  });
}
