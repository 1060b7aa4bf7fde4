import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApplePass, type ApplePassInput } from './apple-pass.builder.ts';
import { DEV_CERTIFICATE_FILES, ensureDevWalletCertificates } from './dev-certificate.ts';
import type { WalletCertificates } from './wallet.types.ts';
// Read by our own small reader, not the library under test: what Wallet's unzip would see.
import { readZip as unzip } from '../../../test/support/zip-archive.ts';

const run = promisify(execFile);

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

let dir: string;
let certificates: WalletCertificates;

function input(overrides: Partial<ApplePassInput> = {}): ApplePassInput {
  return {
    card: { id: 'Ab3xY9kQ', edition: 'kingOfTheMoment' },
    profile: { personalTitle: 'Dr.', firstName: 'Anna', lastName: 'Schmidt', jobTitle: 'Head of Sales', companyName: 'Beispiel GmbH' },
    cardLink: 'https://cards.example.com/card/Ab3xY9kQ',
    settings: { certificates, passTypeIdentifier: 'pass.com.example.cards', teamIdentifier: 'ABCDE12345', organizationName: 'Example Cards' },
    ...overrides,
  };
}

/** Runs `openssl smime -verify` on a detached signature the way the task's acceptance check does. */
async function opensslVerifies(signature: Buffer, manifest: Buffer, caFile: string): Promise<boolean> {
  const work = await mkdtemp(path.join(dir, 'verify-'));
  await writeFile(path.join(work, 'signature'), signature);
  await writeFile(path.join(work, 'manifest.json'), manifest);
  try {
    await run(
      'openssl',
      [
        'smime',
        '-verify',
        '-binary',
        '-inform',
        'DER',
        '-in',
        'signature',
        '-content',
        'manifest.json',
        '-CAfile',
        caFile,
        '-purpose',
        'any',
        '-out',
        '/dev/null',
      ],
      { cwd: work },
    );
    return true;
  } catch {
    return false;
  }
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'apple-pass-'));
  certificates = await ensureDevWalletCertificates(path.join(dir, 'wallet-dev'), { passTypeId: 'pass.com.example.cards', teamId: 'ABCDE12345' });
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('buildApplePass', () => {
  it('is a zip whose manifest lists the SHA-1 of every other file', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#a05030' } })
      .jpeg()
      .toBuffer();
    const files = unzip(await buildApplePass(input({ profileImage: photo })));
    const names = [...files.keys()].sort();
    for (const required of ['pass.json', 'manifest.json', 'signature', 'icon.png', 'icon@2x.png', 'logo.png', 'logo@2x.png', 'thumbnail.png']) {
      expect(names).toContain(required);
    }
    const manifest = JSON.parse(files.get('manifest.json')!.toString('utf8')) as Record<string, string>;
    const others = names.filter((name) => name !== 'manifest.json' && name !== 'signature');
    expect(Object.keys(manifest).sort()).toEqual(others);
    for (const name of others) expect(manifest[name], name).toBe(sha1(files.get(name)!));
  });

  it('is signed: openssl accepts the detached PKCS#7 signature over the manifest with the dev CA', async () => {
    const files = unzip(await buildApplePass(input()));
    const caFile = path.join(dir, 'wallet-dev', DEV_CERTIFICATE_FILES.wwdr);
    expect(await opensslVerifies(files.get('signature')!, files.get('manifest.json')!, caFile)).toBe(true);
    // The same check refuses a manifest changed after signing, so the pass above passed on merit.
    const tampered = Buffer.from(
      files
        .get('manifest.json')!
        .toString('utf8')
        .replace(/"pass\.json":"[0-9a-f]/, '"pass.json":"x'),
    );
    expect(await opensslVerifies(files.get('signature')!, tampered, caFile)).toBe(false);
  });

  it('holds the card link as a QR barcode and the card id as serial number', async () => {
    const pass = JSON.parse(
      unzip(await buildApplePass(input()))
        .get('pass.json')!
        .toString('utf8'),
    );
    expect(pass.barcodes).toEqual([{ format: 'PKBarcodeFormatQR', message: 'https://cards.example.com/card/Ab3xY9kQ', messageEncoding: 'iso-8859-1' }]);
    expect(pass).toMatchObject({
      formatVersion: 1,
      serialNumber: 'Ab3xY9kQ',
      passTypeIdentifier: 'pass.com.example.cards',
      teamIdentifier: 'ABCDE12345',
      organizationName: 'Example Cards',
      description: 'description',
    });
  });

  it('shows name, job title and company on a generic pass in the edition colours', async () => {
    const pass = JSON.parse(
      unzip(await buildApplePass(input()))
        .get('pass.json')!
        .toString('utf8'),
    );
    expect(pass.generic.primaryFields).toEqual([{ key: 'name', value: 'Dr. Anna Schmidt' }]);
    expect(pass.generic.secondaryFields).toEqual([{ key: 'jobTitle', label: 'job_title', value: 'Head of Sales' }]);
    expect(pass.generic.auxiliaryFields[0]).toEqual({ key: 'company', label: 'company', value: 'Beispiel GmbH' });
    expect(pass.generic.backFields[0].value).toBe('https://cards.example.com/card/Ab3xY9kQ');
    expect([pass.backgroundColor, pass.foregroundColor, pass.labelColor]).toEqual(['rgb(43, 18, 72)', 'rgb(255, 255, 255)', 'rgb(226, 184, 79)']);
  });

  it('localises labels and the edition name in de and en', async () => {
    const files = unzip(await buildApplePass(input({ card: { id: 'c0in', edition: 'firstEditionCoin' } })));
    const de = files.get('de.lproj/pass.strings')!.toString('utf8');
    const en = files.get('en.lproj/pass.strings')!.toString('utf8');
    expect(de).toContain('"company" = "Firma";');
    expect(de).toContain('"edition_name" = "First Edition Münze";');
    expect(en).toContain('"edition_name" = "First Edition Coin";');
    expect(en).toContain('"description" = "Digital contact card";');
  });

  it('turns a JPEG profile image into square PNG thumbnails at 1x, 2x and 3x', async () => {
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3050a0' } })
      .jpeg()
      .toBuffer();
    const files = unzip(await buildApplePass(input({ profileImage: photo })));
    for (const [name, side] of [
      ['thumbnail.png', 90],
      ['thumbnail@2x.png', 180],
      ['thumbnail@3x.png', 270],
    ] as const) {
      const meta = await sharp(files.get(name)!).metadata();
      expect([meta.format, meta.width, meta.height], name).toEqual(['png', side, side]);
    }
    const icon = await sharp(files.get('icon@2x.png')!).metadata();
    expect([icon.format, icon.width, icon.height]).toEqual(['png', 58, 58]);
    const logo = await sharp(files.get('logo.png')!).metadata();
    expect(logo.height).toBe(50);
    expect(logo.width).toBeLessThanOrEqual(160);
  });

  it('leaves out what the profile does not have, and still names the pass', async () => {
    const files = unzip(
      await buildApplePass(input({ profile: { personalTitle: '', firstName: '', lastName: '', jobTitle: ' ', companyName: '' }, profileImage: null })),
    );
    expect([...files.keys()].some((name) => name.startsWith('thumbnail'))).toBe(false);
    const pass = JSON.parse(files.get('pass.json')!.toString('utf8'));
    // Issue 21: the neutral name of shared/display-name.ts (the edition has a field of its own).
    expect(pass.generic.primaryFields[0].value).toBe('Contact');
    expect(pass.generic.secondaryFields).toEqual([]);
    expect(pass.generic.auxiliaryFields.map((f: { key: string }) => f.key)).toEqual(['edition']);
  });

  it('fails verification when signed with a key outside the chain (why readAppleCertificates checks at start)', async () => {
    const other = await ensureDevWalletCertificates(path.join(dir, 'other'));
    const mixed = { ...certificates, signerKey: other.signerKey };
    const files = unzip(await buildApplePass(input({ settings: { ...input().settings, certificates: mixed } })));
    const caFile = path.join(dir, 'wallet-dev', DEV_CERTIFICATE_FILES.wwdr);
    expect(await opensslVerifies(files.get('signature')!, files.get('manifest.json')!, caFile)).toBe(false);
  });
});
