import { VISIT_SOURCES, type VisitSource } from '../../../shared/schemas/visit-source.schema.ts';

/*
 * Where a visit came from (issue 12, docs/decisions.md "Visit sources"), read from the query
 * of a public page. Values are only ever picked from fixed lists: anything unknown counts as
 * absent, never as an error, and never reaches a page or the database as typed.
 */

/** A card id as minted (D2): letters and digits, as card-link.ts reads it. */
const CARD_ID = /^[A-Za-z0-9]{1,64}$/;

/** One of the six sources, or null for anything else (missing, repeated, unknown, not a string). */
export function parseSource(value: unknown): VisitSource | null {
  return typeof value === 'string' && (VISIT_SOURCES as readonly string[]).includes(value) ? (value as VisitSource) : null;
}

/** A card id of the right shape, or null. Whether the card exists is not looked up (hot path). */
export function parseCardId(value: unknown): string | null {
  return typeof value === 'string' && CARD_ID.test(value) ? value : null;
}

/**
 * The source of a scan of `/card/{id}`: the operator writes `?src=nfc` into the chip,
 * `?src=qr` into the printed code and the wallet pass `?src=wallet`; a card printed before
 * that (or any other value) is `card`.
 */
export function cardScanSource(query: unknown): VisitSource {
  const src = parseSource((query as Record<string, unknown> | undefined)?.src);
  return src === 'nfc' || src === 'qr' || src === 'wallet' ? src : 'card';
}

/** A view of `/p/{id}`: the source and card the card page carried along, else a shared link. */
export function profileVisit(query: unknown): { source: VisitSource; cardId: string } {
  const q = query as Record<string, unknown> | undefined;
  const source = parseSource(q?.src) ?? 'link';
  // A card only belongs to a visit a card brought; `?card=` on a plain shared link is ignored.
  const cardId = source === 'card' || source === 'nfc' || source === 'qr' || source === 'wallet' || source === 'tap' ? (parseCardId(q?.card) ?? '') : '';
  return { source, cardId };
}

/** The query that carries a card scan to the profile page: `?src=nfc&card=Ab3x`. */
export function profileVisitQuery(source: VisitSource, cardId: string): string {
  return `src=${source}&card=${encodeURIComponent(cardId)}`;
}
