import { PassType, PKPass } from 'passkit-generator';
import sharp from 'sharp';
import type { Edition } from '../../../shared/schemas/card.schema.ts';
import { editionPng, editionInfo } from '../cards/index.ts';
import { passContent } from './pass-content.ts';
import type { WalletCardInput, WalletCertificates } from './wallet.types.ts';

/** What the operator configures for Apple Wallet (D11), or the development stand-ins. */
export interface ApplePassSettings {
  /** Signing set: Apple's (readAppleCertificates) or the development one (ensureDevWalletCertificates). */
  certificates: WalletCertificates;
  /** APPLE_PASS_TYPE_ID; must equal the UID in the signer certificate or Wallet refuses the pass. */
  passTypeIdentifier: string;
  /** APPLE_TEAM_ID; must equal the OU in the signer certificate. */
  teamIdentifier: string;
  /** Shown on the lock screen and in Wallet's pass details, e.g. the company selling the cards. */
  organizationName: string;
}

/** A card plus the Apple settings: everything one .pkpass is made from. */
export interface ApplePassInput extends WalletCardInput {
  settings: ApplePassSettings;
  /** Apple's web service for passes (issue 26): where devices ask for updates, and the pass's token for it. */
  webService?: { url: string; authenticationToken: string };
}

// Labels and fixed texts are pass.strings keys, so Wallet shows them in the phone's language (D1).
const STRINGS = {
  en: { description: 'Digital contact card', job_title: 'Position', company: 'Company', edition: 'Edition', profile_link: 'Profile' },
  de: { description: 'Digitale Visitenkarte', job_title: 'Position', company: 'Firma', edition: 'Edition', profile_link: 'Profil' },
} as const;

/**
 * A signed Apple Wallet pass (.pkpass, a zip) for a card (D11): a generic pass with the owner's
 * name as primary field, job title and company below, the edition's colours and art, the profile
 * image as thumbnail when there is one, and a QR code holding the card link (D3), so scanning
 * the phone works like scanning the card. The serial number is the card id, which makes a new
 * download replace the pass already in Wallet instead of adding a second one.
 */
export async function buildApplePass(input: ApplePassInput): Promise<Buffer> {
  const { card, settings } = input;
  const content = passContent(input);
  const colors = editionInfo(card.edition).walletColors;

  const images = await editionImages(card.edition);
  if (input.profileImage) Object.assign(images, await thumbnails(input.profileImage));

  const pass = new PKPass(images, settings.certificates, {
    formatVersion: 1,
    serialNumber: card.id,
    passTypeIdentifier: settings.passTypeIdentifier,
    teamIdentifier: settings.teamIdentifier,
    organizationName: settings.organizationName,
    description: 'description',
    backgroundColor: colors.background,
    foregroundColor: colors.foreground,
    labelColor: colors.label,
    ...(input.webService ? { webServiceURL: input.webService.url, authenticationToken: input.webService.authenticationToken } : {}),
  });

  const generic = new PassType('generic');
  generic.primaryFields.push({ key: 'name', value: content.name });
  if (content.jobTitle) generic.secondaryFields.push({ key: 'jobTitle', label: 'job_title', value: content.jobTitle });
  if (content.companyName) generic.auxiliaryFields.push({ key: 'company', label: 'company', value: content.companyName });
  generic.auxiliaryFields.push({ key: 'edition', label: 'edition', value: 'edition_name', textAlignment: 'PKTextAlignmentRight' });
  // On the back the link is tappable, for when someone asks "send me your card" instead of scanning.
  generic.backFields.push({ key: 'profileLink', label: 'profile_link', value: input.cardLink, dataDetectorTypes: ['PKDataDetectorTypeLink'] });
  pass.types.push(generic);

  // iso-8859-1 is what Wallet expects for QR payloads; the card link is plain ASCII (D2, D3).
  pass.setBarcodes({ format: 'PKBarcodeFormatQR', message: input.cardLink, messageEncoding: 'iso-8859-1' });

  for (const language of ['en', 'de'] as const) {
    pass.localize(language, { ...STRINGS[language], edition_name: content.editionName[language] });
  }
  return pass.getAsBuffer();
}

// Wallet's image sizes in points; files come at 1x, 2x and 3x. A generic pass shows icon, logo
// and thumbnail only (no strip image), so the edition's art is the logo, sized to the 50 pt
// logo height, and the icon (lock screen, notifications) is the round coin, whatever the edition.
const SCALES = [1, 2, 3] as const;
const ICON_PT = 29;
const LOGO_PT = { width: 160, height: 50 };
const THUMBNAIL_PT = 90;

const suffix = (scale: number) => (scale === 1 ? '' : `@${scale}x`);

async function editionImages(edition: Edition): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  await Promise.all(
    SCALES.map(async (scale) => {
      files[`icon${suffix(scale)}.png`] = await editionPng('firstEditionCoin', { width: ICON_PT * scale, height: ICON_PT * scale });
      files[`logo${suffix(scale)}.png`] = await editionPng(edition, { width: LOGO_PT.width * scale, height: LOGO_PT.height * scale });
    }),
  );
  return files;
}

async function thumbnails(image: Buffer): Promise<Record<string, Buffer>> {
  const files: Record<string, Buffer> = {};
  await Promise.all(
    SCALES.map(async (scale) => {
      const side = THUMBNAIL_PT * scale;
      // Wallet takes PNG only; the stored image may be JPEG, and may be any size or orientation.
      files[`thumbnail${suffix(scale)}.png`] = await sharp(image).rotate().resize(side, side, { fit: 'cover' }).png().toBuffer();
    }),
  );
  return files;
}
