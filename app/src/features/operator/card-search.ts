import { parseCardLink } from '../../../../shared/card-link.ts';

/** What the inventory's search box holds, read: the id (or its start) to ask for, or a link that is no card of this service. */
export type CardSearch = { q: string } | { notCard: true };

/**
 * Issue 35: the operator pastes what a support mail or a photo of a card gives them. A pasted card
 * link in any form D3 accepts (`{PUBLIC_URL}/card/{id}`, `/public-profile/{id}`, `/?id={id}`, with
 * `?src=` or not) searches for its id; any other address is no card of this service. Typed text
 * keeps its letters and digits, as before (an id or its start).
 */
export function readCardSearch(text: string, publicUrl: string | undefined): CardSearch {
  const trimmed = text.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(trimmed) || trimmed.includes('/')) {
    const id = publicUrl ? (parseCardLink(trimmed, publicUrl) ?? parseCardLink(`https://${trimmed}`, publicUrl)) : null;
    return id ? { q: id } : { notCard: true };
  }
  return { q: trimmed.replace(/[^A-Za-z0-9]/g, '') };
}
