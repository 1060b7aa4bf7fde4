/**
 * The gate in front of better-auth (issue 20): which of its endpoints the outside world reaches
 * under /api/auth. Only the calls that the owner app and the documented API use pass; every
 * other endpoint better-auth has (or a new version adds) answers 404. test/api/identity-gate.test.ts
 * fails when better-auth has an endpoint that neither list below names, so an upgrade cannot
 * open a door unnoticed.
 */

/** What an endpoint checks, for the failure limits of credential-limits.ts. */
export type CredentialCheck =
  /** A password in the body (`password`), of the account named by `email` or by the session. */
  | 'password'
  /** A second-factor code (authenticator or backup code) of the session's or the sign-in's account. */
  | 'code'
  /** A mailed token (password reset): a failure is counted per client address. */
  | 'mailed-token'
  /** A passkey assertion: failures counted per client address. */
  | 'passkey';

export interface AuthEndpoint {
  method: 'GET' | 'POST';
  /** better-auth's path below /api/auth; `:name` matches one path segment. */
  path: string;
  /** Set when the endpoint checks a secret: its failures are counted per account and address. */
  checks?: CredentialCheck;
  /** Sends a mail to the account or to an address: counted per account as well as per address. */
  mails?: true;
  /**
   * Opens a session, so its answer may carry the session's token (body, `set-auth-token`, the
   * session cookie). Every other answer is stripped of session tokens (auth-answer.ts, issue 33).
   */
  opensSession?: true;
}

/** The endpoints that pass, with what each checks. POSTs take JSON bodies only (415 otherwise). */
export const ALLOWED_AUTH_ENDPOINTS: readonly AuthEndpoint[] = [
  // Sign-up, sign-in, sign-out and the session (SPEC 2, 4).
  { method: 'POST', path: '/sign-up/email', mails: true, opensSession: true },
  { method: 'POST', path: '/sign-in/email', checks: 'password', opensSession: true },
  { method: 'POST', path: '/sign-out' },
  { method: 'GET', path: '/get-session' },
  // Verification and password reset by mail (SPEC 4).
  { method: 'GET', path: '/verify-email' },
  { method: 'POST', path: '/send-verification-email', mails: true },
  { method: 'POST', path: '/request-password-reset', mails: true },
  { method: 'GET', path: '/reset-password/:token' },
  { method: 'POST', path: '/reset-password', checks: 'mailed-token' },
  // The change-password screen (auth.ts updatePasswordPlugin) and the change of address (issue 13.5).
  { method: 'POST', path: '/update-password' },
  { method: 'POST', path: '/change-email', mails: true },
  // The Security screen's sign-in methods.
  { method: 'GET', path: '/list-accounts' },
  // Company sign-in (issue 13.7): started by the app, back from the provider.
  { method: 'POST', path: '/sign-in/social' },
  { method: 'GET', path: '/callback/oidc', opensSession: true },
  // Two-factor sign-in (issue 13.4). Turning it on (the first code) or off ends the session and opens a new one.
  { method: 'POST', path: '/two-factor/enable', checks: 'password' },
  { method: 'POST', path: '/two-factor/disable', checks: 'password', opensSession: true },
  { method: 'POST', path: '/two-factor/verify-totp', checks: 'code', opensSession: true },
  { method: 'POST', path: '/two-factor/verify-backup-code', checks: 'code', opensSession: true },
  // Passkeys (issue 13.6).
  { method: 'GET', path: '/passkey/generate-register-options' },
  { method: 'POST', path: '/passkey/verify-registration' },
  { method: 'GET', path: '/passkey/generate-authenticate-options' },
  { method: 'POST', path: '/passkey/verify-authentication', checks: 'passkey', opensSession: true },
  { method: 'GET', path: '/passkey/list-user-passkeys' },
  { method: 'POST', path: '/passkey/update-passkey' },
  { method: 'POST', path: '/passkey/delete-passkey' },
];

/**
 * better-auth endpoints that stay closed, each with the reason. A path here answers 404 like an
 * unknown one; the list exists so that the test can tell a new endpoint from a refused one.
 */
export const REFUSED_AUTH_ENDPOINTS: Readonly<Record<string, string>> = {
  '/list-sessions': 'answers the token of every session of the account; the Security screen uses GET /account/sessions',
  '/revoke-session': 'takes a session token; POST /account/sessions/revoke takes the session id instead',
  '/revoke-sessions': 'POST /account/sessions/revoke-others and sign-out cover it',
  '/revoke-other-sessions': 'POST /account/sessions/revoke-others calls it on the server',
  '/update-user': 'the name and image of better-auth are not the product’s profile; unvalidated input',
  '/update-session': 'no session fields are changed from outside',
  '/delete-user': 'POST /account/delete deletes the account with its profiles, cards and uploads',
  '/delete-user/callback': 'account deletion is POST /account/delete',
  '/change-password': 'POST /api/auth/update-password is the change-password call',
  '/set-password': 'a server-only call of better-auth',
  '/verify-password': 'a password oracle the app has no use for',
  '/link-social': 'linking a provider to a signed-in account is not offered',
  '/unlink-account': 'not offered',
  '/refresh-token': 'provider tokens stay on the server',
  '/get-access-token': 'provider tokens stay on the server',
  '/account-info': 'provider data stays on the server',
  '/callback/:id': 'only /callback/oidc, company sign-in, is a provider here',
  '/two-factor/get-totp-uri': 'the secret is shown once, when two-factor sign-in is turned on',
  '/two-factor/generate-backup-codes': 'not offered in the app',
  '/two-factor/view-backup-codes': 'a server-only call of better-auth',
  '/two-factor/generate-totp': 'a server-only call of better-auth',
  '/two-factor/send-otp': 'codes by mail are not offered',
  '/two-factor/verify-otp': 'codes by mail are not offered',
  '/ok': 'health is /healthz and /readyz',
  '/error': 'errors are answered in D4’s shape; company sign-in returns to /login?sso=failed',
};

const patternOf = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}$`);
const allowed = ALLOWED_AUTH_ENDPOINTS.map((endpoint) => ({ endpoint, pattern: patternOf(endpoint.path) }));

/** The allowed endpoint of a request to /api/auth{path}, or undefined: the gate answers 404. */
export function allowedAuthEndpoint(method: string, path: string): AuthEndpoint | undefined {
  const verb = method === 'HEAD' ? 'GET' : method;
  return allowed.find(({ endpoint, pattern }) => endpoint.method === verb && pattern.test(path))?.endpoint;
}
