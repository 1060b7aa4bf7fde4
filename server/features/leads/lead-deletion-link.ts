import { createHmac } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

/** The token's audience: a token made for anything else (or by anything else) never deletes a lead. */
const AUDIENCE = 'lead-deletion';
const ISSUER = 'contact-cards';

/**
 * The signed, single-purpose token in the visitor's mail that deletes their lead without
 * signing in (issue 12). An HS256 JWT whose subject is the lead id, signed with a key derived
 * from the installation's auth secret for this one purpose, so the secret that signs sessions
 * never signs these and a token of another purpose cannot pass for one of these.
 * No expiry: the lead itself is gone after the retention period, and with it what the token names.
 */
export function createLeadDeletionLinks(authSecret: string) {
  const key = createHmac('sha256', authSecret).update('lead-deletion-link v1').digest();
  return {
    async sign(leadId: string): Promise<string> {
      return new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(leadId).setAudience(AUDIENCE).setIssuer(ISSUER).setIssuedAt().sign(key);
    },
    /** The lead id the token names, or null for anything tampered, foreign or malformed. */
    async verify(token: string): Promise<string | null> {
      if (token.length > 1000) return null;
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], audience: AUDIENCE, issuer: ISSUER });
        return typeof payload.sub === 'string' && /^[A-Za-z0-9]{1,64}$/.test(payload.sub) ? payload.sub : null;
      } catch {
        return null;
      }
    },
  };
}
export type LeadDeletionLinks = ReturnType<typeof createLeadDeletionLinks>;
