import { describe, expect, it } from 'vitest';
import { pickLanguage } from './language.ts';

const pick = (query: Record<string, unknown>, headers: Record<string, string>) => pickLanguage({ query, headers });

describe('pickLanguage (D1)', () => {
  it('takes ?lng first, then the i18next cookie, then Accept-Language by q-value', () => {
    expect(pick({ lng: 'de' }, { cookie: 'i18next=en', 'accept-language': 'en' })).toBe('de');
    expect(pick({}, { cookie: 'a=b; i18next=de-DE', 'accept-language': 'en' })).toBe('de');
    expect(pick({}, { 'accept-language': 'en;q=0.4, de-AT;q=0.9' })).toBe('de');
  });
  it('shows English for any language that is neither de nor en', () => {
    expect(pick({ lng: 'fr' }, {})).toBe('en');
    expect(pick({}, { 'accept-language': 'es-ES,es;q=0.9' })).toBe('en');
  });
  it('skips a malformed cookie or wildcard and uses the next hint', () => {
    expect(pick({}, { cookie: 'i18next=%E0', 'accept-language': 'de' })).toBe('de');
    expect(pick({}, { cookie: 'i18next=%E0de', 'accept-language': 'de' })).toBe('de');
    expect(pick({}, { 'accept-language': '*' })).toBe('en');
  });
});
