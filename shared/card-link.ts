// Used by the server and the browser app alike: only web-platform globals (URL), no Node imports.

/** A card id as minted (D2): letters and digits only, the same length cap as every id. */
const CARD_ID = /^[A-Za-z0-9]{1,64}$/;

/** PUBLIC_URL without a trailing slash, so a base path like `https://host/app/` joins cleanly. */
function base(publicUrl: string): string {
  return publicUrl.trim().replace(/\/+$/, '');
}

/** Where a card link is written (issue 12): the card page counts its scans under this source. */
export type CardLinkSource = 'nfc' | 'qr' | 'wallet';

/**
 * The link a card's QR code and NFC chip hold (D3): `{publicUrl}/card/{cardId}`, with
 * `?src=nfc`, `?src=qr` or `?src=wallet` when written for one of them (issue 12). A trailing
 * slash on `publicUrl` is tolerated.
 */
export function cardLink(publicUrl: string, cardId: string, source?: CardLinkSource): string {
  return `${base(publicUrl)}/card/${encodeURIComponent(cardId)}${source ? `?src=${source}` : ''}`;
}

/**
 * Reads a card id out of scanned or typed text (D3, SPEC 5). Accepted, on the host of
 * `publicUrl` only:
 * - `{PUBLIC_URL}/card/{id}`
 * - `{PUBLIC_URL}/public-profile/{id}`
 * - `{PUBLIC_URL}/?id={id}`
 *
 * Surrounding whitespace, a trailing slash and http where PUBLIC_URL says https (or the
 * reverse) are tolerated, because printed cards outlive a move to TLS. Query strings and
 * fragments after the two path forms are ignored (`?src=nfc` of issue 12, `?lng=`). Answers the
 * id, or null for anything else: other hosts, other paths, credentials in the URL, ids with
 * symbols, non-web schemes such as `javascript:`. The caller turns null into
 * `could_not_read_card_info`.
 */
export function parseCardLink(text: string, publicUrl: string): string | null {
  const raw = text.trim();
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const expected = new URL(base(publicUrl) + '/');
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  if (!sameHost(url, expected)) return null;

  // PUBLIC_URL may carry a base path (`https://host/cards`); everything we accept sits under it.
  const prefix = expected.pathname.replace(/\/$/, '');
  if (!url.pathname.startsWith(prefix + '/') && url.pathname !== prefix) return null;
  const rest = url.pathname.slice(prefix.length);

  const pathForm = /^\/(?:card|public-profile)\/([^/]+)\/?$/.exec(rest);
  if (pathForm) return CARD_ID.test(pathForm[1]) ? pathForm[1] : null;

  if (rest === '/' || rest === '') {
    const ids = url.searchParams.getAll('id');
    return ids.length === 1 && CARD_ID.test(ids[0]) ? ids[0] : null;
  }
  return null;
}

/**
 * Same host name and port. http and https of one host count as one site: URL writes each
 * scheme's default port as '', so `http://host` and `https://host` match, while an explicit
 * port (`:8080`) has to be the same on both sides.
 */
function sameHost(url: URL, expected: URL): boolean {
  return url.hostname === expected.hostname && url.port === expected.port;
}
