import { apiRequest } from '../../lib/api-client.ts';
import { writeToken } from '../../lib/token-storage.ts';
import { verificationCallbackURL } from './pending-invitation.ts';

/** The signed-in owner as better-auth's get-session answers it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image: string | null;
  createdAt: string;
  updatedAt: string;
  /** Two-factor sign-in with an authenticator app is on (issue 13). */
  twoFactorEnabled?: boolean | null;
  /** The IANA time zone stored with the account (issue 23), null until the app has sent one. */
  timeZone?: string | null;
}

/** A password sign-in: signed in, or the second step (authenticator or backup code) is needed. */
export type SignInResult = { user: SessionUser } | { twoFactor: true };

/** What turning two-factor sign-in on answers: the app's otpauth:// URI and the ten backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/**
 * Calls that end the current session and open a new one (two-factor on and off) answer the new
 * bearer token in `set-auth-token`; it replaces the stored one at once.
 */
const keepRenewedToken = (headers: Headers) => {
  const renewed = headers.get('set-auth-token');
  if (renewed) writeToken(renewed);
};

interface TokenAnswer {
  token: string | null;
  user: SessionUser;
}

/**
 * Calls of the identity provider (better-auth under /api/auth). Errors arrive as D4 JSON whose
 * `code` is one of `AuthErrorCode`, so callers map them onto SPEC 8's messages.
 */
export const authClient = {
  /** Creates the account; the server sends the verification mail. Signs in when a token comes back. */
  async signUp(email: string, password: string): Promise<SessionUser> {
    // better-auth wants a display name; the part before @ is what a person would pick first.
    const name = email.split('@')[0] || email;
    const answer = await apiRequest<TokenAnswer>('/api/auth/sign-up/email', {
      // The confirmation link leads to the overview, or to a kept invitation (issue 35).
      body: { email, password, name, callbackURL: verificationCallbackURL() },
      auth: false,
    });
    writeToken(answer.token);
    return answer.user;
  },

  /**
   * E-mail and password sign-in; the token is kept for every owner call. With two-factor sign-in
   * on, the answer asks for the second step instead (its challenge travels in a cookie).
   */
  async signIn(email: string, password: string): Promise<SignInResult> {
    const answer = await apiRequest<TokenAnswer | { twoFactorRedirect: true }>('/api/auth/sign-in/email', { body: { email, password }, auth: false });
    if ('twoFactorRedirect' in answer) return { twoFactor: true };
    writeToken(answer.token);
    return { user: answer.user };
  },

  /** The second step of a sign-in: the authenticator app's code, or one of the backup codes. */
  async verifySecondFactor(code: string, kind: 'totp' | 'backup'): Promise<SessionUser> {
    const path = kind === 'totp' ? '/api/auth/two-factor/verify-totp' : '/api/auth/two-factor/verify-backup-code';
    const answer = await apiRequest<TokenAnswer>(path, { body: { code }, auth: false });
    writeToken(answer.token);
    return answer.user;
  },

  /** Starts turning two-factor sign-in on (needs the password); a first code confirms it. */
  enableTwoFactor(password: string): Promise<TwoFactorSetup> {
    return apiRequest<TwoFactorSetup>('/api/auth/two-factor/enable', { body: { password } });
  },

  /** Confirms the authenticator app with its first code; two-factor sign-in is on afterwards. */
  async confirmTwoFactor(code: string): Promise<void> {
    await apiRequest('/api/auth/two-factor/verify-totp', { body: { code }, onHeaders: keepRenewedToken });
  },

  /** Asks to change the sign-in address: the link goes to the new address, a notice to the current one. */
  changeEmail(newEmail: string): Promise<unknown> {
    return apiRequest('/api/auth/change-email', { body: { newEmail, callbackURL: '/security' } });
  },

  /** Turns two-factor sign-in off; needs the password. */
  async disableTwoFactor(password: string): Promise<void> {
    await apiRequest('/api/auth/two-factor/disable', { body: { password }, onHeaders: keepRenewedToken });
  },

  /**
   * Company sign-in (OIDC): better-auth answers the provider's address, where the browser goes;
   * the provider sends it back to /login?sso=done, or ?sso=failed.
   */
  /** `returnTo`: the app's screen to come back to after the provider (the login reads it back through returnPath). */
  async startCompanySignIn(providerId: string, returnTo?: string): Promise<void> {
    const callbackURL = returnTo && returnTo !== '/' ? `/login?sso=done&to=${encodeURIComponent(returnTo)}` : '/login?sso=done';
    const answer = await apiRequest<{ url: string }>('/api/auth/sign-in/social', {
      body: { provider: providerId, callbackURL, errorCallbackURL: '/login?sso=failed', disableRedirect: true },
      auth: false,
    });
    window.location.assign(answer.url);
  },

  /**
   * After company sign-in better-auth has set its session cookie; the app works with bearer
   * tokens, so it reads the session's token once (same origin, the cookie goes along).
   */
  async finishCompanySignIn(): Promise<SessionUser | null> {
    const answer = await apiRequest<{ session: { token: string }; user: SessionUser } | null>('/api/auth/get-session', { auth: false });
    if (!answer?.session?.token) return null;
    writeToken(answer.session.token);
    return answer.user;
  },

  /** The current user, or null without a valid token. */
  async getSession(): Promise<SessionUser | null> {
    const answer = await apiRequest<{ user: SessionUser } | null>('/api/auth/get-session');
    return answer?.user ?? null;
  },

  /** Ends the session on the server too; the local token goes whatever the answer. */
  async signOut(): Promise<void> {
    try {
      await apiRequest('/api/auth/sign-out', { body: {} });
    } finally {
      writeToken(null);
    }
  },

  /** Sends the verification mail again; its link lands on the overview, or on a kept invitation (issue 35). */
  sendVerificationEmail(email: string): Promise<unknown> {
    return apiRequest('/api/auth/send-verification-email', { body: { email, callbackURL: verificationCallbackURL() } });
  },

  /** Sends the reset mail, whose link opens /reset-password?token=... */
  requestPasswordReset(email: string): Promise<unknown> {
    return apiRequest('/api/auth/request-password-reset', { body: { email, redirectTo: '/reset-password' }, auth: false });
  },

  /** Sets a new password with the token from the reset mail. */
  resetPassword(newPassword: string, token: string): Promise<unknown> {
    return apiRequest('/api/auth/reset-password', { body: { newPassword, token }, auth: false });
  },

  /** Changes the signed-in owner's password; 403 `requires-recent-login` after a few minutes. */
  updatePassword(newPassword: string): Promise<unknown> {
    return apiRequest('/api/auth/update-password', { body: { newPassword } });
  },
};
