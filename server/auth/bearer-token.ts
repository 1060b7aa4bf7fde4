/** Longer than any session token better-auth makes (32 characters): a longer one is not looked up. */
const MAX_TOKEN_LENGTH = 200;

/**
 * The session token of an `Authorization: Bearer <token>` header, or null when the header is
 * missing, names another scheme, carries no token, cannot be percent-decoded or is too long.
 * The one parser of the header (issue 21): the owner guard, the account calls and the identity
 * guards read the token the same way.
 * - the scheme is case-insensitive (RFC 9110 11.1), and spaces or tabs around the token are ignored;
 * - better-auth hands the token out plain (sign-in body) or signed and URL-encoded as
 *   `token.signature` (set-auth-token header); the part before the dot is the session token either way.
 */
export function bearerToken(header: string | null | undefined): string | null {
  const match = /^\s*bearer[ \t]+(.*)$/is.exec(header ?? '');
  if (!match) return null;
  let token = match[1].trim();
  if (token.includes('%')) {
    try {
      token = decodeURIComponent(token);
    } catch {
      return null;
    }
  }
  token = token.split('.')[0];
  return token && token.length <= MAX_TOKEN_LENGTH ? token : null;
}
