import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';

/**
 * A random id of letters and digits (D2: short, URL-safe, never sequential, not enumerable).
 * Look-alike characters (0/O, 1/l/I) are left out because card ids get printed and typed.
 * Rejection sampling keeps every character equally likely.
 */
export function randomId(length: number): string {
  let out = '';
  const limit = 256 - (256 % ALPHABET.length);
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < limit) out += ALPHABET[byte % ALPHABET.length];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Profile ids: 56^12 ≈ 10^21 possibilities. */
export const newProfileId = () => randomId(12);
/** Link ids. */
export const newLinkId = () => randomId(12);
/** Card ids printed into QR codes: short for a small, easily scanned code, still ≈ 3·10^17 possibilities. */
export const newCardId = () => randomId(10);
/** Default short link ids for link-in-bio URLs; the owner may choose another. */
export const newShortLinkId = () => randomId(8);
/** Leads. */
export const newLeadId = () => randomId(16);
/** Organisations, their invitations and audit entries (issue 24). */
export const newOrganisationId = () => randomId(12);
export const newInvitationId = () => randomId(16);
/**
 * Rows listed newest first by (time, id) — audit entries, verified taps (issue 38) — keep the order of
 * the same millisecond through the id: so the id starts with the
 * time and a per-process sequence (base 36, fixed width, digits and small letters only so that every
 * collation orders them alike), then random characters keep ids of different instances apart.
 */
let lastAuditStamp = 0;
let auditSequence = 0;
export function newTimeOrderedId(now = Date.now()): string {
  auditSequence = now === lastAuditStamp ? auditSequence + 1 : 0;
  lastAuditStamp = now;
  return now.toString(36).padStart(9, '0') + auditSequence.toString(36).padStart(4, '0') + randomId(8);
}
export const newAuditId = newTimeOrderedId;
export const newTemplateId = () => randomId(12);
