import { ALLOWED_AUTH_ENDPOINTS, allowedAuthEndpoint, REFUSED_AUTH_ENDPOINTS } from '../../server/auth/auth-endpoints.ts';

/**
 * Issue 33: the spellings of a path under /api/auth that a URL parser (the WHATWG one inside
 * better-auth, or find-my-way's decoding) may read as another path than the one written. Every
 * one must answer 404 before any library sees it. Generated from the allow-list and the refused
 * list of server/auth/auth-endpoints.ts and from better-auth's own endpoint table, so a new
 * endpoint is covered without a change here.
 */

type Method = 'GET' | 'POST';

/** One request to send as written: what it is aimed at, for the failure message. */
export interface Spelling {
  method: Method;
  path: string;
  aim: string;
}

/** An endpoint as better-auth's table (`auth.api`) names it. */
export interface LibraryEndpoint {
  path?: string;
  options?: { method?: string | string[] };
}

const AUTH = '/api/auth';
/** A value for `:name` segments. */
const fill = (path: string) => path.replace(/:[^/]+/g, 'x');
const methodsOf = (endpoint: LibraryEndpoint): Method[] =>
  [endpoint.options?.method ?? []].flat().filter((method): method is Method => method === 'GET' || method === 'POST');

/**
 * Every (method, path) better-auth routes that the gate keeps closed: the refused list (with
 * both methods where the library has no path for it: its server-only calls) and the methods of
 * allowed paths that the allow-list does not name (POST /get-session).
 */
export function closedEndpoints(library: LibraryEndpoint[]): Array<{ method: Method; path: string }> {
  const closed = new Map<string, { method: Method; path: string }>();
  const add = (method: Method, path: string) => closed.set(`${method} ${path}`, { method, path: fill(path) });
  for (const path of Object.keys(REFUSED_AUTH_ENDPOINTS)) {
    const known = library.filter((endpoint) => endpoint.path === path);
    for (const method of known.length ? known.flatMap(methodsOf) : (['GET', 'POST'] as const)) add(method, path);
  }
  for (const endpoint of library) {
    if (!endpoint.path) continue;
    for (const method of methodsOf(endpoint)) if (!allowedAuthEndpoint(method, fill(endpoint.path))) add(method, endpoint.path);
  }
  return [...closed.values()];
}

/**
 * One step up, as each parser may read it: the WHATWG parser takes `\` for `/` and `%2e` for
 * `.`; the others must never be decoded into one by anybody (encoded slashes and backslashes,
 * a path parameter, a NUL, double encoding).
 */
export const UP_STEPS = [
  '..\\',
  '%2e%2e\\',
  '.%2e\\',
  '%2E.\\',
  '%2E%2E%5C',
  '..%5c',
  '..%2f',
  '%2e%2e%2F',
  '%2e%2e/',
  '..;/',
  '.\\..\\',
  '..%00\\',
  '%252e%252e%255c',
  '..%c0%af',
];

/**
 * The target reached from an allowed endpoint by going up: the allowed endpoint's parameter
 * replaced by the way up (`/reset-password/..\list-sessions`), or the way up appended after a
 * `\` or a `/` (`/reset-password/x\..\..\list-sessions`).
 */
function climbs(carrier: string, target: string, steps: string[]): string[] {
  const segments = carrier.split('/').slice(1);
  const rest = target.slice(1);
  const out: string[] = [];
  for (const step of steps) {
    const param = segments.findIndex((segment) => segment.startsWith(':'));
    if (param >= 0) out.push(`${AUTH}/${[...segments.slice(0, param).map(fill), step.repeat(param) + rest].join('/')}`);
    for (const joiner of ['\\', '/']) out.push(`${AUTH}${fill(carrier)}${joiner}${step.repeat(segments.length)}${rest}`);
  }
  return out;
}

/**
 * The same path written another way: case, slashes, dots, encodings, a parameter, a fragment,
 * the absolute form. `all` adds the rarer ones (other spellings of the /api/auth prefix, double
 * encoding, a NUL, …), sent for one endpoint only: they are the same for every path.
 */
