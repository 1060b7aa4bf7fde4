import type { ZodType } from 'zod';
import { fileNameOf } from '../../../shared/vcard-download.ts';
import { readToken } from './token-storage.ts';

/** The D4 error answer, or what the client makes of a failure that never got one. */
export class ApiRequestError extends Error {
  constructor(
    /** HTTP status; 0 when the network failed before any answer. */
    readonly status: number,
    /** D4 code (`cmc/...`) or an identity code (`invalid-email`, ...); `network` when offline. */
    readonly code: string,
    message: string,
    /** The human text of the answer (`detail`), kept apart for SPEC 8's 'Error-Code: {status} {detail}'. */
    readonly detail: string,
    /** The request field at fault on a 400. */
    readonly field?: string,
    /** The whole D4 answer, for the few that carry more (a contrast's `suggestion`, refused `cards`). */
    readonly body: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Called on every 401 so the app can forget a token the server no longer accepts. */
let onUnauthorized: (() => void) | null = null;

/** Registers what happens when an owner call answers 401 (the auth provider signs out). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  onUnauthorized = handler;
}

/** Options of {@link apiRequest}. */
export interface ApiRequestOptions<T> {
  method?: 'GET' | 'POST';
  /** Sent as JSON, or as is when it is FormData (uploads). */
  body?: unknown;
  /** Validates the answer; without it the JSON is returned untyped-checked as `T`. */
  schema?: ZodType<T>;
  /** Adds the bearer token when one is stored (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Sees the headers of a successful answer (better-auth hands a renewed session token in `set-auth-token`). */
  onHeaders?: (headers: Headers) => void;
}

/** Headers of an owner call: the bearer token when signed in. */
export function authHeaders(): Record<string, string> {
  const token = readToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}

/** Reads a D4 error out of a failed answer, whatever shape the body has. */
export async function toApiError(res: Response): Promise<ApiRequestError> {
  let body: Record<string, unknown> = {};
  try {
    body = (await res.json()) as Record<string, unknown>;
  } catch {
    // A proxy's HTML error page: only the status is known.
  }
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const message = text(body.message) || text(body.detail) || res.statusText || `HTTP ${res.status}`;
  const code = text(body.code) || `http-${res.status}`;
  return new ApiRequestError(res.status, code, message, text(body.detail) || message, text(body.field) || undefined, body);
}

/**
 * The app's language (i18n.ts keeps `<html lang>` on it) as Accept-Language, so the server writes
 * its mails and files in the language the owner uses here, not the browser's (issue 23).
 */
function appLanguage(): Record<string, string> {
  const lang = document.documentElement.lang;
  return lang ? { 'Accept-Language': lang } : {};
}

/**
 * One call of SPEC 7. Every non-2xx answer becomes an {@link ApiRequestError} (D4 gives every
 * error one shape, so unlike the original client every call checks the status).
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions<T> = {}): Promise<T> {
  const { method = options.body === undefined ? 'GET' : 'POST', body, schema, auth = true, signal, onHeaders } = options;
  const headers: Record<string, string> = { Accept: 'application/json', ...appLanguage(), ...(auth ? authHeaders() : {}) };
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  let res: Response;
  try {
    res = await fetch(path, { method, headers, body: payload, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiRequestError(0, 'network', (error as Error).message || 'Network error', 'Network error');
  }
  if (!res.ok) {
    if (res.status === 401 && auth && readToken()) onUnauthorized?.();
    throw await toApiError(res);
  }
  onHeaders?.(res.headers);
  if (res.status === 204) return undefined as T;
  const json: unknown = await res.json().catch(() => null);
  return schema ? schema.parse(json) : (json as T);
}

/** Fetches a file answer (vCard, QR image, wallet pass) as a Blob, with the bearer token. */
export async function apiDownload(path: string): Promise<Blob> {
  return (await apiDownloadFile(path)).blob;
}

/** A download with the file name the server gave it (Content-Disposition). */
export async function apiDownloadFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  let res: Response;
  try {
    res = await fetch(path, { headers: { ...appLanguage(), ...authHeaders() } });
  } catch (error) {
    throw new ApiRequestError(0, 'network', (error as Error).message || 'Network error', 'Network error');
  }
  if (!res.ok) throw await toApiError(res);
  return { blob: await res.blob(), fileName: fileNameOf(res.headers.get('content-disposition')) };
}
