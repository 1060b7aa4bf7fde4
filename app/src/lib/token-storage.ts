/**
 * Where the owner's bearer token lives between visits. The public card page (server-rendered,
 * shared/public-page) reads the same key to decide between /register and /register-card.
 */
export const TOKEN_STORAGE_KEY = 'cmc.authToken';

/** The stored bearer token, or null when signed out or storage is blocked. */
export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Stores the token after a sign-in, or removes it when `token` is null. */
export function writeToken(token: string | null): void {
  try {
    if (token) localStorage.setItem(TOKEN_STORAGE_KEY, token);
    else localStorage.removeItem(TOKEN_STORAGE_KEY);
  } catch {
    // Private mode with storage disabled: the session then lasts as long as the page.
  }
}
