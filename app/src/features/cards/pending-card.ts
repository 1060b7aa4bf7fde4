/** SPEC 3: local storage key under which the public card page leaves the card to register. */
export const PENDING_CARD_KEY = 'registerCard';

/** The card id the public card page stored, or null (also for a malformed entry). */
export function readPendingCard(): string | null {
  try {
    const raw = localStorage.getItem(PENDING_CARD_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { cardId?: unknown };
    return typeof value?.cardId === 'string' && value.cardId ? value.cardId : null;
  } catch {
    return null;
  }
}

/** Forgets the stored card (SPEC 4: removed before it is registered, so a failure cannot loop). */
export function clearPendingCard(): void {
  try {
    localStorage.removeItem(PENDING_CARD_KEY);
  } catch {
    // Storage blocked: nothing was stored either.
  }
}
