import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import { isBot } from '../../lib/bots.ts';
import { cardScanSource, parseSource, profileVisit } from './visit-source.ts';

/*
 * Whether a request counts as a visit, and as which (D10, issues 12 and 22), decided in one
 * place (issue 21). The routes of every page, download and redirect that counts read their
 * request with `visitOf`; the services count only when `countsAsVisit` says so.
 */

/** Who asked, as far as counting cares. */
export interface VisitClient {
  userAgent?: string;
  /** HEAD: link checkers look, they do not visit. */
  head?: boolean;
  /** Sent from another site's page (a click ping or beacon): answered, never counted. */
  crossSite?: boolean;
}

/** A visit as a route reads it: who asked, where it came from, and the card that brought it ('' when none). */
export interface Visit extends VisitClient {
  source: VisitSource;
  cardId: string;
}

/**
 * The one rule: a request counts as a visit unless
 * - it comes from a bot, a link-preview fetcher or a client that names no User-Agent (server/lib/bots.ts),
 * - it is a HEAD request (link checkers), or
 * - another site's page sent it (a cross-site click ping or beacon).
 * Counted without asking: a contact exchange the server accepted (the visitor typed an address)
 * and a wallet pass handed to its owner.
 */
export function countsAsVisit(client: VisitClient): boolean {
  return !client.head && !client.crossSite && !isBot(client.userAgent);
}

/** What a route of each kind of counted answer reads its visit's source from. */
export type VisitKind =
  /** /p/{id}: the source and card the card page carried along (`?src=nfc&card=Ab3`), else a shared link. */
  | 'profile'
  /** /card/{id}: `?src=nfc|qr|wallet`, else a card printed before sources (`card`). */
  | 'card'
  /** /l/{id} and /linkinbio/{id}: always `linkinbio`. */
  | 'linkinbio'
  /** Downloads and link clicks: the page's `?src=`, else a shared link; never a card. */
  | 'action';

/** The parts of a request counting reads. */
export interface VisitRequest {
  method: string;
  headers: { 'user-agent'?: string };
  query?: unknown;
}

/**
 * The visit of a request: its client (User-Agent, HEAD, and `crossSite` as the route judged it)
 * and, by the kind of answer, its source and card. Unknown or malformed query values count as
 * absent, never as an error (visit-source.ts).
 */
export function visitOf(request: VisitRequest, kind: VisitKind, options: { crossSite?: boolean } = {}): Visit {
  // Built field by field, not spread: every page view runs this, and one object shape keeps it cheap.
  const query = request.query as Record<string, unknown> | undefined;
  let source: VisitSource;
  let cardId = '';
  switch (kind) {
    case 'profile': {
      const visit = profileVisit(query);
      source = visit.source;
      cardId = visit.cardId;
      break;
    }
    case 'card':
      source = cardScanSource(query);
      break;
    case 'linkinbio':
      source = 'linkinbio';
      break;
    case 'action':
      source = parseSource(query?.src) ?? 'link';
      break;
  }
  return { userAgent: request.headers['user-agent'], head: request.method === 'HEAD', crossSite: options.crossSite === true, source, cardId };
}
