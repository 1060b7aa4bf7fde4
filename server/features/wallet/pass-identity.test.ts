import { describe, expect, it } from 'vitest';
import { createDevWalletCertificates } from './dev-certificate.ts';
import { checkPassIdentity, WalletCertificateError } from './wallet-certificates.ts';

describe('checkPassIdentity', () => {
  it('accepts settings that match the certificate and names the setting that does not', async () => {
    const certs = await createDevWalletCertificates({ passTypeId: 'pass.com.example.cards', teamId: 'TEAM123456' });
    expect(() => checkPassIdentity(certs.signerCert, { passTypeId: 'pass.com.example.cards', teamId: 'TEAM123456' })).not.toThrow();
    expect(() => checkPassIdentity(certs.signerCert, { passTypeId: 'pass.com.other', teamId: 'TEAM123456' })).toThrow(/APPLE_PASS_TYPE_ID is pass\.com\.other/);
    expect(() => checkPassIdentity(certs.signerCert, { passTypeId: 'pass.com.example.cards', teamId: 'OTHERTEAM0' })).toThrow(WalletCertificateError);
  });
});
