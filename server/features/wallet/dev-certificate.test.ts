import { createPrivateKey, X509Certificate } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEV_CERTIFICATE_FILES, ensureDevWalletCertificates } from './dev-certificate.ts';
import { normaliseCertificates, readAppleCertificates, WalletCertificateError } from './wallet-certificates.ts';

let root: string;
let n = 0;
const freshDir = () => path.join(root, `set-${++n}`);

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'wallet-dev-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('ensureDevWalletCertificates', () => {
  it('makes a CA and a signer it issued, shaped like Apple certificates, as PEM files', async () => {
    const dir = freshDir();
    const certs = await ensureDevWalletCertificates(dir, { passTypeId: 'pass.com.example.test', teamId: 'TEAM123456' });
    const ca = new X509Certificate(certs.wwdr);
    const signer = new X509Certificate(certs.signerCert);
    expect(ca.ca).toBe(true);
    expect(ca.verify(ca.publicKey)).toBe(true);
    expect(signer.ca).toBe(false);
    expect(signer.checkIssued(ca)).toBe(true);
    expect(signer.verify(ca.publicKey)).toBe(true);
    expect(signer.checkPrivateKey(createPrivateKey(certs.signerKey))).toBe(true);
    expect(signer.subject).toContain('UID=pass.com.example.test');
    expect(signer.subject).toContain('OU=TEAM123456');
    expect(new Date(signer.validTo).getTime()).toBeGreaterThan(Date.now() + 365 * 24 * 3600 * 1000);

    expect(await readFile(path.join(dir, DEV_CERTIFICATE_FILES.wwdr), 'utf8')).toBe(certs.wwdr);
    expect(await readFile(path.join(dir, DEV_CERTIFICATE_FILES.signerCert), 'utf8')).toBe(certs.signerCert);
    expect(await readFile(path.join(dir, DEV_CERTIFICATE_FILES.signerKey), 'utf8')).toBe(certs.signerKey);
    expect((await stat(path.join(dir, DEV_CERTIFICATE_FILES.signerKey))).mode & 0o077).toBe(0);
  });

  it('reuses the set on the next start', async () => {
    const dir = freshDir();
    const first = await ensureDevWalletCertificates(dir);
    expect(await ensureDevWalletCertificates(dir)).toEqual(first);
  });

  it('makes a new set when the files on disk do not fit together', async () => {
    const dir = freshDir();
    const first = await ensureDevWalletCertificates(dir);
    const other = await ensureDevWalletCertificates(freshDir());
    await writeFile(path.join(dir, DEV_CERTIFICATE_FILES.signerKey), other.signerKey);
    const second = await ensureDevWalletCertificates(dir);
    expect(second.signerCert).not.toBe(first.signerCert);
    expect(new X509Certificate(second.signerCert).checkPrivateKey(createPrivateKey(second.signerKey))).toBe(true);
    expect(await ensureDevWalletCertificates(dir)).toEqual(second);
  });

  it('makes a new set when a file is not a PEM at all', async () => {
    const dir = freshDir();
    const first = await ensureDevWalletCertificates(dir);
    await writeFile(path.join(dir, DEV_CERTIFICATE_FILES.wwdr), 'garbage');
    expect((await ensureDevWalletCertificates(dir)).wwdr).not.toBe(first.wwdr);
  });
});

describe('readAppleCertificates', () => {
  let dir: string;
  beforeAll(async () => {
    dir = freshDir();
    await ensureDevWalletCertificates(dir);
  });
  const files = () => ({
    certPath: path.join(dir, DEV_CERTIFICATE_FILES.signerCert),
    keyPath: path.join(dir, DEV_CERTIFICATE_FILES.signerKey),
    wwdrPath: path.join(dir, DEV_CERTIFICATE_FILES.wwdr),
  });

  it('reads a PEM set as configured', async () => {
    const certs = await readAppleCertificates(files());
    expect(new X509Certificate(certs.signerCert).checkIssued(new X509Certificate(certs.wwdr))).toBe(true);
    expect(certs.signerKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    expect(certs.signerKeyPassphrase).toBeUndefined();
  });

  it('takes certificates in DER, as Apple hands them out', async () => {
    const derCert = path.join(dir, 'pass.cer');
    const derWwdr = path.join(dir, 'AppleWWDRCAG4.cer');
    await writeFile(derCert, new X509Certificate(await readFile(files().certPath)).raw);
    await writeFile(derWwdr, new X509Certificate(await readFile(files().wwdrPath)).raw);
    const certs = await readAppleCertificates({ ...files(), certPath: derCert, wwdrPath: derWwdr });
    expect(certs).toEqual(await readAppleCertificates(files()));
  });

  it('decrypts a key with its passphrase and refuses a wrong or missing one', async () => {
    const encrypted = path.join(dir, 'encrypted-key.pem');
    const key = createPrivateKey(await readFile(files().keyPath));
    await writeFile(encrypted, key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 's3cret' }));
    const certs = await readAppleCertificates({ ...files(), keyPath: encrypted, keyPassphrase: 's3cret' });
    expect(certs.signerKey).toMatch(/^-----BEGIN RSA PRIVATE KEY-----/);
    await expect(readAppleCertificates({ ...files(), keyPath: encrypted, keyPassphrase: 'wrong' })).rejects.toThrow(WalletCertificateError);
    await expect(readAppleCertificates({ ...files(), keyPath: encrypted })).rejects.toThrow(/APPLE_PASS_KEY_PASSPHRASE/);
  });

  it('refuses a key of another certificate, a signer of another CA, and a missing file', async () => {
    const otherDir = freshDir();
    await ensureDevWalletCertificates(otherDir);
    await expect(readAppleCertificates({ ...files(), keyPath: path.join(otherDir, DEV_CERTIFICATE_FILES.signerKey) })).rejects.toThrow(/does not belong/);
    await expect(readAppleCertificates({ ...files(), wwdrPath: path.join(otherDir, DEV_CERTIFICATE_FILES.wwdr) })).rejects.toThrow(/not issued by/);
    await expect(readAppleCertificates({ ...files(), certPath: path.join(dir, 'nope.pem') })).rejects.toThrow(/cannot read .*nope\.pem/);
    await expect(readAppleCertificates({ ...files(), certPath: files().keyPath })).rejects.toThrow(/not an X\.509 certificate/);
  });

  it('refuses a set that has expired by the given date (the dev set is renewed a month early)', async () => {
    const certs = await readAppleCertificates(files());
    const afterSignerExpiry = new Date(Date.now() + 3 * 365 * 24 * 3600 * 1000);
    expect(() => normaliseCertificates(certs, { certPath: 'pass.pem' }, afterSignerExpiry)).toThrow(/pass\.pem expired/);
    expect(normaliseCertificates(certs)).toEqual(certs);
  });
});
