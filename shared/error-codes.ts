/** Machine-readable error codes of D4 / SPEC 8, shared by the server and the owner app. */
export const ErrorCode = {
  invalidInput: 'cmc/invalid-input',
  unauthorized: 'cmc/unauthorized',
  profileNotFound: 'cmc/profile-not-found',
  linkNotFound: 'cmc/link-not-found',
  cardNotFound: 'cmc/card-not-found',
  cardNotRegistered: 'cmc/card-not-registered',
  cardAlreadyRegistered: 'cmc/card-already-registered',
  /** Issue 28: an operator blocked the card (lost or stolen); it cannot be registered. */
  cardBlocked: 'cmc/card-blocked',
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
  webhookNotFound: 'cmc/webhook-not-found',
  /** Issue 37: no connection to that CRM (of yours, or of the organisation). */
  crmConnectionNotFound: 'cmc/crm-connection-not-found',
  deliveryNotFound: 'cmc/delivery-not-found',
  webhookLimitReached: 'cmc/webhook-limit-reached',
  apiTokenNotFound: 'cmc/api-token-not-found',
  apiTokenLimitReached: 'cmc/api-token-limit-reached',
  /** An API token without the scope the call needs (issue 25). */
  insufficientScope: 'cmc/insufficient-scope',
  /** Issue 28: an operator without two-factor sign-in or a passkey; the console stays shut. */
  secondFactorRequired: 'cmc/second-factor-required',
  /** Issue 28: a batch's print bundle is not built yet (the answer carries its progress). */
  bundleNotReady: 'cmc/bundle-not-ready',
  accountNotFound: 'cmc/account-not-found',
  /** Issue 28: a console action that needs the card's owner, on a card nobody owns. */
  cardWithoutOwner: 'cmc/card-without-owner',
  /** Issue 28: a verification mail asked for an address that is confirmed already. */
  emailAlreadyVerified: 'cmc/email-already-verified',
  /** Issue 26: a colour below WCAG AA contrast where it is shown (names the field, carries a `suggestion`). */
  lowContrast: 'cmc/low-contrast',
  requiresRecentLogin: 'requires-recent-login',
  internal: 'cmc/internal-error',
  unavailable: 'cmc/unavailable',
} as const;
/**
 * Issue 24's codes (teams), apart from ErrorCode so the sign-in screen's first load, which
 * imports ErrorCode, does not carry them.
 */
export const TeamErrorCode = {
  /** Issue 24: no organisation, or one the caller is not a member of. */
  organisationNotFound: 'cmc/organisation-not-found',
  /** A member (not admin) called an admin call of their own organisation. */
  forbidden: 'cmc/forbidden',
  memberNotFound: 'cmc/member-not-found',
  invitationNotFound: 'cmc/invitation-not-found',
  templateNotFound: 'cmc/template-not-found',
  /** The account already belongs to an organisation (one per account). */
  alreadyInOrganisation: 'cmc/already-in-organisation',
  /** The change would leave the organisation without an owner. */
  lastOwner: 'cmc/last-owner',
  /** A field the organisation's template locks (names it in `field`). */
  fieldLocked: 'cmc/field-locked',
  /** A card named for bulk registration is unknown, registered, blocked or another organisation's (all or nothing). */
  cardNotAvailable: 'cmc/card-not-available',
  /** The member has no company profile (made from one of the organisation's templates) for a card or leads to show on. */
  noCompanyProfile: 'cmc/no-company-profile',
  /** Issue 27: another organisation claimed this e-mail domain. */
  domainTaken: 'cmc/domain-taken',
  /** The domain's DNS TXT record was not found (POST /organisation/domain/verify). */
  domainNotVerified: 'cmc/domain-not-verified',
  /** The organisation already claims the most domains it may (20). */
  domainLimit: 'cmc/domain-limit',
  domainNotFound: 'cmc/domain-not-found',
  /**
   * Issue 33: an organisation's card shows only its holder's company profiles of that
   * organisation, and only its admins unassign it (`POST /card/profile/change`, `/card/delete`).
   */
  organisationCard: 'cmc/organisation-card',
  /** Issue 39: another organisation has proved this page host. */
  pageDomainTaken: 'cmc/page-domain-taken',
  /** Issue 39: the organisation has named no page host. */
  pageDomainNotFound: 'cmc/page-domain-not-found',
} as const;
export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode] | (typeof TeamErrorCode)[keyof typeof TeamErrorCode];

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
  /** Issue 26: a colour below WCAG AA contrast where it is shown (names the field, carries a `suggestion`). */
  lowContrast: 'cmc/low-contrast',
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
