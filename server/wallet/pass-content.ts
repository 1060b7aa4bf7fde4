import { editionInfo } from '../cards/editions.ts';
import type { WalletCardInput, WalletProfile } from './wallet.types.ts';

/** The texts both wallets show, derived once so Apple and Google passes read the same. */
export interface PassContent {
  /** "Dr. Anna Schmidt"; the edition name when the profile has no name yet, since wallets need a title. */
  name: string;
  jobTitle: string;
  companyName: string;
  editionName: { de: string; en: string };
}

/** The owner's name as a contact shows it: personal title, first and last name, single-spaced. */
export function profileDisplayName(profile: WalletProfile): string {
  return [profile.personalTitle, profile.firstName, profile.lastName]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
}

/** Collects the texts of a pass from the card input; blank fields come back as ''. */
export function passContent(input: Pick<WalletCardInput, 'card' | 'profile'>): PassContent {
  const editionName = editionInfo(input.card.edition).displayName;
  return {
    name: profileDisplayName(input.profile) || editionName.en,
    jobTitle: input.profile.jobTitle.trim(),
    companyName: input.profile.companyName.trim(),
    editionName,
  };
}
