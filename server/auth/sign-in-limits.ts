import { createHash } from 'node:crypto';
import { AuthErrorCode } from '../../shared/error-codes.ts';
import type { RateLimiter, RateRule } from '../services/rate-limiter.ts';

const MINUTE_MS = 60_000;

/**
 * Password sign-in limits (docs/security.md "brute force"), in fixed windows that end, counting
 * failed attempts (an attempt counts while it runs, so parallel guesses cannot slip past; a
 * correct password takes it back out):
 * - per account, from every address together, so one account cannot be guessed from many
 *   addresses;
 * - per client address, over all accounts, so one address cannot try many accounts; failures
 *   only, so an office behind one NAT address is not locked out by its colleagues' sign-ins.
 */
export const SIGN_IN_RULES = {
  perAccount: { name: 'sign-in-account', max: 10, windowMs: 15 * MINUTE_MS },
  perAddress: { name: 'sign-in-address', max: 30, windowMs: 10 * MINUTE_MS },
} as const satisfies Record<string, RateRule>;

/** Counter keys hold a hash, not the e-mail address itself. */
const accountKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

export function createSignInLimits(rateLimiter: RateLimiter) {
  return {
    /**
     * Counts an attempt before the password is checked; throws SPEC 8's 429 when over a limit.
     * Call `succeeded` on the answer when the password was right.
     */
    async attempt(email: string, address: string): Promise<{ succeeded(): Promise<void> }> {
      const counted = await rateLimiter.consume(
        [
          [SIGN_IN_RULES.perAccount, accountKey(email)],
          [SIGN_IN_RULES.perAddress, address],
        ],
        'Too many sign-in attempts. Please wait a few minutes and try again.',
        AuthErrorCode.tooManyRequests,
      );
      return {
        async succeeded() {
          await Promise.all(counted.map((c) => c.release()));
        },
      };
    },
  };
}
export type SignInLimits = ReturnType<typeof createSignInLimits>;
