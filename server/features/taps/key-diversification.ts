import { BLOCK, cmacPadded } from './aes-cmac.ts';

/** AN10922 §2.2's diversification constant of an AES-128 key. */
const AES128_CONSTANT = 0x01;

/**
 * NXP AN10922 §2.2, AES-128 key diversification: CMAC under `masterKey` of 0x01 ‖ M, padded
 * (80 00…) to 32 bytes and XORed with K2, or XORed with K1 when 0x01 ‖ M fills 32 bytes.
 * `input` (M, 1 to 31 bytes) is what makes the key one chip's: its UID and whatever else the
 * system adds.
 */
export function diversifyAes128(masterKey: Buffer, input: Buffer): Buffer {
  if (masterKey.length !== BLOCK) throw new RangeError('AES-128 master key must be 16 bytes');
  if (input.length < 1 || input.length > 31) throw new RangeError('diversification input must be 1 to 31 bytes');
  return cmacPadded(masterKey, Buffer.concat([Buffer.from([AES128_CONSTANT]), input]), 2 * BLOCK);
}

/**
 * This product's system identifier in every diversification input (docs/operator.md): it keeps the
 * keys derived here apart from keys another system derives from the same master key and UID.
 */
export const SYSTEM_IDENTIFIER = Buffer.from('ContactCard', 'ascii');
/** The NTAG 424 DNA key number that holds the SDM file-read key (docs/operator.md). */
export const FILE_READ_KEY_NUMBER = 0x02;

/** The diversification input M of one chip's file-read key: UID (7 bytes) ‖ key number ‖ system identifier. */
export const fileReadInput = (uid: Buffer) => Buffer.concat([uid, Buffer.from([FILE_READ_KEY_NUMBER]), SYSTEM_IDENTIFIER]);

/** One chip's SDM file-read key, diversified from the batch's master key and the chip's UID. */
export const chipFileReadKey = (masterKey: Buffer, uid: Buffer) => diversifyAes128(masterKey, fileReadInput(uid));
