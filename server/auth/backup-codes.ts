import { randomInt } from 'node:crypto';

/**
 * Letters and digits that cannot be mistaken for one another when read off paper or a phone:
 * no 0/O, no 1/l/I (issue 23), upper case only.
 */
export const BACKUP_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

/**
 * Two-factor backup codes for better-auth's `customBackupCodesGenerate`: `amount` codes of
 * `length` characters from {@link BACKUP_CODE_ALPHABET}, split in two halves by a hyphen as
 * better-auth writes its own (`ABCDE-FGHJK`). 31^10 is about 2^49.5 per code.
 */
export function readableBackupCodes(amount = 10, length = 10): string[] {
  return Array.from({ length: amount }, () => {
    let code = '';
    for (let i = 0; i < length; i++) code += BACKUP_CODE_ALPHABET[randomInt(BACKUP_CODE_ALPHABET.length)];
    return `${code.slice(0, Math.ceil(length / 2))}-${code.slice(Math.ceil(length / 2))}`;
  });
}
