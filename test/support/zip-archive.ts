import { inflateRawSync } from 'node:zlib';

/**
 * A minimal zip reader for the suites that download archives (the Apple .pkpass). It walks the
 * central directory, as unzip tools and Wallet do, reads stored and deflated entries and checks
 * each entry's size and CRC-32, so a truncated or corrupt archive fails the test instead of
 * yielding half a file. It does not trust the library that wrote the archive.
 */

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

/** Reads every entry of a zip archive by name; throws when it is not a well-formed zip. */
export function readZip(archive: Buffer): Map<string, Buffer> {
  const end = findEndOfCentralDirectory(archive);
  const entryCount = archive.readUInt16LE(end + 10);
  let offset = archive.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();

  for (let index = 0; index < entryCount; index++) {
    if (archive.readUInt32LE(offset) !== CENTRAL_FILE_HEADER) throw new Error(`zip: central directory entry ${index} is damaged`);
    const method = archive.readUInt16LE(offset + 10);
    const expectedCrc = archive.readUInt32LE(offset + 16);
    const compressedSize = archive.readUInt32LE(offset + 20);
    const size = archive.readUInt32LE(offset + 24);
    const nameLength = archive.readUInt16LE(offset + 28);
    const extraLength = archive.readUInt16LE(offset + 30);
    const commentLength = archive.readUInt16LE(offset + 32);
    const localOffset = archive.readUInt32LE(offset + 42);
    const name = archive.toString('utf8', offset + 46, offset + 46 + nameLength);
    offset += 46 + nameLength + extraLength + commentLength;

    if (archive.readUInt32LE(localOffset) !== LOCAL_FILE_HEADER) throw new Error(`zip: local header of ${name} is missing`);
    // The local header has its own name and extra lengths, which may differ from the central ones.
    const dataStart = localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    const stored = archive.subarray(dataStart, dataStart + compressedSize);
    let data: Buffer;
    if (method === 0) data = Buffer.from(stored);
    else if (method === 8) data = inflateRawSync(stored);
    else throw new Error(`zip: ${name} uses compression method ${method}`);

    if (data.length !== size) throw new Error(`zip: ${name} has ${data.length} bytes, the directory says ${size}`);
    if (crc32(data) !== expectedCrc) throw new Error(`zip: CRC-32 of ${name} does not match`);
    if (entries.has(name)) throw new Error(`zip: ${name} appears twice`);
    entries.set(name, data);
  }
  return entries;
}

function findEndOfCentralDirectory(archive: Buffer): number {
  // The record is 22 bytes plus a comment of at most 64 KiB, so it sits near the end.
  const earliest = Math.max(0, archive.length - 22 - 0xffff);
  for (let at = archive.length - 22; at >= earliest; at--) {
    if (archive.readUInt32LE(at) === END_OF_CENTRAL_DIRECTORY) return at;
  }
  throw new Error('zip: no end-of-central-directory record, not a zip archive');
}

let crcTable: Uint32Array | undefined;

/** CRC-32 (IEEE 802.3), as zip stores it; Node 20's zlib does not expose one. */
function crc32(data: Buffer): number {
  crcTable ??= Uint32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  let crc = 0xffffffff;
  for (const byte of data) crc = crcTable[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
