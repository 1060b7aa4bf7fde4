import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { aesCmac, cmacSubkeys } from './aes-cmac.ts';
import { chipFileReadKey, diversifyAes128 } from './key-diversification.ts';
import { encodeCard } from './sun-encoding.ts';
import { sunParams, withoutSunParams } from './sun-params.ts';
import { decryptPiccData, encodeTap, isSunShape, macHolds, sdmMac } from './sun.ts';

const hex = (s: string) => Buffer.from(s.replace(/\s/g, ''), 'hex');

describe('AES-CMAC (RFC 4493 §4 test vectors)', () => {
  const key = hex('2b7e1516 28aed2a6 abf71588 09cf4f3c');
  const message = hex(
    '6bc1bee2 2e409f96 e93d7e11 7393172a ae2d8a57 1e03ac9c 9eb76fac 45af8e51 30c81c46 a35ce411 e5fbc119 1a0a52ef f69f2445 df4f9b17 ad2b417b e66c3710',
  );
  it('makes the subkeys K1 and K2', () => {
    const { k1, k2 } = cmacSubkeys(key);
    expect(k1.toString('hex')).toBe('fbeed618357133667c85e08f7236a8de');
    expect(k2.toString('hex')).toBe('f7ddac306ae266ccf90bc11ee46d513b');
  });
  it.each([
    [0, 'bb1d6929e95937287fa37d129b756746'],
    [16, '070a16b46b4d4144f79bdd9dd04a287c'],
    [40, 'dfa66747de9ae63030ca32611497c827'],
    [64, '51f0bebf7e3b9d92fc49741779363cfe'],
  ])('tags a message of %i bytes', (length, tag) => {
    expect(aesCmac(key, message.subarray(0, length)).toString('hex')).toBe(tag);
  });
});

describe('AN10922 §2.2.1 AES-128 key diversification', () => {
  it('derives the published key from master key, UID, AID and system identifier', () => {
    const input = Buffer.concat([hex('04782E21801D80'), hex('3042F5'), Buffer.from('NXP Abu', 'ascii')]);
    expect(diversifyAes128(hex('00112233445566778899AABBCCDDEEFF'), input).toString('hex').toUpperCase()).toBe('A8DD63A3B89D54B37CA802473FDA9175');
  });
  it('uses K1 when the input fills 32 bytes, and refuses inputs out of range', () => {
    const master = randomBytes(16);
    expect(diversifyAes128(master, Buffer.alloc(31, 1))).toHaveLength(16);
    expect(() => diversifyAes128(master, Buffer.alloc(32))).toThrow(RangeError);
    expect(() => diversifyAes128(master, Buffer.alloc(0))).toThrow(RangeError);
  });
  it('gives every chip its own file-read key', () => {
    const master = randomBytes(16);
    expect(chipFileReadKey(master, hex('04DE5F1EACC040')).equals(chipFileReadKey(master, hex('04DE5F1EACC041')))).toBe(false);
  });
});

describe('SUN message of NTAG 424 DNA (AN12196)', () => {
  const zero = Buffer.alloc(16);
  it("reads NXP's published tap: UID 04DE5F1EACC040, counter 61, MAC 94EED9EE65337086", () => {
    const picc = decryptPiccData(zero, 'EF963FF7828658A599F3041510671E88');
    expect(picc).not.toBeNull();
    expect(picc!.uid.toString('hex').toUpperCase()).toBe('04DE5F1EACC040');
    expect(picc!.counter).toBe(61);
    expect(sdmMac(zero, picc!).toString('hex').toUpperCase()).toBe('94EED9EE65337086');
    expect(macHolds(zero, picc!, '94EED9EE65337086')).toBe(true);
    expect(macHolds(zero, picc!, '94EED9EE65337087')).toBe(false);
  });
  it('reads taps it encodes for other keys, UIDs and counters, and refuses other keys', () => {
    for (const counter of [0, 1, 255, 256, 65_536, 0xffffff]) {
      const keys = { metaReadKey: randomBytes(16), fileReadKey: randomBytes(16) };
      const uid = randomBytes(7);
      const tap = encodeTap(keys, uid, counter);
      expect(isSunShape(tap.piccData, tap.cmac)).toBe(true);
      const picc = decryptPiccData(keys.metaReadKey, tap.piccData)!;
      expect(picc.uid.equals(uid)).toBe(true);
      expect(picc.counter).toBe(counter);
      expect(macHolds(keys.fileReadKey, picc, tap.cmac)).toBe(true);
      expect(macHolds(randomBytes(16), picc, tap.cmac)).toBe(false);
      const wrong = decryptPiccData(randomBytes(16), tap.piccData);
      expect(wrong === null || !macHolds(keys.fileReadKey, wrong, tap.cmac)).toBe(true);
    }
  });
  it('tells malformed parameters', () => {
    expect(isSunShape('EF963FF7828658A599F3041510671E8', '94EED9EE65337086')).toBe(false);
    expect(isSunShape('EF963FF7828658A599F3041510671E88', '94EED9EE6533708')).toBe(false);
    expect(isSunShape('EF963FF7828658A599F3041510671EXX', '94EED9EE65337086')).toBe(false);
  });
});

describe('the NDEF file a SUN chip holds', () => {
  it('places the mirrors at the offsets of the picc_data and cmac placeholders', () => {
    const card = encodeCard('https://cards.example/', 'Ab3xY9');
    expect(card.url).toBe(`https://cards.example/card/Ab3xY9?picc_data=${'0'.repeat(32)}&cmac=${'0'.repeat(16)}`);
    const file = Buffer.from(card.ndefFile, 'hex');
    expect(file.readUInt16BE(0)).toBe(file.length - 2);
    expect(file.subarray(2, 7).toString('hex')).toBe(`d101${(file.length - 6).toString(16)}5504`);
    expect(file.subarray(card.piccDataOffset - 'picc_data='.length, card.piccDataOffset).toString('ascii')).toBe('picc_data=');
    expect(file.subarray(card.piccDataOffset, card.piccDataOffset + 32).toString('ascii')).toBe('0'.repeat(32));
    expect(file.subarray(card.macOffset - 5, card.macOffset + 16).toString('ascii')).toBe(`cmac=${'0'.repeat(16)}`);
    expect(card.macInputOffset).toBe(card.macOffset);
  });
  it('refuses an address longer than the chip holds', () => {
    expect(() => encodeCard(`https://${'a'.repeat(200)}.example`, 'Ab3xY9')).toThrow(RangeError);
  });
});

describe('the chip parameters of a page request', () => {
  it('reads them, and takes them out of the address', () => {
    expect(sunParams({ src: 'nfc' })).toBeNull();
    expect(sunParams({ picc_data: 'AB', cmac: ['x', 'y'] })).toEqual({ piccData: 'AB', cmac: '' });
    expect(withoutSunParams('/card/Ab3?picc_data=00&cmac=11&lng=de')).toBe('/card/Ab3?lng=de');
    expect(withoutSunParams('/card/Ab3?picc_data=00&cmac=11')).toBe('/card/Ab3');
    expect(withoutSunParams('/card/Ab3')).toBe('/card/Ab3');
  });
});
