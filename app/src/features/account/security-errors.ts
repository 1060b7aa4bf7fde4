import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../lib/api-client.ts';
import { errorMessage } from '../../lib/error-text.ts';

/** The Security screen's text for a failed call: its own wording for the expected failures, the server's message otherwise. */
export function securityErrorText(error: unknown, t: TFunction<'security'>, tm: TFunction<'molecules'>): string {
  if (error instanceof ApiRequestError) {
    switch (error.code) {
      case 'wrong-password':
      case 'invalid-password':
        return t('errors.wrong_password');
      case 'requires-recent-login':
        return t('errors.recent_login');
      case 'invalid-email':
        return t('errors.invalid_email');
      case 'invalid-code':
        return t('errors.code_not_valid');
      case 'too-many-requests':
        return t('errors.too_many');
      case 'cmc/rate-limited':
        return t('errors.export_limit');
      case 'cmc/not-found':
        return t('errors.session_gone');
    }
  }
  return errorMessage(error, tm);
}
