import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Prefix (and version) of a value this box sealed: AES-256-GCM under a key derived by HKDF-SHA256
 * from the server's secret and the box's own `purpose` label. A later scheme gets `enc:v2:`, so
 * stored values say how to open them.
 */
export const SEALED_PREFIX = 'enc:v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** A sealed value that cannot be opened: changed, cut, sealed for another row, or under another key. */
export class SecretBoxError extends Error {}

/** Encrypts secrets that the server must read again (it signs with them) before they are stored. */
export interface SecretBox {
  /**
   * `enc:v1:` and base64url of IV, ciphertext and GCM tag; a fresh random IV each time.
   * `context` (the row's id) is authenticated with it, so a sealed value copied into another
   * row does not open there.
   */
  seal(plain: string, context: string): string;
  /** The plain text of `seal`'s answer for the same `context`; throws `SecretBoxError` otherwise. */
  open(sealed: string, context: string): string;
}

/** Whether a stored value is one of this box's sealed values (not a plain one written before). */
export const isSealed = (stored: string) => stored.startsWith(SEALED_PREFIX);

/**
 * A box keyed by `serverSecret` (AUTH_SECRET, server/auth/auth-secret.ts) for one `purpose`: the
 * HKDF `info` label keeps this key apart from every other key taken from the same secret (better-auth's
 * own, the lead deletion links'). Node's crypto rather than better-auth's `symmetricEncrypt`
 * (better-auth/crypto): that one hashes whatever string it is given into its key, has no label
 * of its own, and its stored format is the library's to change; this format is ours (docs/security.md).
 */
export function createSecretBox(serverSecret: string, purpose: string): SecretBox {
  if (!serverSecret) throw new Error('A secret box needs the server secret');
  const key = Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), purpose, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(sealed, context) {
      if (!isSealed(sealed)) throw new SecretBoxError('not a sealed value');
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('sealed value does not open with this key and context');
      }
    },
  };
}
