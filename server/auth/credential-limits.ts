import { createHash } from 'node:crypto';
import { AuthErrorCode } from '../../shared/error-codes.ts';
import type { RateLimiter, RateRule } from '../lib/rate-limiter.ts';
import type { AuthEndpoint } from './auth-endpoints.ts';

const MINUTE_MS = 60_000;

/**
 * Limits of the identity calls (docs/security.md "brute force"), in fixed windows that end, in
 * the shared store (Redis when configured, else the database), whatever the body's type:
 * - failed checks of a password per account, from every address together, so one account
 *   cannot be guessed from many addresses, and of second-factor codes likewise;
 * - failed checks of any secret (password, code, mailed token, passkey) per client address,
 *   over all accounts, so one address cannot try many; failures only, so an office behind one
 *   NAT address is not locked out by its colleagues' sign-ins;
 * - every call that sends a mail, per account (the address it mails), so twenty addresses
 *   cannot send twenty mails about one account.
 * A check counts while it runs, so parallel guesses cannot slip past; one that succeeds is
 * taken back out.
 */
export const CREDENTIAL_RULES = {
  perAccount: { name: 'sign-in-account', max: 10, windowMs: 15 * MINUTE_MS },
  perAddress: { name: 'sign-in-address', max: 30, windowMs: 10 * MINUTE_MS },
  codePerAccount: { name: 'second-factor-account', max: 10, windowMs: 15 * MINUTE_MS },
  mailPerAccount: { name: 'auth-mail-account', max: 10, windowMs: 60 * MINUTE_MS },
} as const satisfies Record<string, RateRule>;

/** Counter keys hold a hash, not the e-mail address itself. */
export const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

/** What a request to a checked endpoint is about: the account's e-mail address where it is known. */
export interface CredentialAttempt {
  endpoint: AuthEndpoint;
  /** The e-mail address of the account the secret or the mail is for, when the request names one. */
  accountEmail: string | undefined;
  address: string;
}

export function createCredentialLimits(rateLimiter: RateLimiter) {
  return {
    /**
     * Counts the request before better-auth sees it; throws SPEC 8's 429 when over a limit. Call
     * `uncount` when the answer shows that no wrong secret was given (a success, or a refusal
     * before any check, such as an expired challenge): only failures stay counted.
     */
    async attempt({ endpoint, accountEmail, address }: CredentialAttempt): Promise<{ uncount(): Promise<void> }> {
      const checks: Array<readonly [RateRule, string]> = [];
      const account = accountEmail ? accountKey(accountEmail) : undefined;
      if (endpoint.checks) {
        checks.push([CREDENTIAL_RULES.perAddress, address]);
        if (account && endpoint.checks === 'password') checks.push([CREDENTIAL_RULES.perAccount, account]);
        if (account && endpoint.checks === 'code') checks.push([CREDENTIAL_RULES.codePerAccount, account]);
      }
      if (!checks.length && !(endpoint.mails && account)) return { uncount: async () => {} };
      const failures = checks.length
        ? await rateLimiter.consume(checks, 'Too many attempts. Please wait a few minutes and try again.', AuthErrorCode.tooManyRequests)
        : [];
      // Mails are counted whether the call succeeds or not: each success sends one.
      if (endpoint.mails && account) {
        await rateLimiter.consume(
          [[CREDENTIAL_RULES.mailPerAccount, account]],
          'Too many e-mails for this account. Please wait an hour and try again.',
          AuthErrorCode.tooManyRequests,
        );
      }
      return {
        async uncount() {
          await Promise.all(failures.map((c) => c.release()));
        },
      };
    },
  };
}
/** better-auth's codes of a refusal made before any secret was checked (malformed input, an expired challenge): not a guess. */
const NOT_CHECKED = new Set([
  'VALIDATION_ERROR',
  'INVALID_EMAIL',
  'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
  'ACCOUNT_TEMPORARILY_LOCKED',
  'INVALID_TWO_FACTOR_COOKIE',
  'CHALLENGE_NOT_FOUND',
]);

/** Whether better-auth's answer (status, its error code) was a wrong secret, which stays counted. */
export const wasWrongSecret = (status: number, code: string | undefined) => status >= 400 && status !== 429 && !NOT_CHECKED.has(code ?? '');

export type CredentialLimits = ReturnType<typeof createCredentialLimits>;
