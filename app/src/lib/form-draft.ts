/**
 * What a form has typed, kept in this tab's session storage while the owner signs in again
 * (issue 20's five-minute "sudo mode": the login, maybe a company sign-in through another site,
 * then back). The screen reads it when it mounts again and drops it (issue 35). Only for what
 * the owner typed into a form: never a secret, never a token.
 */
const PREFIX = 'cmc.draft.';

/** Keeps `value` (JSON) under `key` until the form reads it back. */
export function keepDraft(key: string, value: unknown): void {
  try {
    sessionStorage.setItem(PREFIX + key, JSON.stringify(value));
  } catch {
    // Storage blocked or full: the form starts empty after the sign-in, as before.
  }
}

/** The kept draft, or null. Parsed data from storage: the caller checks its shape. */
export function readDraft(key: string): unknown {
  try {
    const raw = sessionStorage.getItem(PREFIX + key);
    return raw === null ? null : (JSON.parse(raw) as unknown);
  } catch {
    return null;
  }
}

/** Forgets the draft once the form has it again. */
export function dropDraft(key: string): void {
  try {
    sessionStorage.removeItem(PREFIX + key);
  } catch {
    // Nothing kept.
  }
}
