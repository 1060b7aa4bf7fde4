import path from 'node:path';
import { cardLink } from '../../shared/card-link.ts';
import { ErrorCode } from '../../shared/error-codes.ts';
import type { Edition } from '../../shared/schemas/card.schema.ts';
import type { Owner } from '../auth/owner.guard.ts';
import type { Config } from '../config.ts';
import { AppError, conflict, notFound } from '../http/errors.ts';
import type { CardRepository } from '../repositories/card.repository.ts';
import type { ProfileRepository } from '../repositories/profile.repository.ts';
import type { Storage } from '../storage/storage.ts';
import type { ViewCounter } from './view-counter.ts';
import { buildApplePass } from '../wallet/apple-pass.builder.ts';
import { ensureDevWalletCertificates } from '../wallet/dev-certificate.ts';
import { buildGoogleSaveUrl, readGoogleServiceAccount, type GoogleServiceAccount } from '../wallet/google-wallet.builder.ts';
import { readAppleCertificates } from '../wallet/wallet-certificates.ts';
import type { WalletCertificates } from '../wallet/wallet.types.ts';

const notConfigured = (which: string) => new AppError(503, ErrorCode.notConfigured, `${which} passes are not configured on this server.`);

/**
 * Wallet passes of a card (D11): a signed Apple .pkpass and a "Save to Google Wallet" link,
 * both with the card link of D3 as QR code. Only for the caller's own card with a profile.
 */
export function createWalletService(deps: { config: Config; cards: CardRepository; profiles: ProfileRepository; storage: Storage; views: ViewCounter }) {
  const { config, cards, profiles, storage, views } = deps;
  const apple = config.wallet.apple;
  const google = config.wallet.google;

  // Loaded once, on first use or by prepare() at start: making a development key takes a second.
  let appleCertificates: Promise<WalletCertificates | null> | undefined;
  let googleAccount: Promise<GoogleServiceAccount | null> | undefined;
  const loadApple = () =>
    (appleCertificates ??=
      apple.certPath && apple.keyPath && apple.wwdrPath
        ? readAppleCertificates({
            certPath: apple.certPath,
            keyPath: apple.keyPath,
            wwdrPath: apple.wwdrPath,
            keyPassphrase: apple.keyPassphrase,
            expect: { passTypeId: apple.passTypeId, teamId: apple.teamId },
          })
        : config.isProduction
          ? Promise.resolve(null)
          : ensureDevWalletCertificates(path.join(config.dataDir, 'wallet-dev'), { passTypeId: apple.passTypeId, teamId: apple.teamId }));
  const loadGoogle = () => (googleAccount ??= google.serviceAccountPath ? readGoogleServiceAccount(google.serviceAccountPath) : Promise.resolve(null));

  async function cardWithProfile(owner: Owner, cardId: string) {
    const card = await cards.findOwn(owner.userId, cardId);
    if (!card) throw notFound(ErrorCode.cardNotFound, 'This card does not exist.');
    const profile = card.profileId ? await profiles.findOwn(owner.userId, card.profileId) : undefined;
    if (!profile) throw conflict(ErrorCode.cardWithoutProfile, 'Assign a profile to this card before adding it to a wallet.');
    return { card: { id: card.id, edition: card.edition as Edition }, profile, link: cardLink(config.publicUrl, card.id, 'wallet') };
  }

  return {
    /** Which wallets can answer, for the owner app's badges (D11: "the badge says so"). */
    availability(): { apple: boolean; google: boolean } {
      return { apple: Boolean(apple.certPath) || !config.isProduction, google: Boolean(google.serviceAccountPath && google.issuerId) };
    },

    /** Reads (or makes, outside production) the signing material, so a bad setting shows at start. */
    async prepare(): Promise<void> {
      await Promise.all([loadApple(), loadGoogle()]);
    },

    async applePass(owner: Owner, cardId: string): Promise<{ data: Buffer; fileName: string }> {
      const { card, profile, link } = await cardWithProfile(owner, cardId);
      const certificates = await loadApple();
      if (!certificates) throw notConfigured('Apple Wallet');
      const image = profile.profileImageKey ? await storage.get(profile.profileImageKey).catch(() => null) : null;
      const data = await buildApplePass({
        card,
        profile,
        profileImage: image?.data ?? null,
        cardLink: link,
        settings: { certificates, passTypeIdentifier: apple.passTypeId, teamIdentifier: apple.teamId, organizationName: 'Contact Cards' },
      });
      // Issue 12: a wallet pass handed out; the pass's QR code then brings `wallet` visits.
      views.countVisit({ profileId: profile.id, cardId: card.id, metric: 'walletPass', source: 'wallet' });
      return { data, fileName: `WalletCard-${card.id}.pkpass` };
    },

    async googleSaveUrl(owner: Owner, cardId: string, language: string): Promise<{ url: string }> {
      const { card, profile, link } = await cardWithProfile(owner, cardId);
      const serviceAccount = await loadGoogle();
      if (!serviceAccount || !google.issuerId) throw notConfigured('Google Wallet');
      // Google fetches pass images itself: only from a public https address.
      const heroImageUrl = config.publicUrl.startsWith('https://') ? `${config.publicUrl}/cards/editions/${card.edition}.png` : undefined;
      const url = await buildGoogleSaveUrl({
        card,
        profile,
        cardLink: link,
        serviceAccount,
        issuerId: google.issuerId,
        origins: [config.publicUrl],
        language,
        heroImageUrl,
      });
      views.countVisit({ profileId: profile.id, cardId: card.id, metric: 'walletPass', source: 'wallet' });
      return { url };
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;
