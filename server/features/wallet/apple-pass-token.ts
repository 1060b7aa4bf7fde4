import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The `authenticationToken` of an Apple pass (issue 26): what a device sends back as
 * `Authorization: ApplePass {token}` to register for updates and fetch the latest pass. Derived,
 * not stored: an HMAC of the serial number (the card id) and the owner who downloaded it, under
 * a key derived from the installation's auth secret for this one purpose. A card reset or moved
 * to another account therefore has a new token, and the old owner's devices get nothing of it.
 */
export function createApplePassTokens(authSecret: string) {
  const key = createHmac('sha256', authSecret).update('apple-pass-token v1').digest();
  const tokenOf = (serialNumber: string, userId: string) => createHmac('sha256', key).update(`${serialNumber}\n${userId}`).digest('base64url');
  return {
    tokenOf,
    /** Whether `header` is `ApplePass {the token of this pass and owner}`, compared in constant time. */
    accepts(header: string | undefined, serialNumber: string, userId: string): boolean {
      const match = /^ApplePass ([A-Za-z0-9_-]{16,128})$/.exec(header ?? '');
      if (!match) return false;
      const given = Buffer.from(match[1]);
      const expected = Buffer.from(tokenOf(serialNumber, userId));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type ApplePassTokens = ReturnType<typeof createApplePassTokens>;
