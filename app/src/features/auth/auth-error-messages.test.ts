import { describe, expect, it } from 'vitest';
import { AuthErrorCode } from '../../../../shared/error-codes.ts';
import { loginErrorKey, registerErrorKey, resetErrorKey, updatePasswordErrorKey } from './auth-error-messages.ts';

describe('SPEC 8 identity messages', () => {
  it('login: invalid e-mail, the three "not valid" codes, and everything else', () => {
    expect(loginErrorKey(AuthErrorCode.invalidEmail)).toBe('given_email_not_valid');
    for (const code of [AuthErrorCode.userNotFound, AuthErrorCode.wrongPassword, AuthErrorCode.invalidLoginCredentials]) {
      expect(loginErrorKey(code)).toBe('username_password_not_valid');
    }
    expect(loginErrorKey('cmc/internal-error')).toBe('login_failed');
    expect(loginErrorKey(undefined)).toBe('login_failed');
    expect(loginErrorKey(AuthErrorCode.emailNotVerified)).toBe('email_not_verified_info');
  });

  it('login, second step: a wrong code and an expired challenge have their own messages', () => {
    expect(loginErrorKey(AuthErrorCode.invalidCode)).toBe('two_factor.code_not_valid');
    expect(loginErrorKey(AuthErrorCode.twoFactorExpired)).toBe('two_factor.expired');
    expect(loginErrorKey(AuthErrorCode.tooManyRequests)).toBe('too_many_requests_info');
  });

  it('register: each provider code has its own message', () => {
    expect(registerErrorKey(AuthErrorCode.invalidEmail)).toBe('email_not_valid_info');
    expect(registerErrorKey(AuthErrorCode.internalError)).toBe('check_input_info');
    expect(registerErrorKey(AuthErrorCode.weakPassword)).toBe('password_not_valid_info');
    expect(registerErrorKey(AuthErrorCode.emailAlreadyInUse)).toBe('email_already_in_use_info');
    expect(registerErrorKey('network')).toBe('register_failed_info');
  });

  it('reset password: invalid e-mail, and unknown user or wrong password', () => {
    expect(resetErrorKey(AuthErrorCode.invalidEmail)).toBe('email_not_valid');
    expect(resetErrorKey(AuthErrorCode.userNotFound)).toBe('username_password_not_correct');
    expect(resetErrorKey(AuthErrorCode.wrongPassword)).toBe('username_password_not_correct');
    expect(resetErrorKey(AuthErrorCode.weakPassword)).toBe('password_not_valid_info');
    expect(resetErrorKey('something-else')).toBe('reset_failed_info');
  });

  it('update password: stale sign-in and weak password', () => {
    expect(updatePasswordErrorKey(AuthErrorCode.requiresRecentLogin)).toBe('login_first_for_change_info');
    expect(updatePasswordErrorKey(AuthErrorCode.weakPassword)).toBe('password_too_weak_info');
    expect(updatePasswordErrorKey('cmc/internal-error')).toBe('update_failed_info');
  });
});
