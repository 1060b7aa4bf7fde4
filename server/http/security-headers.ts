import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Which security headers go where (docs/security.md "headers"), in one place:
 *
 * - everything by default (owner app, its assets, /docs, JSON answers, downloads): helmet with
 *   the owner app's policy below: scripts only from this origin (no inline script), no framing,
 *   nosniff, a strict referrer policy, same-origin opener and resource policies;
 * - JSON answers: additionally `Cache-Control: no-store` unless the route chose its own caching;
 * - uploads under /media/: `MEDIA_ROUTE_HEADERS`, a sandbox that lets nothing in a file run;
 * - public pages (server/pages/): `PUBLIC_PAGE_ROUTE_HEADERS` switches helmet off, because
 *   those routes send their own set with a hash-based CSP, precomputed per cached page.
 */
function ownerAppPolicy(https: boolean): FastifyHelmetOptions {
  return {
    global: true,
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
  };
}

/** Route options of /media/*: an upload never runs as a page (SVG or HTML sniffed or not). */
export const MEDIA_ROUTE_HEADERS = {
  helmet: {
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], imgSrc: ["'self'"], styleSrc: ["'unsafe-inline'"], sandbox: [] } },
    // Profile images appear in Open Graph previews and mail clients on other origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  },
} as const;

/** Route options of the public pages: they send their own headers (server/pages/page-headers). */
export const PUBLIC_PAGE_ROUTE_HEADERS = { helmet: false } as const;

/** Registers the default header set and the no-store rule for JSON answers. */
export async function registerSecurityHeaders(app: FastifyInstance, options: { https: boolean }): Promise<void> {
  await app.register(helmet, ownerAppPolicy(options.https));
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('cache-control') && String(reply.getHeader('content-type') ?? '').startsWith('application/json')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
