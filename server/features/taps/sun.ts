import { createDecipheriv, randomBytes } from 'node:crypto';
import { BLOCK, aesCmac, cbcEncrypt, sameBytes } from './aes-cmac.ts';

/**
 * NTAG 424 DNA Secure Unique NFC (NXP AN12196): what a tap's URL carries and how the server
 * proves it. The chip mirrors into its NDEF URL `picc_data` (the PICC data encrypted with the
 * SDM meta-read key) and `cmac` (a MAC under a session key of the SDM file-read key).
 */

/** PICCDataTag: UID mirrored (bit 7), read counter mirrored (bit 6), UID length 7. */
export const PICC_DATA_TAG = 0xc7;
export const UID_BYTES = 7;
export const COUNTER_BYTES = 3;
/** The read counter's last value: the chip stops answering SUN after it. */
export const MAX_COUNTER = 0xffffff;
/** SV2's constant prefix (AN12196 §3.4.4: session MAC key of SDM). */
const SV2_PREFIX = Buffer.from('3cc300010080', 'hex');

export interface PiccData {
  /** The chip's 7-byte UID. */
  uid: Buffer;
  /** SDMReadCtr as the chip sent it (3 bytes, least significant first). */
  counterBytes: Buffer;
  counter: number;
}

const HEX32 = /^[0-9a-fA-F]{32}$/;
const HEX16 = /^[0-9a-fA-F]{16}$/;
/** Whether a query holds a well-formed `picc_data` (32 hex) and `cmac` (16 hex). */
export const isSunShape = (piccData: string, cmac: string) => HEX32.test(piccData) && HEX16.test(cmac);

/** The PICC data of `piccDataHex` decrypted with the meta-read key (AES-128-CBC, zero IV); null when its tag is not 0xC7. */
export function decryptPiccData(metaReadKey: Buffer, piccDataHex: string): PiccData | null {
  const decipher = createDecipheriv('aes-128-cbc', metaReadKey, Buffer.alloc(BLOCK));
  decipher.setAutoPadding(false);
  const plain = Buffer.concat([decipher.update(Buffer.from(piccDataHex, 'hex')), decipher.final()]);
  if (plain.length !== BLOCK || plain[0] !== PICC_DATA_TAG) return null;
  const uid = Buffer.from(plain.subarray(1, 1 + UID_BYTES));
  const counterBytes = Buffer.from(plain.subarray(1 + UID_BYTES, 1 + UID_BYTES + COUNTER_BYTES));
  return { uid, counterBytes, counter: counterBytes.readUIntLE(0, COUNTER_BYTES) };
}

/** KSesSDMFileReadMAC = CMAC(file-read key, SV2), SV2 = 3C C3 00 01 00 80 ‖ UID ‖ SDMReadCtr (16 bytes, no padding needed). */
export const sessionMacKey = (fileReadKey: Buffer, picc: Pick<PiccData, 'uid' | 'counterBytes'>) =>
  aesCmac(fileReadKey, Buffer.concat([SV2_PREFIX, picc.uid, picc.counterBytes]));

/** The 8 bytes of a 16-byte MAC at odd positions (1, 3, …, 15): NTAG 424's truncated MAC. */
export const truncateMac = (mac: Buffer) => Buffer.from(Array.from({ length: 8 }, (_, i) => mac[2 * i + 1]!));

/** SDMMAC over the empty input (the URL's MAC input offset equals its MAC offset), truncated. */
export const sdmMac = (fileReadKey: Buffer, picc: Pick<PiccData, 'uid' | 'counterBytes'>) =>
  truncateMac(aesCmac(sessionMacKey(fileReadKey, picc), Buffer.alloc(0)));

/** Whether `cmacHex` is the chip's MAC for `picc` under the file-read key, compared in constant time. */
export const macHolds = (fileReadKey: Buffer, picc: PiccData, cmacHex: string) => sameBytes(sdmMac(fileReadKey, picc), Buffer.from(cmacHex, 'hex'));

/**
 * What a chip writes into its URL on a tap with `counter`: the encrypted PICC data (with random
 * padding, as the chip's) and the MAC. The tests, the bench and nothing else make taps.
 */
export function encodeTap(keys: { metaReadKey: Buffer; fileReadKey: Buffer }, uid: Buffer, counter: number) {
  const counterBytes = Buffer.alloc(COUNTER_BYTES);
  counterBytes.writeUIntLE(counter, 0, COUNTER_BYTES);
  const plain = Buffer.concat([Buffer.from([PICC_DATA_TAG]), uid, counterBytes, randomBytes(BLOCK - 1 - UID_BYTES - COUNTER_BYTES)]);
  return {
    piccData: cbcEncrypt(keys.metaReadKey, plain).toString('hex').toUpperCase(),
    cmac: sdmMac(keys.fileReadKey, { uid, counterBytes }).toString('hex').toUpperCase(),
  };
}
