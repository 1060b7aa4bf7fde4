/**
 * A new client address on every call, within `prefix` (e.g. '10.77'): each flow of a suite
 * then comes from its own address, so per-address limits trip only where a test wants them.
 * Suites use different prefixes, so their counts never meet on a shared Redis.
 */
export function addressPool(prefix: string): () => string {
  let n = 0;
  return () => {
    n++;
    return `${prefix}.${Math.floor(n / 250)}.${n % 250}`;
  };
}

/** `name=value` of every cookie an answer sets, ready to send with the next request. */
export function cookiesOf(answer: { headers: Record<string, unknown> }): string {
  const setCookie = answer.headers['set-cookie'];
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [String(setCookie)] : [];
  return all.map((c: string) => c.split(';')[0]).join('; ');
}
