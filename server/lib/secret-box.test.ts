import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, SEALED_PREFIX, SecretBoxError } from './secret-box.ts';

const serverSecret = 'a'.repeat(43);
const box = createSecretBox(serverSecret, 'test purpose v1');
const plain = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';

/** The sealed value with one byte of its payload (after the prefix) changed. */
function flipped(sealed: string, at: number): string {
  const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url');
  bytes[at] ^= 0x01;
  return SEALED_PREFIX + bytes.toString('base64url');
}

describe('createSecretBox', () => {
  it('seals into an enc:v1: value without the plain text and opens it again', () => {
    const sealed = box.seal(plain, 'wh_1');
    expect(sealed.startsWith('enc:v1:')).toBe(true);
    expect(isSealed(sealed)).toBe(true);
    expect(isSealed(plain)).toBe(false);
    expect(sealed).not.toContain(plain.slice(6));
    expect(box.open(sealed, 'wh_1')).toBe(plain);
    expect(box.open(box.seal('', 'wh_1'), 'wh_1')).toBe('');
  });

  it('uses a fresh IV each time: the same secret never seals to the same value', () => {
    const sealed = Array.from({ length: 20 }, () => box.seal(plain, 'wh_1'));
    expect(new Set(sealed).size).toBe(20);
    const ivs = sealed.map((s) => Buffer.from(s.slice(SEALED_PREFIX.length), 'base64url').subarray(0, 12).toString('hex'));
    expect(new Set(ivs).size).toBe(20);
    for (const s of sealed) expect(box.open(s, 'wh_1')).toBe(plain);
  });

  it('refuses a changed IV, ciphertext or tag, a cut value and one without the prefix', () => {
    const sealed = box.seal(plain, 'wh_1');
    const length = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64url').length;
    for (const at of [0, 11, 12, 20, length - 16, length - 1]) expect(() => box.open(flipped(sealed, at), 'wh_1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed.slice(0, -4), 'wh_1')).toThrow(SecretBoxError);
    expect(() => box.open(`${SEALED_PREFIX}AAAA`, 'wh_1')).toThrow(SecretBoxError);
    expect(() => box.open(plain, 'wh_1')).toThrow(SecretBoxError);
    expect(() => box.open(sealed.replace('enc:v1:', 'enc:v2:'), 'wh_1')).toThrow(SecretBoxError);
  });

  it('refuses a value sealed for another row (context)', () => {
    expect(() => box.open(box.seal(plain, 'wh_1'), 'wh_2')).toThrow(SecretBoxError);
  });

  it('refuses another server secret, and another purpose under the same server secret', () => {
    const sealed = box.seal(plain, 'wh_1');
    expect(() => createSecretBox('b'.repeat(43), 'test purpose v1').open(sealed, 'wh_1')).toThrow(SecretBoxError);
    expect(() => createSecretBox(serverSecret, 'another purpose v1').open(sealed, 'wh_1')).toThrow(SecretBoxError);
    // The same secret and purpose (another instance, a restart) opens it.
    expect(createSecretBox(serverSecret, 'test purpose v1').open(sealed, 'wh_1')).toBe(plain);
  });

  it('needs a server secret', () => {
    expect(() => createSecretBox('', 'test purpose v1')).toThrow();
  });
});
