/** Why a passkey ceremony failed, as the screens name it. */
export type PasskeyFailure = 'cancelled' | 'expired' | 'unknown' | 'already_added' | 'recent_login' | 'unsupported' | 'failed' | 'too_many';

/**
 * A failed passkey ceremony: `reason` picks the message. Its own module so the login screen can
 * tell it apart without loading the passkey client itself (issue 22's first load).
 */
export class PasskeyError extends Error {
  constructor(readonly reason: PasskeyFailure) {
    super(`passkey: ${reason}`);
  }
}
