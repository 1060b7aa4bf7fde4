import type { Edition } from '../../../shared/schemas/card.schema.ts';
import type { Profile } from '../../../shared/schemas/profile.schema.ts';
import type { DisplayNameFields } from '../../../shared/display-name.ts';

/**
 * What signs an Apple pass, as PEM text (the shape passkit-generator takes). In production these
 * are Apple's: the Pass Type ID certificate, its private key and Apple's WWDR G4 intermediate;
 * in the default local run, the development set of `ensureDevWalletCertificates`.
 */
export interface WalletCertificates {
  /** Pass Type ID certificate (PEM) whose subject carries the pass type id and the team id. */
  signerCert: string;
  /** Its private key (PEM, PKCS#1 or PKCS#8, possibly encrypted). */
  signerKey: string;
  /** Passphrase of an encrypted `signerKey`; absent for a plain key. */
  signerKeyPassphrase?: string;
  /** The certificate that issued `signerCert`: Apple WWDR G4 in production. */
  wwdr: string;
}

/**
 * The profile fields a wallet pass shows; a subset of the stored profile (SPEC 3). E-mail and
 * phone only name a pass whose profile has no person or company (shared/display-name.ts).
 */
export type WalletProfile = Pick<Profile, 'firstName' | 'lastName' | 'personalTitle' | 'jobTitle' | 'companyName'> &
  Pick<DisplayNameFields, 'businessEmailAddress' | 'emailAddress' | 'businessMobileNumber' | 'businessPhoneNumber' | 'mobileNumber' | 'phoneNumber'>;

/** The card a pass is made for, shared by the Apple and Google builders. */
export interface WalletCardInput {
  /** The card: its id becomes the pass's serial number / object id, its edition the look. */
  card: { id: string; edition: Edition };
  /** The profile the card is assigned to. */
  profile: WalletProfile;
  /** The profile image as stored (PNG or JPEG); shown as the pass thumbnail when given. */
  profileImage?: Buffer | null;
  /** The card link of D3 (`{PUBLIC_URL}/card/{cardId}`): what the pass's QR code holds. */
  cardLink: string;
}
