import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Which security headers go where (docs/security.md "headers"), in one place. helmet defines
 * the header sets; they hold no per-request value, so each is computed once at start and an
 * onRequest hook copies the right one onto each answer (running helmet per request doubled
 * hello-world's CPU per request, docs/performance.md 2026-11-24).
 *
 * - every answer by default (owner app, its assets, /docs, JSON answers, downloads): the owner
 *   app's policy: scripts only from this origin (no inline script), no framing, nosniff, a
 *   strict referrer policy, same-origin opener and resource policies;
 * - JSON answers: additionally `Cache-Control: no-store` unless the route chose its own caching;
 * - uploads under /media/: a sandbox that lets nothing in a file run (route config `media`);
 * - public pages (server/features/public-pages/, route config `page`): a set of their own without helmet's
 *   extras (every byte counts on a phone), and a hash-based CSP that each cached page carries
 *   with it (server/http/send-page.ts).
 */
export type HeaderSet = 'app' | 'media' | 'page';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The security header set of a route's answers; `app` when not given. */
    securityHeaders?: HeaderSet;
  }
}

function ownerAppPolicy(https: boolean): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The QR scanner's ZXing reader is WebAssembly (shipped in dist/app/assets).
        scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
        // Inline style attributes only (React, the toast library); no inline script anywhere.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only where the service itself is on https: on http://localhost it would break every request.
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Browsers ignore HSTS over http; sent only when the public address is https.
    strictTransportSecurity: https ? { maxAge: 31_536_000 } : false,
    // The public pages on this origin do not send it; Chromium warns when an origin is inconsistent.
    originAgentCluster: false,
  };
}

function mediaPolicy(https: boolean): HelmetOptions {
  return {
    ...ownerAppPolicy(https),
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], imgSrc: ["'self'"], styleSrc: ["'unsafe-inline'"], sandbox: [] } },
    // Profile images appear in Open Graph previews and mail clients on other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  };
}

/**
 * The public pages' set besides their per-page CSP (docs/security.md, "headers"). Exported for
 * server/features/public-pages/send-page.ts, which writes a page's whole header block at once.
 */
export function publicPageHeaders(https: boolean): Record<string, string> {
  return {
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-frame-options': 'DENY',
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(https ? { 'strict-transport-security': 'max-age=31536000' } : {}),
  };
}

/** The headers helmet sets for `options`, read once from a stand-in response. */
export function headersOf(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, res as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Registers the header sets and the no-store rule for JSON answers. */
export function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): void {
  const sets: Record<HeaderSet, Record<string, string>> = {
    app: headersOf(ownerAppPolicy(options.https)),
    media: headersOf(mediaPolicy(options.https)),
    page: publicPageHeaders(options.https),
  };
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(sets[request.routeOptions.config.securityHeaders ?? 'app']);
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}

/** Route options of /media/*. */
export const MEDIA_ROUTE_HEADERS = { config: { securityHeaders: 'media' } } as const;
/** Route options of the public pages: their own header set. */
export const PUBLIC_PAGE_ROUTE_HEADERS = { config: { securityHeaders: 'page' } } as const;
