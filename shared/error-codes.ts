/** Machine-readable error codes of D4 / SPEC 8, shared by the server and the owner app. */
export const ErrorCode = {
  invalidInput: 'cmc/invalid-input',
  unauthorized: 'cmc/unauthorized',
  profileNotFound: 'cmc/profile-not-found',
  linkNotFound: 'cmc/link-not-found',
  cardNotFound: 'cmc/card-not-found',
  cardNotRegistered: 'cmc/card-not-registered',
  cardAlreadyRegistered: 'cmc/card-already-registered',
  cardWithoutProfile: 'cmc/card-without-profile',
  profileInUse: 'cmc/profile-in-use',
  profileLimitReached: 'cmc/profile-limit-reached',
  shortLinkTaken: 'cmc/short-link-taken',
  shortLinkUnchanged: 'cmc/short-link-unchanged',
  fileTooLarge: 'cmc/file-too-large',
  unsupportedImage: 'cmc/unsupported-image',
  rateLimited: 'cmc/rate-limited',
  notConfigured: 'cmc/not-configured',
  notFound: 'cmc/not-found',
  leadNotFound: 'cmc/lead-not-found',
  requiresRecentLogin: 'requires-recent-login',
  internal: 'cmc/internal-error',
  unavailable: 'cmc/unavailable',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * Identity error codes (SPEC 8) that /api/auth answers carry in `code`. The server maps
 * better-auth's own codes onto these; the owner app maps these onto its messages.
 */
export const AuthErrorCode = {
  invalidEmail: 'invalid-email',
  userNotFound: 'user-not-found',
  wrongPassword: 'wrong-password',
  invalidLoginCredentials: 'invalid-login-credentials',
  weakPassword: 'weak-password',
  emailAlreadyInUse: 'email-already-in-use',
  requiresRecentLogin: 'requires-recent-login',
  emailNotVerified: 'email-not-verified',
  tooManyRequests: 'too-many-requests',
  /** A wrong authenticator or backup code (two-factor sign-in). */
  invalidCode: 'invalid-code',
  /** The two-factor step of a sign-in has expired (10 minutes) or was used: sign in again. */
  twoFactorExpired: 'two-factor-expired',
  /** A passkey ceremony's challenge (5 minutes) has expired or was used: start again. */
  passkeyChallengeExpired: 'passkey-challenge-expired',
  /** The passkey is not known here (removed, another site's, another account's). */
  passkeyNotFound: 'passkey-not-found',
  /** The authenticator's answer did not verify. */
  passkeyFailed: 'passkey-failed',
  internalError: 'internal-error',
} as const;
export type AuthErrorCodeValue = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];
