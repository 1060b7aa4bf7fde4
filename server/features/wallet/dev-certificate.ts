/**
 * Development certificates for Apple Wallet passes (D11).
 *
 * Without Apple's certificates the default local run still produces a real, signed .pkpass, so
 * the download flow works end to end; iPhones refuse it because the chain does not end at Apple.
 * The set lives in `dir` (DATA_DIR/wallet-dev by convention) and is reused on the next start:
 *   dev-wwdr-ca.pem          self-signed CA standing in for Apple's WWDR G4 (its key is discarded)
 *   dev-pass-signer.pem      Pass Type ID certificate issued by that CA
 *   dev-pass-signer-key.pem  the signer's private key (file mode 0600)
 *
 * Putting in Apple's real certificates (settings read by server/config.ts, all file paths):
 *   1. In the Apple Developer account create a Pass Type ID (e.g. pass.com.example.cards) and
 *      its certificate; download it (pass.cer, DER) and Apple's "Worldwide Developer Relations
 *      - G4" intermediate (AppleWWDRCAG4.cer). DER and PEM are both accepted.
 *   2. The private key: export certificate + key from Keychain as a .p12, then
 *        openssl pkcs12 -in pass.p12 -nocerts -out pass-key.pem            (asks for a passphrase)
 *      or, for the certificate too: openssl pkcs12 -in pass.p12 -clcerts -nokeys -out pass-cert.pem
 *      (OpenSSL 3 may need -legacy for .p12 files exported by older macOS.)
 *   3. Set APPLE_PASS_CERT=pass-cert.pem (or pass.cer), APPLE_PASS_KEY=pass-key.pem,
 *      APPLE_PASS_KEY_PASSPHRASE=<the passphrase, if the key is encrypted>,
 *      APPLE_WWDR_CERT=AppleWWDRCAG4.cer, APPLE_PASS_TYPE_ID=pass.com.example.cards and
 *      APPLE_TEAM_ID=<the 10-character team id shown in the certificate's OU>.
 *   readAppleCertificates (wallet-certificates.ts) checks them at start; nothing here is used then.
 */
