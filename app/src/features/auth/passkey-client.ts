import { ApiRequestError, apiRequest } from '../../lib/api-client.ts';
import { writeToken } from '../../lib/token-storage.ts';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { SessionUser } from './auth-client.ts';
import { PasskeyError } from './passkey-error.ts';

/** One passkey of the account as better-auth's passkey plugin lists it. */
export interface Passkey {
  id: string;
  name: string | null;
  createdAt: string;
  deviceType: string;
}

export { PasskeyError, type PasskeyFailure } from './passkey-error.ts';

/** The browser's WebAuthn calls (@simplewebauthn/browser), loaded only when a ceremony starts. */
const webAuthn = () => import('@simplewebauthn/browser');

/** Maps a failure of the browser or the server onto {@link PasskeyFailure}; anything else stays as it is. */
function asPasskeyError(error: unknown): unknown {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case 'passkey-challenge-expired':
        return new PasskeyError('expired');
      case 'passkey-not-found':
        return new PasskeyError('unknown');
      case 'passkey-failed':
        return new PasskeyError('failed');
      case 'requires-recent-login':
        return new PasskeyError('recent_login');
      case 'too-many-requests':
        return new PasskeyError('too_many');
    }
    return error;
  }
  // @simplewebauthn/browser passes on the browser's DOMException names (or wraps them with the same name).
  const name = (error as { name?: string } | null)?.name;
  const code = (error as { code?: string } | null)?.code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') return new PasskeyError('already_added');
  if (name === 'NotAllowedError' || name === 'AbortError') return new PasskeyError('cancelled');
  if (name === 'NotSupportedError' || name === 'SecurityError') return new PasskeyError('unsupported');
  return error;
}

async function ceremony<T>(work: () => Promise<T>): Promise<T> {
  if (typeof window === 'undefined' || !window.PublicKeyCredential) throw new PasskeyError('unsupported');
  try {
    return await work();
  } catch (error) {
    throw asPasskeyError(error);
  }
}

/**
 * Issue 13.6: passkeys through better-auth's passkey plugin. Each ceremony asks the server for
 * options (its challenge travels in a signed cookie of this origin), lets the browser talk to
 * the authenticator, and hands the answer back.
 */
export const passkeyClient = {
  list(): Promise<Passkey[]> {
    return apiRequest<Passkey[]>('/api/auth/passkey/list-user-passkeys');
  },

  /** Creates a passkey on this device (or a phone or key the browser offers) for the signed-in owner. */
  add(name: string): Promise<Passkey> {
    return ceremony(async () => {
      const optionsJSON = await apiRequest<PublicKeyCredentialCreationOptionsJSON>('/api/auth/passkey/generate-register-options');
      const { startRegistration } = await webAuthn();
      const response = await startRegistration({ optionsJSON });
      return apiRequest<Passkey>('/api/auth/passkey/verify-registration', { body: { response, name: name.trim() || undefined } });
    });
  },

  async rename(id: string, name: string): Promise<void> {
    await apiRequest('/api/auth/passkey/update-passkey', { body: { id, name } });
  },

  async remove(id: string): Promise<void> {
    await apiRequest('/api/auth/passkey/delete-passkey', { body: { id } });
  },

  /** Signs in with a passkey the browser offers; the session's token is kept like after a password sign-in. */
  signIn(): Promise<SessionUser> {
    return ceremony(async () => {
      const optionsJSON = await apiRequest<PublicKeyCredentialRequestOptionsJSON>('/api/auth/passkey/generate-authenticate-options', { auth: false });
      const { startAuthentication } = await webAuthn();
      const response = await startAuthentication({ optionsJSON });
      const answer = await apiRequest<{ session: { token: string }; user: SessionUser }>('/api/auth/passkey/verify-authentication', {
        body: { response },
        auth: false,
      });
      writeToken(answer.session.token);
      return answer.user;
    });
  },
};
