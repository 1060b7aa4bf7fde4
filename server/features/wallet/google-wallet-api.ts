/** A PATCH that takes longer is given up; the update is retried later. */
export const WALLET_API_TIMEOUT_MS = 10_000;

/** What one PATCH came to: the status (null: no answer), Google's Retry-After, a short error text. */
export interface PatchResult {
  status: number | null;
  retryAfter: string | null;
  error: string | null;
}

/**
 * The one Wallet API call of issue 26: `PATCH {apiUrl}/walletobjects/v1/genericObject/{objectId}`
 * with the access token, JSON in. No redirects; Google's answer body is read only for the log.
 */
export async function patchGenericObject(apiUrl: string, objectId: string, body: unknown, accessToken: string): Promise<PatchResult> {
  try {
    const res = await fetch(`${apiUrl}/walletobjects/v1/genericObject/${encodeURIComponent(objectId)}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
      body: JSON.stringify(body),
      redirect: 'manual',
      signal: AbortSignal.timeout(WALLET_API_TIMEOUT_MS),
    });
    const text = await res.text().catch(() => '');
    const ok = res.status >= 200 && res.status < 300;
    return { status: res.status, retryAfter: res.headers.get('retry-after'), error: ok ? null : errorMessageOf(text) };
  } catch (error) {
    return { status: null, retryAfter: null, error: (error as Error).message.slice(0, 200) };
  }
}

/** Google's `{error: {message}}`, or the start of whatever else came back. */
function errorMessageOf(text: string): string {
  try {
    const message = (JSON.parse(text) as { error?: { message?: unknown } }).error?.message;
    if (typeof message === 'string') return message.slice(0, 200);
  } catch {
    /* not JSON */
  }
  return text.slice(0, 200);
}
