/**
 * Issue 33: the one reading of a request's URL under /api/auth. The gate used to decide on the
 * raw request line while better-auth routed on the URL after the WHATWG parser had normalised
 * it (`\` read as `/`, `%2e` as `.`, dot segments removed), so `/reset-password/..\list-sessions`
 * passed as a reset link and was answered as list-sessions. Now the path is read once, refused
 * unless every parser reads it the same, and the URL better-auth gets is built from it.
 *
 * The rule: below `/api/auth`, a path is one or more segments of ASCII letters, digits, `-` and
 * `_`. So no backslash, no `%` at all (no encoded dot, slash, backslash, NUL or double
 * encoding), no dot segment, no empty segment (`//`), no trailing slash, no `;` parameter and no
 * `#`. Such a path has one reading only: the WHATWG parser, better-call's router (it routes on
 * `new URL(request.url).pathname` below the base path, case-sensitively) and the allow-list of
 * auth-endpoints.ts all see the same string, which `authTargetOf` checks again with the parser.
 */

/** better-auth's base path (auth.ts `basePath`). */
export const AUTH_BASE_PATH = '/api/auth';

const CANONICAL_PATH = /^(?:\/[A-Za-z0-9_-]+)+$/;

/** A request under /api/auth as the gate decides on it and as better-auth is handed it. */
export interface AuthTarget {
  /** The path below /api/auth: what the allow-list is asked about and what better-auth routes on. */
  path: string;
  /** The URL for better-auth: the service's origin, then the path and query as they came. */
  url: URL;
}

/**
 * The target of a raw request URL (`request.url`: the request line's target as sent), or
 * undefined when it is not the one canonical spelling of a path under /api/auth (the gate then
 * answers 404). `origin` is the service's own (PUBLIC_URL's), so no request header shapes the
 * URL better-auth reads; an absolute-form target (`GET http://host/…`) is refused here too.
 */
export function authTargetOf(rawUrl: string, origin: string): AuthTarget | undefined {
  if (!rawUrl.startsWith(`${AUTH_BASE_PATH}/`) || rawUrl.includes('#')) return undefined;
  const queryAt = rawUrl.indexOf('?');
  const rawPath = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt);
  const rawQuery = queryAt < 0 ? '' : rawUrl.slice(queryAt + 1);
  const path = rawPath.slice(AUTH_BASE_PATH.length);
  if (!CANONICAL_PATH.test(path)) return undefined;
  const url = new URL(rawUrl, origin);
  // The WHATWG parser is what better-call reads the Request's URL with: it must leave the path
  // and the query as they are (it would percent-encode a quote or `<` in the query, for one).
  if (url.pathname !== rawPath || url.search !== (rawQuery ? `?${rawQuery}` : '')) return undefined;
  return { path, url };
}

/** The path below /api/auth that better-auth's router routes a Request on (better-call's own reading). */
export function libraryPathOf(request: Request): string | undefined {
  const { pathname } = new URL(request.url);
  return pathname.startsWith(`${AUTH_BASE_PATH}/`) ? pathname.slice(AUTH_BASE_PATH.length) : undefined;
}
