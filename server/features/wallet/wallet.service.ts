import path from 'node:path';
import { cardLink } from '../../../shared/card-link.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import type { Edition } from '../../../shared/schemas/card.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { Config } from '../../config.ts';
import { AppError, conflict, notFound } from '../../http/errors.ts';
import type { OwnCards } from '../cards/index.ts';
import type { ProfileChanges } from '../profiles/index.ts';
import type { Storage } from '../../storage/storage.ts';
import type { VisitClient, VisitService } from '../stats/index.ts';
import type { ApplePassTokens } from './apple-pass-token.ts';
import { passContentHash } from './pass-content.ts';
import type { WalletPassRepository } from './wallet-pass.repository.ts';
import {
  buildGoogleSaveUrl,
  googleGenericObject,
  googleObjectHash,
  readGoogleServiceAccount,
  type GoogleGenericObject,
  type GoogleServiceAccount,
} from './google-wallet.builder.ts';
import type { GoogleWalletObjectRepository } from './google-wallet-object.repository.ts';
import { GOOGLE_UPDATE_DELAY_MS } from './google-update-schedule.ts';
import { randomId } from '../../lib/ids.ts';
import { readAppleCertificates } from './wallet-certificates.ts';
import type { WalletCertificates } from './wallet.types.ts';

const notConfigured = (which: string) => new AppError(503, ErrorCode.notConfigured, `${which} passes are not configured on this server.`);

/**
 * Wallet passes of a card (D11): a signed Apple .pkpass and a "Save to Google Wallet" link,
 * both with the card link of D3 as QR code. Only for the caller's own card with a profile.
 */
