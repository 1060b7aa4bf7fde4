/**
 * An href as a `Location` header may carry it. Node refuses header values with characters
 * outside Latin-1 (ERR_INVALID_CHAR, a raw 500), and anything outside printable ASCII is not a
 * valid URI anyway: every such character is percent-encoded as UTF-8 (RFC 3986), the `%` of an
 * existing escape is kept. http(s) hrefs arrive from `toSafeHref` already in WHATWG form
 * (punycode host, encoded path); this is what makes `mailto:a@例え.jp` and `tel:` values safe.
 */
export function locationHeader(href: string): string {
  // Whole runs, so a surrogate pair is encoded as one character; Buffer writes a lone surrogate as U+FFFD.
  return href.replace(/[^\x21-\x7e]+/gu, (run) => [...Buffer.from(run, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}
