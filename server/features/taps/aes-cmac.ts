import { createCipheriv, timingSafeEqual } from 'node:crypto';

/** AES's block, in bytes. */
export const BLOCK = 16;
const RB = 0x87;

/** One AES-128 block encrypted with `key` (ECB of a single block, no padding). */
export function aesBlock(key: Buffer, block: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-ecb', key, null);
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(block), cipher.final()]);
}

/** AES-128-CBC with a zero IV and no padding: `data` is a whole number of blocks. */
export function cbcEncrypt(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-128-cbc', key, Buffer.alloc(BLOCK));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

function shiftLeft(block: Buffer): Buffer {
  const out = Buffer.alloc(BLOCK);
  for (let i = 0; i < BLOCK; i++) out[i] = ((block[i]! << 1) | (i + 1 < BLOCK ? block[i + 1]! >> 7 : 0)) & 0xff;
  if (block[0]! & 0x80) out[BLOCK - 1] ^= RB;
  return out;
}

/** RFC 4493 §2.3: the subkeys K1 and K2 of `key`. */
export function cmacSubkeys(key: Buffer): { k1: Buffer; k2: Buffer } {
  const k1 = shiftLeft(aesBlock(key, Buffer.alloc(BLOCK)));
  return { k1, k2: shiftLeft(k1) };
}

const xor = (a: Buffer, b: Buffer) => Buffer.from(a.map((byte, i) => byte ^ b[i]!));

/**
 * The last block of a CBC-MAC whose final block (complete, or padded with 80 00…) is XORed
 * with K1 or K2: RFC 4493's step 4–6 for `paddedLength`, a multiple of 16 at least as long as
 * `message`. AES-CMAC passes the shortest such length; AN10922 always 32 bytes.
 */
export function cmacPadded(key: Buffer, message: Buffer, paddedLength: number): Buffer {
  const complete = message.length === paddedLength && message.length > 0;
  const { k1, k2 } = cmacSubkeys(key);
  const padded = Buffer.alloc(paddedLength);
  message.copy(padded);
  if (!complete) padded[message.length] = 0x80;
  const last = padded.subarray(paddedLength - BLOCK);
  xor(last, complete ? k1 : k2).copy(last);
  const chained = cbcEncrypt(key, padded);
  return chained.subarray(chained.length - BLOCK);
}

/** AES-CMAC (RFC 4493) of `message` under the 16-byte `key`: the full 16-byte tag. */
export function aesCmac(key: Buffer, message: Buffer): Buffer {
  const blocks = Math.max(1, Math.ceil(message.length / BLOCK));
  return cmacPadded(key, message, blocks * BLOCK);
}

/** Two byte strings equal, compared in time that depends only on their length. */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
