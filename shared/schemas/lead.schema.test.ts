import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CONTACT_CONSENT_VERSION } from './lead.schema.ts';

const consentOf = (lng: string) =>
  (JSON.parse(readFileSync(new URL(`../../locales/${lng}/profile.json`, import.meta.url), 'utf8')) as Record<string, string>).contact_consent;

describe('the consent line (issue 12)', () => {
  it('has not changed without a new CONTACT_CONSENT_VERSION (leads store text and version together)', () => {
    const fingerprint = createHash('sha256')
      .update(`${consentOf('de')}\n${consentOf('en')}`)
      .digest('hex')
      .slice(0, 16);
    // A new wording: bump CONTACT_CONSENT_VERSION and write both new values here.
    expect({ version: CONTACT_CONSENT_VERSION, fingerprint }).toEqual({ version: '2026-11-25', fingerprint: 'b01410c61cb72bfe' });
  });

  it('names the owner in both languages', () => {
    for (const lng of ['de', 'en']) expect(consentOf(lng)).toContain('{{name}}');
  });
});
