import { AuthErrorCode } from '../../../../shared/error-codes.ts';

/** The SPEC 8 message keys of the login screen (namespace `login`). */
export type LoginErrorKey =
  | 'given_email_not_valid'
  | 'username_password_not_valid'
  | 'email_not_verified_info'
  | 'too_many_requests_info'
  | 'login_failed'
  | 'two_factor.code_not_valid'
  | 'two_factor.expired'
  | 'company.failed'
  | `passkey.errors.${'cancelled' | 'expired' | 'unknown' | 'unsupported' | 'failed' | 'too_many'}`;

/** SPEC 8, login: invalid e-mail, unknown user or wrong password, else 'login failed'. */
export function loginErrorKey(code: string | undefined): LoginErrorKey {
  switch (code) {
    case AuthErrorCode.invalidEmail:
      return 'given_email_not_valid';
    case AuthErrorCode.userNotFound:
    case AuthErrorCode.wrongPassword:
    case AuthErrorCode.invalidLoginCredentials:
      return 'username_password_not_valid';
    case AuthErrorCode.emailNotVerified:
      return 'email_not_verified_info';
    case AuthErrorCode.tooManyRequests:
      return 'too_many_requests_info';
    case AuthErrorCode.invalidCode:
      return 'two_factor.code_not_valid';
    case AuthErrorCode.twoFactorExpired:
      return 'two_factor.expired';
    default:
      return 'login_failed';
  }
}

/** The SPEC 8 message keys of the sign-up screen (namespace `register_page`). */
export type RegisterErrorKey =
  'email_not_valid_info' | 'check_input_info' | 'password_not_valid_info' | 'email_already_in_use_info' | 'too_many_requests_info' | 'register_failed_info';

/** SPEC 8, register. `email_already_in_use_info` also sends the owner to login (the caller does that). */
export function registerErrorKey(code: string | undefined): RegisterErrorKey {
  switch (code) {
    case AuthErrorCode.invalidEmail:
      return 'email_not_valid_info';
    case AuthErrorCode.internalError:
    case 'cmc/invalid-input':
      return 'check_input_info';
    case AuthErrorCode.weakPassword:
      return 'password_not_valid_info';
    case AuthErrorCode.emailAlreadyInUse:
      return 'email_already_in_use_info';
    case AuthErrorCode.tooManyRequests:
      return 'too_many_requests_info';
    default:
      return 'register_failed_info';
  }
}

/** The SPEC 8 message keys of the reset screens (namespace `reset_password`). */
export type ResetErrorKey =
  'email_not_valid' | 'username_password_not_correct' | 'password_not_valid_info' | 'reset_link_invalid_info' | 'too_many_requests_info' | 'reset_failed_info';

/** SPEC 8, reset password; the new-password step adds the weak password and the stale link. */
export function resetErrorKey(code: string | undefined): ResetErrorKey {
  switch (code) {
    case AuthErrorCode.invalidEmail:
      return 'email_not_valid';
    case AuthErrorCode.userNotFound:
    case AuthErrorCode.wrongPassword:
      return 'username_password_not_correct';
    case AuthErrorCode.weakPassword:
      return 'password_not_valid_info';
    case 'invalid-token':
    case 'cmc/invalid-input':
      return 'reset_link_invalid_info';
    case AuthErrorCode.tooManyRequests:
      return 'too_many_requests_info';
    default:
      return 'reset_failed_info';
  }
}

/** The SPEC 8 message keys of the change-password screen (namespace `update_password`). */
export type UpdatePasswordErrorKey = 'login_first_for_change_info' | 'password_too_weak_info' | 'update_failed_info';

/** SPEC 8, update password: a stale sign-in needs a fresh login; a weak password says so. */
export function updatePasswordErrorKey(code: string | undefined): UpdatePasswordErrorKey {
  switch (code) {
    case AuthErrorCode.requiresRecentLogin:
      return 'login_first_for_change_info';
    case AuthErrorCode.weakPassword:
      return 'password_too_weak_info';
    default:
      return 'update_failed_info';
  }
}
