import type { Auth } from './auth.ts';
import { withAuthContext } from './auth-context.ts';
import { VERIFIED_CALLBACK_URL } from '../../shared/verification-link.ts';

/**
 * Sends an account's verification mail again from the server, through the very path of the
 * owner app's "resend" button (`POST /api/auth/send-verification-email`): better-auth's
 * endpoint signs the link and hands it to `emailVerification.sendVerificationEmail` in auth.ts,
 * which writes the mail in the account's stored language. Called without a session, better-auth
 * mails only an existing, unconfirmed address (and takes at least 500 ms either way, so a caller
 * learns nothing from the time); the link leads back to the app's start, as the app's own does.
 * Issue 28: the operator's console resends it for a card's owner.
 */
export function createVerificationMailSender(auth: Auth): (email: string) => Promise<void> {
  return async (email) => {
    await withAuthContext(() => auth.api.sendVerificationEmail({ body: { email, callbackURL: VERIFIED_CALLBACK_URL } }));
  };
}
