import { apiRequest } from '../api/api-client.ts';
import { writeToken } from '../api/token-storage.ts';

/** The signed-in owner as better-auth's get-session answers it. */
export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
  image: string | null;
  createdAt: string;
  updatedAt: string;
}

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
      body: { email, password, name, callbackURL: '/' },
      auth: false,
    });
    writeToken(answer.token);
    return answer.user;
  },

  /** E-mail and password sign-in; the token is kept for every owner call. */
  async signIn(email: string, password: string): Promise<SessionUser> {
    const answer = await apiRequest<TokenAnswer>('/api/auth/sign-in/email', { body: { email, password }, auth: false });
    writeToken(answer.token);
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

  /** Sends the verification mail again; its link lands on the overview. */
  sendVerificationEmail(email: string): Promise<unknown> {
    return apiRequest('/api/auth/send-verification-email', { body: { email, callbackURL: '/' } });
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
