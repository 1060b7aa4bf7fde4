import { createHash } from 'node:crypto';
import { editionInfo } from '../cards/index.ts';
import type { WalletCardInput } from './wallet.types.ts';
import { displayName } from '../../../shared/display-name.ts';
import type { Language } from '../../../shared/schemas/profile.schema.ts';

/** The texts both wallets show, derived once so Apple and Google passes read the same. */
export interface PassContent {
  /** "Dr. Anna Schmidt": the name the public page and the vCard show (shared/display-name.ts), never empty. */
  name: string;
  jobTitle: string;
  companyName: string;
  editionName: { de: string; en: string };
}

/**
 * Collects the texts of a pass from the card input; blank fields come back as ''. `language`
 * only picks the neutral name of a profile that gives none (Apple's pass is one for all languages: English).
 */
export function passContent(input: Pick<WalletCardInput, 'card' | 'profile'>, language: Language = 'en'): PassContent {
  const editionName = editionInfo(input.card.edition).displayName;
  return {
    name: displayName(input.profile, language),
    jobTitle: input.profile.jobTitle.trim(),
    companyName: input.profile.companyName.trim(),
    editionName,
  };
}

/**
 * A hash of everything an Apple pass shows (texts, edition, profile image, QR link): when it
 * differs from the one stored at the last download or check, the pass changed (issue 26).
 */
export function passContentHash(input: Pick<WalletCardInput, 'card' | 'profile' | 'cardLink'> & { profileImageKey: string | null }): string {
  const content = passContent(input);
  const shown = [content.name, content.jobTitle, content.companyName, input.card.edition, input.cardLink, input.profileImageKey ?? ''];
  return createHash('sha256').update(JSON.stringify(shown)).digest('base64url');
}
