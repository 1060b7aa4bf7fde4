/**
 * Turns a stored link value into an href a page may render (D12): only http, https, mailto
 * and tel survive; a value without a scheme gets `https://` (SPEC 2, web-link modal).
 * Returns null for anything else (javascript:, data:, vbscript:, ...), which callers render as text.
 */
export function toSafeHref(value: string): string | null {
  const raw = value.trim();
  if (!raw) return null;
  // Control characters and whitespace inside a scheme are how `java\tscript:` slips past naive checks.
  // eslint-disable-next-line no-control-regex -- control characters are what this matches
  if (/[\u0000-\u001f\u007f]/.test(raw)) return null;
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(raw)?.[1]?.toLowerCase();
  if (scheme === undefined) {
    // "calendly.com/x" or "//host/x": a web address without a scheme.
    return toSafeHref(`https://${raw.replace(/^\/+/, '')}`);
  }
  if (scheme === 'http' || scheme === 'https') {
    try {
      const url = new URL(raw);
      return url.hostname ? url.href : null;
    } catch {
      return null;
    }
  }
  if (scheme === 'mailto' || scheme === 'tel') return raw;
  // "localhost:8080/x" parses as scheme "localhost"; treat host:port forms as web addresses.
  if (/^[a-z0-9.-]+:\d+(\/|$)/i.test(raw)) return toSafeHref(`https://${raw}`);
  return null;
}

/** A `tel:` href from a phone number as people type it ("+49 89 123-4"), or null when blank. */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^\d+]/g, '');
  return digits ? `tel:${digits}` : null;
}

/** A `mailto:` href, or null when the value does not look like an address. */
export function mailtoHref(email: string): string | null {
  const v = email.trim();
  return /^[^\s@]+@[^\s@]+$/.test(v) ? `mailto:${v}` : null;
}
