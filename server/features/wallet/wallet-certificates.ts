import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { WalletCertificates } from './wallet.types.ts';

/** A wallet certificate set that cannot sign passes; the message says which file and why. */
export class WalletCertificateError extends Error {
  override name = 'WalletCertificateError';
}

/** The Apple settings as config.ts holds them: file paths, all three or none (D11). */
export interface AppleCertificatePaths {
  /** APPLE_PASS_CERT: the Pass Type ID certificate, PEM or DER (.cer as Apple hands it out). */
  certPath?: string;
  /** APPLE_PASS_KEY: its private key, PEM (PKCS#1 or PKCS#8, encrypted or not). */
  keyPath?: string;
  /** APPLE_PASS_KEY_PASSPHRASE: passphrase of an encrypted key. */
  keyPassphrase?: string;
  /** APPLE_WWDR_CERT: Apple's WWDR G4 intermediate, PEM or DER. */
  wwdrPath?: string;
  /** APPLE_PASS_TYPE_ID and APPLE_TEAM_ID, checked against the certificate's UID and OU when given. */
  expect?: { passTypeId: string; teamId: string };
}

/**
 * Reads the operator's Apple certificates (APPLE_PASS_CERT, APPLE_PASS_KEY(+_PASSPHRASE),
 * APPLE_WWDR_CERT) and checks them once, at start, so a wrong file shows up in the log rather
 * than as a failed download. The key comes back decrypted (PKCS#1 PEM, in memory only): Node
 * reads every key format OpenSSL writes, while the signing library (node-forge) does not.
 * Throws WalletCertificateError when a file is missing, unreadable or does not fit the others.
 */
export async function readAppleCertificates(
  paths: Required<Pick<AppleCertificatePaths, 'certPath' | 'keyPath' | 'wwdrPath'>> & AppleCertificatePaths,
): Promise<WalletCertificates> {
  const [cert, key, wwdr] = await Promise.all(
    [paths.certPath, paths.keyPath, paths.wwdrPath].map(async (file) => {
      try {
        return await readFile(file);
      } catch (error) {
        throw new WalletCertificateError(`cannot read ${file}: ${(error as Error).message}`);
      }
    }),
  );
  const certificates = normaliseCertificates({ signerCert: cert, signerKey: key, signerKeyPassphrase: paths.keyPassphrase, wwdr }, paths);
  if (paths.expect) checkPassIdentity(certificates.signerCert, paths.expect, paths.certPath);
  return certificates;
}

/**
 * Wallet refuses a pass whose passTypeIdentifier and teamIdentifier differ from the signer
 * certificate's UID and OU; this finds such a mismatch at start instead of on a phone.
 */
export function checkPassIdentity(signerCert: string, expect: { passTypeId: string; teamId: string }, certName = 'the signer certificate'): void {
  const subject = new X509Certificate(signerCert).subject.split('\n');
  const field = (name: string) => subject.find((line) => line.startsWith(`${name}=`))?.slice(name.length + 1);
  const uid = field('UID');
  const ou = field('OU');
  if (uid !== undefined && uid !== expect.passTypeId) {
    throw new WalletCertificateError(`${certName} is for pass type ${uid}, but APPLE_PASS_TYPE_ID is ${expect.passTypeId}`);
  }
  if (ou !== undefined && ou !== expect.teamId) {
    throw new WalletCertificateError(`${certName} belongs to team ${ou}, but APPLE_TEAM_ID is ${expect.teamId}`);
  }
}

/**
 * Checks that a certificate set can sign a pass today: both certificates parse, the key is an
 * RSA key (node-forge signs with RSA only) that belongs to the signer certificate, the signer
 * was issued by `wwdr`, and neither has expired. Answers the set as plain PEM, the key decrypted.
 */
export function normaliseCertificates(
  certs: { signerCert: string | Buffer; signerKey: string | Buffer; signerKeyPassphrase?: string; wwdr: string | Buffer },
  names: { certPath?: string; keyPath?: string; wwdrPath?: string } = {},
  now = new Date(),
): WalletCertificates {
  const signer = parseCertificate(certs.signerCert, names.certPath ?? 'signer certificate');
  const wwdr = parseCertificate(certs.wwdr, names.wwdrPath ?? 'WWDR certificate');
  const keyName = names.keyPath ?? 'signer key';
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: certs.signerKey, format: 'pem', passphrase: certs.signerKeyPassphrase });
  } catch (error) {
    const hint = certs.signerKeyPassphrase ? 'wrong passphrase or not a PEM key' : 'encrypted without APPLE_PASS_KEY_PASSPHRASE, or not a PEM key';
    throw new WalletCertificateError(`${keyName}: cannot read the private key (${hint}): ${(error as Error).message}`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new WalletCertificateError(`${keyName}: an RSA key is needed, got ${key.asymmetricKeyType}`);
  if (!signer.checkPrivateKey(key)) throw new WalletCertificateError(`${keyName} does not belong to ${names.certPath ?? 'the signer certificate'}`);
  if (!signer.checkIssued(wwdr) || !signer.verify(wwdr.publicKey)) {
    throw new WalletCertificateError(
      `${names.certPath ?? 'the signer certificate'} was not issued by ${names.wwdrPath ?? 'the WWDR certificate'} (Pass Type ID certificates of today need WWDR G4)`,
    );
  }
  for (const [cert, name] of [
    [signer, names.certPath ?? 'signer certificate'],
    [wwdr, names.wwdrPath ?? 'WWDR certificate'],
  ] as const) {
    if (new Date(cert.validTo) <= now) throw new WalletCertificateError(`${name} expired on ${cert.validTo}`);
  }
  return {
    signerCert: signer.toString(),
    signerKey: key.export({ type: 'pkcs1', format: 'pem' }).toString(),
    wwdr: wwdr.toString(),
  };
}

function parseCertificate(data: string | Buffer, name: string): X509Certificate {
  try {
    // X509Certificate takes PEM and DER alike; Apple hands out DER (.cer) files.
    return new X509Certificate(data);
  } catch (error) {
    throw new WalletCertificateError(`${name}: not an X.509 certificate in PEM or DER: ${(error as Error).message}`);
  }
}