import { generateKeyPair, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';
import { normaliseCertificates, WalletCertificateError } from './wallet-certificates.ts';
import type { WalletCertificates } from './wallet.types.ts';

/** File names of the development set inside its folder. */
export const DEV_CERTIFICATE_FILES = {
  wwdr: 'dev-wwdr-ca.pem',
  signerCert: 'dev-pass-signer.pem',
  signerKey: 'dev-pass-signer-key.pem',
} as const;

/** Identifiers written into a development signer certificate, as Apple writes them into real ones. */
export interface DevCertificateOptions {
  /** APPLE_PASS_TYPE_ID; becomes the certificate's UID. */
  passTypeId?: string;
  /** APPLE_TEAM_ID; becomes the certificate's OU. */
  teamId?: string;
}

const generateRsaKeyPair = promisify(generateKeyPair);
const DAY = 24 * 60 * 60 * 1000;
// Reissue a little before the end, so a server started just before expiry does not sign with a dying cert.
const RENEW_BEFORE = 30 * DAY;

/**
 * The development certificate set in `dir`: read when a complete, matching and not nearly
 * expired set is there, otherwise made anew with node-forge and written. Safe to call on every
 * start; two processes starting at once may both write, and each still answers a matching set.
 */
export async function ensureDevWalletCertificates(dir: string, options: DevCertificateOptions = {}): Promise<WalletCertificates> {
  const existing = await readDevCertificates(dir);
  if (existing) return existing;
  const fresh = await createDevWalletCertificates(options);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await writeAtomically(path.join(dir, DEV_CERTIFICATE_FILES.wwdr), fresh.wwdr, 0o644);
  await writeAtomically(path.join(dir, DEV_CERTIFICATE_FILES.signerCert), fresh.signerCert, 0o644);
  await writeAtomically(path.join(dir, DEV_CERTIFICATE_FILES.signerKey), fresh.signerKey, 0o600);
  return fresh;
}

async function readDevCertificates(dir: string): Promise<WalletCertificates | null> {
  let files: string[];
  try {
    files = await Promise.all(
      [DEV_CERTIFICATE_FILES.signerCert, DEV_CERTIFICATE_FILES.signerKey, DEV_CERTIFICATE_FILES.wwdr].map((name) => readFile(path.join(dir, name), 'utf8')),
    );
  } catch {
    return null;
  }
  const [signerCert, signerKey, wwdr] = files;
  try {
    // Checked as of a month ahead: a set that would expire soon is replaced now.
    return normaliseCertificates({ signerCert, signerKey, wwdr }, {}, new Date(Date.now() + RENEW_BEFORE));
  } catch (error) {
    // A half-written or mismatched set (say, from two first starts at once) is simply made again.
    if (error instanceof WalletCertificateError) return null;
    throw error;
  }
}

/**
 * Makes a new development set in memory: a self-signed CA in place of Apple's WWDR and an RSA
 * 2048 signer certificate it issued, shaped like Apple's (UID = pass type id, OU = team id).
 */
export async function createDevWalletCertificates(options: DevCertificateOptions = {}): Promise<WalletCertificates> {
  const passTypeId = options.passTypeId ?? 'pass.com.example.contactcards';
  const teamId = options.teamId ?? 'DEVTEAM000';
  // Node makes the keys (native, milliseconds); node-forge only builds the certificates, which Node cannot.
  const [caKeys, signerKeys] = await Promise.all([newKeyPair(), newKeyPair()]);
  const now = Date.now();

  const caSubject: forge.pki.CertificateField[] = [
    { name: 'commonName', value: 'Contact Cards Development WWDR CA (not Apple)' },
    { name: 'organizationalUnitName', value: 'Development only' },
    { name: 'organizationName', value: 'Contact Cards' },
  ];
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = serialNumber();
  ca.validity.notBefore = new Date(now - DAY);
  ca.validity.notAfter = new Date(now + 10 * 365 * DAY);
  ca.setSubject(caSubject);
  ca.setIssuer(caSubject);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const signer = forge.pki.createCertificate();
  signer.publicKey = signerKeys.publicKey;
  signer.serialNumber = serialNumber();
  signer.validity.notBefore = new Date(now - DAY);
  signer.validity.notAfter = new Date(now + 2 * 365 * DAY);
  signer.setSubject([
    { type: '0.9.2342.19200300.100.1.1', value: passTypeId }, // UID, as in Apple's Pass Type ID certificates
    { name: 'commonName', value: `Pass Type ID: ${passTypeId} (development)` },
    { name: 'organizationalUnitName', value: teamId },
    { name: 'organizationName', value: 'Contact Cards' },
  ]);
  signer.setIssuer(caSubject);
  signer.setExtensions([
    { name: 'basicConstraints', cA: false, critical: true },
    { name: 'keyUsage', digitalSignature: true, critical: true },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.generateSubjectKeyIdentifier().getBytes() },
  ]);
  signer.sign(caKeys.privateKey, forge.md.sha256.create());

  // Passed through the same normalisation as a set read back from disk (LF line ends), so a
  // fresh set and its reuse on the next start are the same strings.
  return normaliseCertificates({
    wwdr: forge.pki.certificateToPem(ca),
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: forge.pki.privateKeyToPem(signerKeys.privateKey),
  });
}

async function newKeyPair(): Promise<{ publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey }> {
  const pair = await generateRsaKeyPair('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey) as forge.pki.rsa.PublicKey,
    privateKey: forge.pki.privateKeyFromPem(pair.privateKey) as forge.pki.rsa.PrivateKey,
  };
}

/** A random positive serial: the leading 0x01 keeps the DER integer from reading as negative. */
function serialNumber(): string {
  return `01${randomBytes(15).toString('hex')}`;
}

// Write then rename, so a crash or a concurrent reader never sees half a PEM file.
async function writeAtomically(file: string, content: string, mode: number): Promise<void> {
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(temp, content, { mode });
  await rename(temp, file);
}
