import { describe, expect, it } from 'vitest';
import { detectLanguage, type LanguageSources } from './language-detector.ts';
import { isRetryableStatus, localePath } from './locale-loader.ts';

const none: LanguageSources = { search: '', cookie: '', localStorage: () => null, sessionStorage: () => null, navigatorLanguages: [], htmlLang: '' };

describe("the app's language detector (SPEC 9's order, D1's mapping)", () => {
  it('takes ?lng first, then the i18next cookie, local storage, session storage, the browser, the html tag', () => {
    const all: LanguageSources = {
      search: '?lng=de',
      cookie: 'a=1; i18next=en',
      localStorage: () => 'de',
      sessionStorage: () => 'en',
      navigatorLanguages: ['de-AT', 'en'],
      htmlLang: 'en',
    };
    expect(detectLanguage(all)).toBe('de');
    expect(detectLanguage({ ...all, search: '' })).toBe('en');
    expect(detectLanguage({ ...all, search: '', cookie: '' })).toBe('de');
    expect(detectLanguage({ ...all, search: '', cookie: '', localStorage: () => null })).toBe('en');
    expect(detectLanguage({ ...none, navigatorLanguages: ['de-AT', 'en'], htmlLang: 'en' })).toBe('de');
    expect(detectLanguage({ ...none, htmlLang: 'de' })).toBe('de');
  });

  it('shows English for any language but German, and when nothing names one', () => {
    expect(detectLanguage({ ...none, search: '?lng=fr' })).toBe('en');
    expect(detectLanguage({ ...none, navigatorLanguages: ['DE_ch'] })).toBe('de');
    expect(detectLanguage(none)).toBe('en');
  });
});

describe("the app's translation loader", () => {
  it('retries no answer and 5xx, never a 4xx', () => {
    expect([null, 500, 503].map(isRetryableStatus)).toEqual([true, true, true]);
    expect([400, 404].map(isRetryableStatus)).toEqual([false, false]);
  });

  it('reads /locales/{lng}/{ns}.json', () => {
    expect(localePath('de', 'edit_profile')).toBe('/locales/de/edit_profile.json');
  });
});
