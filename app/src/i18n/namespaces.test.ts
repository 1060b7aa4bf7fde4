import { describe, expect, it } from 'vitest';
import { toAppLanguage } from './namespaces.ts';

describe('toAppLanguage (D1)', () => {
  it('keeps German in any regional form', () => {
    expect(['de', 'de-DE', 'de-AT', 'DE-ch', 'de_CH'].map(toAppLanguage)).toEqual(['de', 'de', 'de', 'de', 'de']);
  });

  it('shows English for English and for every other language', () => {
    expect(['en', 'en-GB', 'fr', 'fr-FR', 'tr', 'dk', '', undefined, null].map(toAppLanguage)).toEqual(Array(9).fill('en'));
  });
});
