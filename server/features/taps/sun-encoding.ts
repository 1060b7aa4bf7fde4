import { FILE_READ_KEY_NUMBER, SYSTEM_IDENTIFIER } from './key-diversification.ts';

/**
 * Issue 38: what the chip vendor programs into each chip of a SUN batch (docs/operator.md). The
 * NDEF file of NTAG 424 DNA (file 02) holds one URI record; the chip overwrites the zeros of
 * `picc_data` and `cmac` on every tap, at the offsets counted in bytes from the file's start.
 */

/** The NDEF file's size on NTAG 424 DNA. */
export const NDEF_FILE_BYTES = 256;
/** SDMOptions: UID mirror, SDMReadCtr mirror, ASCII encoding (bits 7, 6 and 0). */
export const SDM_OPTIONS = 0xc1;
/** The key numbers the vendor puts the keys into (SDMAccessRights: SDMMetaRead and SDMFileRead). */
export const META_READ_KEY_NUMBER = 0x01;
export { FILE_READ_KEY_NUMBER };

const PICC_PLACEHOLDER = '0'.repeat(32);
const MAC_PLACEHOLDER = '0'.repeat(16);
/** NFC Forum URI record prefixes this product's addresses use. */
const URI_PREFIXES: [string, number][] = [
  ['https://', 0x04],
  ['http://', 0x03],
];

export interface CardEncoding {
  cardId: string;
  /** The URL as the chip holds it, zeros where the chip mirrors. */
  url: string;
  /** The whole NDEF file (NLEN ‖ record), hex. */
  ndefFile: string;
  /** Byte offsets in the NDEF file: PICCDataOffset, SDMMACInputOffset, SDMMACOffset. */
  piccDataOffset: number;
  macInputOffset: number;
  macOffset: number;
}

/** The address a SUN chip holds: `{PUBLIC_URL}/card/{cardId}?picc_data={32 hex}&cmac={16 hex}`. */
export const sunUrl = (publicUrl: string, cardId: string) =>
  `${publicUrl.trim().replace(/\/+$/, '')}/card/${encodeURIComponent(cardId)}?picc_data=${PICC_PLACEHOLDER}&cmac=${MAC_PLACEHOLDER}`;

/** The NDEF file and mirror offsets of one card; throws a RangeError when the URL does not fit the chip. */
export function encodeCard(publicUrl: string, cardId: string): CardEncoding {
  const url = sunUrl(publicUrl, cardId);
  const [prefix, code] = URI_PREFIXES.find(([p]) => url.startsWith(p)) ?? ['', 0x00];
  const rest = Buffer.from(url.slice(prefix.length), 'ascii');
  const payloadLength = 1 + rest.length;
  // Short record (SR) when the payload fits one length byte, else a 4-byte length.
  const header =
    payloadLength <= 0xff ? Buffer.from([0xd1, 0x01, payloadLength, 0x55]) : Buffer.from([0xc1, 0x01, 0, 0, payloadLength >> 8, payloadLength & 0xff, 0x55]);
  const record = Buffer.concat([header, Buffer.from([code]), rest]);
  const file = Buffer.concat([Buffer.from([record.length >> 8, record.length & 0xff]), record]);
  if (file.length > NDEF_FILE_BYTES) throw new RangeError(`the card's URL needs ${file.length} bytes; the chip's NDEF file holds ${NDEF_FILE_BYTES}`);
  const start = 2 + header.length + 1;
  const piccDataOffset = start + rest.indexOf(`picc_data=${PICC_PLACEHOLDER}`) + 'picc_data='.length;
  const macOffset = start + rest.indexOf(`cmac=${MAC_PLACEHOLDER}`) + 'cmac='.length;
  return { cardId, url, ndefFile: file.toString('hex').toUpperCase(), piccDataOffset, macInputOffset: macOffset, macOffset };
}

/** How every chip of the batch is set up, the same for all (docs/operator.md). */
export function chipSettings(diversified: boolean) {
  return {
    chip: 'NTAG 424 DNA',
    ndefFile: 'E104 (file 02), plain read access, SDM enabled',
    sdmOptions: SDM_OPTIONS.toString(16).toUpperCase(),
    metaReadKeyNumber: META_READ_KEY_NUMBER,
    fileReadKeyNumber: FILE_READ_KEY_NUMBER,
    macInput: 'empty (SDMMACInputOffset = SDMMACOffset)',
    diversification: diversified
      ? `AN10922 AES-128: file-read key = CMAC-diversify(fileReadMasterKey, UID (7 bytes) ‖ ${FILE_READ_KEY_NUMBER.toString(16).padStart(2, '0')} ‖ ${SYSTEM_IDENTIFIER.toString('hex').toUpperCase()} ("${SYSTEM_IDENTIFIER.toString('ascii')}"))`
      : null,
  };
}
