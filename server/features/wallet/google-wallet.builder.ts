import { createHash, createPrivateKey } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { SignJWT } from 'jose';
import { editionInfo, rgbToHex } from '../cards/index.ts';
import { passContent } from './pass-content.ts';
import type { WalletCardInput } from './wallet.types.ts';

/** The fields of a Google Cloud service-account JSON key that the server reads: signing needs the e-mail and the key. */
export interface GoogleServiceAccount {
  client_email: string;
  /** PEM private key as in the JSON key file (PKCS#8, `\n` already unescaped by JSON.parse). */
  private_key: string;
  /** The key's id, sent as `kid` of the token request's assertion so Google picks the key at once. */
  private_key_id?: string;
}

/** What one Google Wallet pass object shows (D11): the card, its profile and the texts' language. */
export interface GoogleObjectInput extends Omit<WalletCardInput, 'profileImage'> {
  /** GOOGLE_WALLET_ISSUER_ID: the numeric issuer id from the Pay & Wallet console. */
  issuerId: string;
  /** Last part of the pass class id (`{issuerId}.{classSuffix}`); one class for all cards by default. */
  classSuffix?: string;
  /** Language of the texts on the pass; anything but de reads English (D1). */
  language?: string;
  /**
   * The object id after `{issuerId}.`: the card id by default; another owner's later pass of the
   * same card gets its own (google-wallet-object.repository.ts#objectKeyFor).
   */
  objectKey?: string;
  /** Public https URL of a PNG/JPEG shown as the round logo; Google fetches it, so no SVG, no localhost. */
  logoUrl?: string;
  /** Public https URL of a wide PNG/JPEG shown as the banner, e.g. the edition art. */
  heroImageUrl?: string;
}

/** Everything one Google Wallet save link is made from (D11). */
export interface GoogleSaveInput extends GoogleObjectInput {
  /** Key of a service account that the Google Pay & Wallet console lists as a user of the issuer. */
  serviceAccount: GoogleServiceAccount;
  /** Web origins allowed to show a "Save to Google Wallet" button with this JWT (e.g. PUBLIC_URL). */
  origins: string[];
}

/** A generic pass object as the Wallet API takes it (only the fields this server writes). */
export type GoogleGenericObject = ReturnType<typeof googleGenericObject>;

/** Where a signed JWT turns into the "Add to Google Wallet" page. */
export const GOOGLE_SAVE_URL = 'https://pay.google.com/gp/v/save/';

const DEFAULT_CLASS_SUFFIX = 'contact_card';
// Google allows letters, digits, '.', '_' and '-' after the issuer id in class and object ids.
const ID_PART = /^[A-Za-z0-9._-]+$/;

const TEXTS = {
  en: { company: 'Company', profile: 'Profile' },
  de: { company: 'Firma', profile: 'Profil' },
} as const;

/**
 * The generic pass object of a card (D11): the owner's name as header, job title as subheader,
 * the company as a text module, the edition's name and colour, and a QR code holding the card
 * link of D3. The object id is `{issuerId}.{cardId}` (one pass per card and owner), which the
 * save link creates and the Wallet API's PATCH keeps current (issue 26, google-wallet-updates.ts).
 */
