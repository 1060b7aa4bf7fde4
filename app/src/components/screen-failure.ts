import { ApiRequestError } from '../lib/api-client.ts';

/** Key of the session-storage note that the app reloaded once for a new deploy. */
const RELOADED_KEY = 'cmc.reloadedForDeploy';

/**
 * True for a failure that trying again can cure: the network or the server was away (no
 * answer, or a proxy's 502/503/504). A screen's own 4xx answers are not among them.
 */
export function isRetryable(error: unknown): boolean {
  return error instanceof ApiRequestError && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504);
}

/** True when a lazy screen's JavaScript could not be fetched (wording differs per browser). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload/i.test(message);
}

/** The entry script this page runs, as the HTML names it (`/assets/index-<hash>.js`). */
function runningEntry(): string | null {
  const script = document.querySelector<HTMLScriptElement>('script[type="module"][src]');
  return script ? new URL(script.src, location.href).pathname : null;
}

/**
 * After a deploy the lazy chunks of an open tab are gone (new names). Asks the server for the
 * current HTML: when it names another entry script, this tab is old and reloads, once per new
 * version (so a broken deploy cannot loop). Resolves false when the server is away or it is the
 * same version, and the screen shows its "try again".
 */
export async function reloadIfNewVersion(): Promise<boolean> {
  const current = runningEntry();
  let html: string;
  try {
    const res = await fetch(location.pathname, { cache: 'no-store', headers: { Accept: 'text/html' } });
    if (!res.ok) return false;
    html = await res.text();
  } catch {
    return false;
  }
  const served = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html)?.[1] ?? null;
  if (!current || !served || new URL(served, location.href).pathname === current) return false;
  if (sessionStorage.getItem(RELOADED_KEY) === served) return false;
  sessionStorage.setItem(RELOADED_KEY, served);
  location.reload();
  return true;
}
