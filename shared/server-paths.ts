/*
 * The paths the Fastify server answers itself; every other path is the owner app's, answered
 * with its index.html (D16). One list (issue 21) for the two places that must agree:
 * server/app.ts, which sends the owner app only for paths outside it, and the Vite dev server
 * (app/vite.config.ts), which forwards these paths to the API server. Plain TypeScript with no
 * imports, so the Vite config can load it. test/api/server-paths.test.ts checks every route
 * the real app registers against it.
 *
 * An entry covers itself and everything below it (`/lead` covers `/lead/update`, not `/leads`).
 * Where the owner app has routes under the same first segment (`/profile/:id`,
 * `/card/:id/preview`), only the server's own paths are listed.
 */
export const SERVER_PATHS = [
  // better-auth, the owner calls of issue 13, statistics' and lead calls, files, documents
  '/api',
  '/account',
  '/find',
  '/profile/create',
  '/profile/update',
  '/profile/delete',
  '/profile/save',
  '/profile/show',
  '/profile/short-link',
  '/profile/activate',
  '/profile/deactivate',
  '/social-media-link',
  '/social-media-links',
  '/card/show',
  '/card/register',
  '/card/delete',
  '/card/check',
  '/card/profile',
  '/lead',
  '/send',
  '/upload',
  '/download',
  '/delete',
  '/wallet',
  // Issue 36: reading a photographed card or a scanned code (the capture screen itself is the owner app's).
  '/capture/read',
  '/capture/parse',
  '/capture/save',
  '/capture/event',
  '/capture/follow-up',
  // Issue 25: webhooks and API tokens (the Integrations screen itself is the owner app's /integrations).
  '/webhook',
  '/api-token',
  // Issue 37: an owner's own CRM connection, and the OAuth callback (the Integrations screen itself is the owner app's /integrations).
  '/crm',
  '/integrations/crm/callback',
  // Issue 24: organisations (the Team area itself is the owner app's /team).
  '/organisation',
  // Issue 27: the SCIM 2.0 service provider for identity providers.
  '/scim',
  // Issue 28: the operator's console API (the console screen itself is the owner app's /console).
  '/operator',
  '/go',
  '/media',
  // Issue 26: the link icons of e-mail signatures, fetched by mail clients.
  '/signature-icons',
  // Issue 35: the signatures' photos, cropped square.
  '/signature-photos',
  '/cards',
  '/locales',
  '/app-config.json',
  // The public pages (server/features/public-pages). The card page `/card/{id}` is the server's too, but its
  // first segment is shared with the owner app's `/card/{id}/preview`: it is not listed, so the
  // dev server does not forward card scans (test/api/server-paths.test.ts names it).
  '/p',
  '/l',
  '/linkinbio',
  '/public-profile',
  // Edition images, and the built app's hashed files: a missing one is a 404, never index.html.
  '/assets',
  '/docs',
  '/_dev',
  '/bench',
  '/healthz',
  // Issue 39: the TLS proxy's question before a certificate for an organisation's page host.
  '/.well-known/cmc',
  '/readyz',
] as const;

const escape = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Matches a request target (path with or without its query) that the server answers. Its
 * source starts with `^`, which is how Vite's `server.proxy` takes a regular expression.
 */
export const SERVER_PATH_PATTERN = new RegExp(`^(?:${SERVER_PATHS.map(escape).join('|')})(?:[/?]|$)`);

/** True when the server answers `path` itself, false when it is the owner app's. */
export function isServerPath(path: string): boolean {
  return SERVER_PATH_PATTERN.test(path);
}