export function createWalletService(deps: {
  config: Config;
  cards: OwnCards;
  profiles: ProfileChanges;
  storage: Storage;
  /** The one entry of counted visits (issue 34): a pass handed out counts by the visit rule too. */
  visits: Pick<VisitService, 'record'>;
  passes: WalletPassRepository;
  tokens: ApplePassTokens;
  /** Issue 26: the Google pass objects that save links carried, kept current by google-wallet-updates.ts. */
  googleObjects: GoogleWalletObjectRepository;
  /** Issue 39: a company profile's pages at its organisation's own host once verified (server/features/page-domains). */
  pageOrigins?: { of(profileId: string): Promise<string | null> };
}) {
  const { config, cards, profiles, storage, visits, passes, tokens, googleObjects } = deps;
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
          : // The signing libraries (node-forge, passkit-generator) load with the first pass, not with the server.
            import('./dev-certificate.ts').then((m) =>
              m.ensureDevWalletCertificates(path.join(config.dataDir, 'wallet-dev'), { passTypeId: apple.passTypeId, teamId: apple.teamId }),
            ));
  const loadGoogle = () =>
    (googleAccount ??= google.serviceAccountPath ? checkGoogleApis().then(() => readGoogleServiceAccount(google.serviceAccountPath!)) : Promise.resolve(null));
  /** The issuer id names every object; access tokens and owners' names travel to the two APIs (issue 26): never in clear text in production. */
  async function checkGoogleApis(): Promise<void> {
    if (!/^\d+$/.test(google.issuerId ?? '')) throw new Error('GOOGLE_WALLET_ISSUER_ID must be the numeric issuer id of the Pay & Wallet console');
    for (const [name, url] of [
      ['GOOGLE_OAUTH_TOKEN_URL', google.tokenUrl],
      ['GOOGLE_WALLET_API_URL', google.apiUrl],
    ] as const)
      if (config.isProduction && !url.startsWith('https://')) throw new Error(`${name} must be an https:// address in production, not ${url}`);
  }

  /** A card of this owner with its profile, as a pass shows it now; undefined when either is missing. */
  async function passSubject(userId: string, cardId: string) {
    const card = await cards.findOwn(userId, cardId);
    const profile = card?.profileId ? await profiles.findOwn(userId, card.profileId) : undefined;
    if (!card || !profile) return { card, profile: undefined };
    const origin = (await deps.pageOrigins?.of(profile.id)) ?? config.publicUrl;
    const subject = { card: { id: card.id, edition: card.edition as Edition }, profile, cardLink: cardLink(origin, card.id, 'wallet') };
    return { card, profile, subject: { ...subject, contentHash: passContentHash({ ...subject, profileImageKey: profile.profileImageKey }) } };
  }
  type PassSubject = NonNullable<Awaited<ReturnType<typeof passSubject>>['subject']>;

  /** The pass subject of the owner's card; `registeredAgain` when this is not the card's first registration (it was reset since). */
  async function cardWithProfile(owner: Owner, cardId: string): Promise<PassSubject & { registeredAgain: boolean }> {
    const { card, subject } = await passSubject(owner.userId, cardId);
    if (!card) throw notFound(ErrorCode.cardNotFound, 'This card does not exist.');
    if (!subject) throw conflict(ErrorCode.cardWithoutProfile, 'Assign a profile to this card before adding it to a wallet.');
    return { ...subject, registeredAgain: card.registered !== null && (card.firstRegistered ?? card.registered) !== card.registered };
  }

  /** The signed .pkpass of a card as it is now, with the web service that keeps it current (issue 26). */
  async function signedApplePass(userId: string, subject: PassSubject): Promise<Buffer> {
    const certificates = await loadApple();
    if (!certificates) throw notConfigured('Apple Wallet');
    const { profile } = subject;
    const image = profile.profileImageKey ? await storage.get(profile.profileImageKey).catch(() => null) : null;
    const { buildApplePass } = await import('./apple-pass.builder.ts');
    return buildApplePass({
      ...subject,
      profileImage: image?.data ?? null,
      webService: { url: appleWebServiceUrl(config.publicUrl), authenticationToken: tokens.tokenOf(subject.card.id, userId) },
      settings: { certificates, passTypeIdentifier: apple.passTypeId, teamIdentifier: apple.teamId, organizationName: 'Contact Cards' },
    });
  }

  /** What a card's Google pass object is made from; the language is the save link's request's (D1). */
  function googleObjectInput(subject: PassSubject, issuerId: string, language: string, objectKey: string) {
    const { card, profile, cardLink: link } = subject;
    // Google fetches pass images itself: only from a public https address.
    const heroImageUrl = config.publicUrl.startsWith('https://') ? `${config.publicUrl}/cards/editions/${card.edition}.png` : undefined;
    return { card, profile, cardLink: link, issuerId, objectKey, language: language === 'de' ? 'de' : 'en', heroImageUrl };
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

    async applePass(owner: Owner, cardId: string, client: VisitClient): Promise<{ data: Buffer; fileName: string }> {
      const subject = await cardWithProfile(owner, cardId);
      const data = await signedApplePass(owner.userId, subject);
      await passes.saveDownload({ serialNumber: subject.card.id, userId: owner.userId, contentHash: subject.contentHash, updated: passStamp(Date.now()) });
      visits.record({ profileId: subject.profile.id, cardId: subject.card.id, metric: 'walletPass', source: 'wallet' }, client);
      return { data, fileName: `WalletCard-${subject.card.id}.pkpass` };
    },

    /**
     * What Apple's web service needs of a downloaded pass (apple-web-service.service.ts): what it
     * shows now (its content hash), and the signed file. Undefined once the card is no longer this
     * owner's or has no profile.
     */
    updatablePass: {
      async current(userId: string, serialNumber: string): Promise<PassSubject | undefined> {
        return (await passSubject(userId, serialNumber)).subject;
      },
      sign: signedApplePass,
    },

    async googleSaveUrl(owner: Owner, cardId: string, language: string, client: VisitClient): Promise<{ url: string }> {
      const subject = await cardWithProfile(owner, cardId);
      const serviceAccount = await loadGoogle();
      if (!serviceAccount || !google.issuerId) throw notConfigured('Google Wallet');
      const objectKey = await googleObjects.objectKeyFor(google.issuerId, subject.card.id, owner.userId, subject.registeredAgain, () => randomId(8));
      const input = googleObjectInput(subject, google.issuerId, language, objectKey);
      const url = await buildGoogleSaveUrl({ ...input, serviceAccount, origins: [config.publicUrl] });
      // Issue 26: the object the link carries, so a later profile change can update the saved pass.
      const object = googleGenericObject(input);
      const now = Date.now();
      await googleObjects.remember(
        { objectId: object.id, cardId: subject.card.id, userId: owner.userId, language: input.language, contentHash: googleObjectHash(object) },
        now,
        now + GOOGLE_UPDATE_DELAY_MS,
      );
      visits.record({ profileId: subject.profile.id, cardId: subject.card.id, metric: 'walletPass', source: 'wallet' }, client);
      return { url };
    },

    /** Issue 26, for google-wallet-updates.ts: the service account, and what a saved Google pass shows now. */
    google: {
      account: loadGoogle,
      /** The object as the pass should show it now; undefined when the card is no longer its owner's, has no profile, or the issuer changed. */
      async objectFor(stored: { objectId: string; userId: string; cardId: string; language: string }): Promise<GoogleGenericObject | undefined> {
        const prefix = `${google.issuerId}.`;
        if (!google.issuerId || !stored.objectId.startsWith(prefix)) return undefined;
        const { subject } = await passSubject(stored.userId, stored.cardId);
        const objectKey = stored.objectId.slice(prefix.length);
        return subject ? googleGenericObject(googleObjectInput(subject, google.issuerId, stored.language, objectKey)) : undefined;
      },
    },
  };
}
export type WalletService = ReturnType<typeof createWalletService>;

/** Where a pass's device asks for updates: Apple appends `/v1/devices/…` and `/v1/passes/…` (apple-web-service.routes.ts). */
export const APPLE_WEB_SERVICE_PATH = '/wallet/apple';
export const appleWebServiceUrl = (publicUrl: string) => `${publicUrl.replace(/\/+$/, '')}${APPLE_WEB_SERVICE_PATH}`;

/**
 * A pass's `updated`: whole seconds, since Last-Modified and If-Modified-Since carry no more,
 * and a second up so a change within the second of the last one is still newer.
 */
export const passStamp = (now: number, previous = 0) => Math.max(Math.ceil(now / 1000) * 1000, previous + 1000);