export function googleGenericObject(input: GoogleObjectInput) {
  const { card, cardLink, issuerId } = input;
  if (!/^\d+$/.test(issuerId)) throw new TypeError('issuerId must be the numeric Google Wallet issuer id');
  const classSuffix = input.classSuffix ?? DEFAULT_CLASS_SUFFIX;
  if (!ID_PART.test(classSuffix)) throw new TypeError('classSuffix may contain only letters, digits, ".", "_" and "-"');
  const objectKey = input.objectKey ?? card.id;
  if (!ID_PART.test(objectKey)) throw new TypeError('card id is not usable in a Google Wallet object id');

  const language = input.language === 'de' ? 'de' : 'en';
  const text = (value: string) => ({ defaultValue: { language, value } });
  const content = passContent(input, language);
  return {
    id: `${issuerId}.${objectKey}`,
    classId: `${issuerId}.${classSuffix}`,
    state: 'ACTIVE',
    cardTitle: text(content.editionName[language]),
    header: text(content.name),
    ...(content.jobTitle ? { subheader: text(content.jobTitle) } : {}),
    ...(content.companyName ? { textModulesData: [{ id: 'company', header: TEXTS[language].company, body: content.companyName }] } : {}),
    barcode: { type: 'QR_CODE', value: cardLink },
    linksModuleData: { uris: [{ id: 'profile', uri: cardLink, description: TEXTS[language].profile }] },
    hexBackgroundColor: rgbToHex(editionInfo(card.edition).walletColors.background),
    ...(input.logoUrl ? { logo: { sourceUri: { uri: input.logoUrl } } } : {}),
    ...(input.heroImageUrl ? { heroImage: { sourceUri: { uri: input.heroImageUrl } } } : {}),
  };
}

/** Optional fields of the object that a PATCH must clear when the pass no longer shows them. */
const CLEARABLE = ['subheader', 'textModulesData', 'logo', 'heroImage'] as const;

/**
 * The body of `PATCH genericObject/{id}` that makes a saved pass show `object` (issue 26). The
 * Wallet API patches: a field left out keeps its old value, so a field the pass no longer shows
 * (a job title removed) is sent as null, which clears it; arrays are replaced whole. The id and
 * class stay as they are (the class is not ours to move).
 */
export function googleObjectPatch(object: GoogleGenericObject): Record<string, unknown> {
  const { id: _id, classId: _classId, ...fields } = object;
  const patch: Record<string, unknown> = { ...fields };
  for (const field of CLEARABLE) if (!(field in patch)) patch[field] = null;
  return patch;
}

/** A hash of what a pass object shows: a PATCH goes out only when it differs from what Google has. */
export const googleObjectHash = (object: GoogleGenericObject) => createHash('sha256').update(JSON.stringify(object)).digest('base64url');

/**
 * A "Save to Google Wallet" link for a card (D11): a JWT signed RS256 with the service account's
 * key that carries the card's generic pass object (googleGenericObject). Saving creates the
 * object; its class travels in the same JWT, so no Wallet API call is needed beforehand.
 */
export async function buildGoogleSaveUrl(input: GoogleSaveInput): Promise<string> {
  const genericObject = googleGenericObject(input);
  const jwt = await new SignJWT({
    origins: input.origins,
    typ: 'savetowallet',
    payload: { genericClasses: [{ id: genericObject.classId }], genericObjects: [genericObject] },
  })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(input.serviceAccount.client_email)
    .setAudience('google')
    .setIssuedAt()
    // Node parses any PEM form a key file may hold; jose signs with the resulting KeyObject.
    .sign(createPrivateKey(input.serviceAccount.private_key));
  return GOOGLE_SAVE_URL + jwt;
}

/**
 * Reads the service-account JSON key named by GOOGLE_WALLET_SERVICE_ACCOUNT and checks, at start,
 * that it holds an e-mail and a usable private key, so a wrong file is reported once in the log
 * rather than as a broken save link later.
 */
export async function readGoogleServiceAccount(file: string): Promise<GoogleServiceAccount> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the Google service-account key ${file}: ${(error as Error).message}`, { cause: error });
  }
  const { client_email, private_key, private_key_id } = (parsed ?? {}) as Partial<Record<string, unknown>>;
  if (typeof client_email !== 'string' || !client_email.includes('@') || typeof private_key !== 'string') {
    throw new Error(`${file} is not a service-account key: client_email and private_key are missing`);
  }
  try {
    createPrivateKey(private_key);
  } catch (error) {
    throw new Error(`${file}: private_key is not a PEM private key: ${(error as Error).message}`, { cause: error });
  }
  return { client_email, private_key, ...(typeof private_key_id === 'string' && private_key_id ? { private_key_id } : {}) };
}