function respellings(path: string, origin: string, all: boolean): string[] {
  const rest = path.slice(1);
  const encodeFirst = (hexCase: (s: string) => string) => `/${hexCase(`%${rest.charCodeAt(0).toString(16)}`)}${rest.slice(1)}`;
  // A path of more than one segment with its inner slashes encoded (`/two-factor%2fenable`).
  const inner = rest.includes('/') ? [`${AUTH}/${rest.replace(/\//g, '%2f')}`, `${AUTH}/${rest.replace(/\//g, '%5C')}`] : [];
  const common = [
    ...inner,
    `${AUTH}${path.toUpperCase()}`,
    `${AUTH}${path}/`,
    `${AUTH}/${path}`,
    `${AUTH}/.${path}`,
    `${AUTH}/%2e${path}`,
    `${AUTH}/x/..${path}`,
    `${AUTH}/x/%2e%2e${path}`,
    `${AUTH}${path};`,
    `${AUTH}${path.replace(/\//g, '\\')}`,
    `${AUTH}%2f${rest}`,
    `${AUTH}%5c${rest}`,
    `${AUTH}${encodeFirst((s) => s)}`,
    `${AUTH}${path}%00`,
    `${AUTH}${path}#`,
    `/%61pi/auth${path}`,
    `${origin}${AUTH}${path}`,
  ];
  if (!all) return common;
  return [
    ...common,
    `${AUTH}/${rest[0].toUpperCase()}${rest.slice(1)}`,
    `${AUTH}${path}//`,
    `${AUTH}${path.replace(/\//g, '//')}`,
    `${AUTH}/%2E${path}`,
    `${AUTH}/x/%252e%252e${path}`,
    `${AUTH}${path};jsessionid=1`,
    `${AUTH};${path}`,
    `${AUTH}\\${rest}`,
    `${AUTH}%2F${rest}`,
    `${AUTH}${encodeFirst((s) => s.toUpperCase())}`,
    `${AUTH}${path}%2500`,
    `${AUTH}${path}%20`,
    `${AUTH}${path}.`,
    `${AUTH}${path}%2e`,
    `${AUTH}${path}#/../x`,
    `${AUTH}${path}%3f`,
    `${AUTH}${path}%23`,
    `${AUTH}${path}%c0%af`,
    `/api/%61uth${path}`,
    `/API/AUTH${path}`,
    `/Api/auth${path}`,
    `//api/auth${path}`,
    `/./api/auth${path}`,
    `/x/../api/auth${path}`,
    `/api/./auth${path}`,
    `/api//auth${path}`,
    `/api\\auth${path}`,
    `${origin}${AUTH}/x/..${path}`,
  ];
}

/**
 * Every spelling to send: each closed endpoint written another way and climbed to from the
 * allowed endpoints of its method, and each allowed endpoint written another way.
 * `origin` makes the absolute-form spellings (`GET http://host/api/auth/… HTTP/1.1`).
 */
export function authPathSpellings(library: LibraryEndpoint[], origin: string): Spelling[] {
  const spellings: Spelling[] = [];
  closedEndpoints(library).forEach((target, index) => {
    const aim = `${target.method} ${target.path}`;
    for (const path of respellings(target.path, origin, index === 0)) spellings.push({ method: target.method, path, aim });
    const carriers = ALLOWED_AUTH_ENDPOINTS.filter((endpoint) => endpoint.method === target.method);
    // Every way up from each endpoint with a parameter, whose pattern takes any one segment; from
    // one without, the first way up (its pattern takes nothing else, whatever is appended).
    for (const carrier of carriers.filter((endpoint) => endpoint.path.includes(':'))) {
      for (const path of climbs(carrier.path, target.path, UP_STEPS)) spellings.push({ method: target.method, path, aim });
    }
    const fixed = carriers.find((endpoint) => !endpoint.path.includes(':'));
    if (fixed) for (const path of climbs(fixed.path, target.path, UP_STEPS.slice(0, 1))) spellings.push({ method: target.method, path, aim });
  });
  for (const endpoint of ALLOWED_AUTH_ENDPOINTS) {
    const aim = `${endpoint.method} ${endpoint.path} spelt otherwise`;
    for (const path of respellings(fill(endpoint.path), origin, false)) spellings.push({ method: endpoint.method, path, aim });
  }
  // A respelling that happens to be an allowed endpoint's own spelling is not one.
  const allowed = new Set(ALLOWED_AUTH_ENDPOINTS.map((endpoint) => `${endpoint.method} ${AUTH}${fill(endpoint.path)}`));
  return spellings.filter(({ method, path }) => !allowed.has(`${method} ${path}`));
}
