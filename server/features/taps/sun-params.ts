/** The query parameters a SUN chip writes into its URL. */
export const SUN_PARAMS = ['picc_data', 'cmac'] as const;

/**
 * The chip's parameters of a request's query: null when it has neither (an ordinary scan), else
 * both as strings ('' for a missing, repeated or non-string one, which judges as invalid).
 */
export function sunParams(query: unknown): { piccData: string; cmac: string } | null {
  const q = (query ?? {}) as Record<string, unknown>;
  if (q.picc_data === undefined && q.cmac === undefined) return null;
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return { piccData: text(q.picc_data), cmac: text(q.cmac) };
}

/** `url` (path and query, as requested) without the chip's parameters: where the visitor is sent instead. */
export function withoutSunParams(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const name of SUN_PARAMS) params.delete(name);
  const rest = params.toString();
  return url.slice(0, at) + (rest ? `?${rest}` : '');
}
