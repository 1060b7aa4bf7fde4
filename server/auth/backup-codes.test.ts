import { describe, expect, it } from 'vitest';
import { BACKUP_CODE_ALPHABET, readableBackupCodes } from './backup-codes.ts';

describe('readableBackupCodes (issue 23)', () => {
  it('makes ten distinct codes of ten characters without look-alikes, as ABCDE-FGHJK', () => {
    const codes = readableBackupCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/);
    expect(BACKUP_CODE_ALPHABET).not.toMatch(/[01OIL]/);
  });
});
