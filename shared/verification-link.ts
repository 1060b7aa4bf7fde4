/**
 * Where the confirmation link of a sign-up mail leads once it has confirmed the address (issue
 * 23): the app's start with `verified=1`, so a person who opened it signed out (another device,
 * another browser) reads on the login page that the address is confirmed. A bad or expired link
 * comes back with better-auth's `error=` added instead. The owner app's sign-up and resend and
 * the server's own resend (the operator console) all ask for it.
 */
export const VERIFIED_CALLBACK_URL = '/?verified=1';

/** The app's mark of an "I've confirmed it" check (issue 23): a sign-out it finds is explained on the login page. */
export const VERIFY_CHECK_PARAM = 'checked';
