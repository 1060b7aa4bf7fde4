import { describe, expect, it } from 'vitest';
import { accountLanguage, mailLanguage, webRequestLanguage } from './mail-language.ts';

describe('webRequestLanguage (D1 order on a web request)', () => {
  it('reads ?lng first, then the i18next cookie, then Accept-Language', () => {
    const headers = new Headers({ cookie: 'i18next=en', 'accept-language': 'de-DE' });
    expect(webRequestLanguage({ url: 'http://x/api/auth/verify-email?lng=de', headers })).toBe('de');
    expect(webRequestLanguage({ url: 'http://x/api/auth/verify-email', headers })).toBe('en');
    expect(webRequestLanguage(new Headers({ 'accept-language': 'de-AT,en;q=0.5' }))).toBe('de');
  });

  it('answers null when the request names no language, or there is no request', () => {
    expect(webRequestLanguage(new Headers())).toBeNull();
    expect(webRequestLanguage({ url: '::not a url', headers: new Headers({ 'accept-language': '*' }) })).toBeNull();
    expect(webRequestLanguage(undefined)).toBeNull();
  });
});

describe('mailLanguage (issue 23)', () => {
  it("takes the request's language over the account's, the account's over English", () => {
    expect(mailLanguage(new Headers({ 'accept-language': 'en' }), { language: 'de' })).toBe('en');
    expect(mailLanguage(new Headers(), { language: 'de' })).toBe('de');
    expect(mailLanguage(null, { language: 'fr' })).toBe('en');
    expect(mailLanguage(null)).toBe('en');
  });

  it('accepts only de and en as an account language', () => {
    expect(accountLanguage({ language: 'de' })).toBe('de');
    expect(accountLanguage({ language: 'DE' })).toBeNull();
    expect(accountLanguage({})).toBeNull();
    expect(accountLanguage(null)).toBeNull();
  });
});
