import i18n from 'i18next';
import HttpBackend, { type HttpBackendOptions } from 'i18next-http-backend';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { APP_LANGUAGES, toAppLanguage } from './namespaces.ts';

/**
 * i18next for the owner app: files from /locales/{lng}/{ns}.json loaded per screen, language
 * detected in SPEC 9's order and kept in local storage, German as the loader's fallback (D1).
 */
export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init<HttpBackendOptions>({
    supportedLngs: [...APP_LANGUAGES],
    // D1: a key missing in English shows the German text.
    fallbackLng: 'de',
    load: 'languageOnly',
    ns: ['molecules', 'languages'],
    defaultNS: 'molecules',
    fallbackNS: false,
    // SPEC 7: a failed load retries on 5xx or no status; i18next-http-backend flags exactly those as retryable.
    maxRetries: 3,
    retryTimeout: 400,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'sessionStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
      // D1: a detected language that is neither de nor en shows English.
      convertDetectedLanguage: (lng: string) => toAppLanguage(lng),
    },
    backend: {
      loadPath: '/locales/{{lng}}/{{ns}}.json',
      addPath: '/locales/add/{{lng}}/{{ns}}',
      reloadInterval: false,
    },
    // D14: missing keys are reported to the server only in development; production answers 404 there.
    saveMissing: import.meta.env.DEV,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = toAppLanguage(lng);
});

export default i18n;
