import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { languageDetector } from './language-detector.ts';
import { localeLoader } from './locale-loader.ts';
import { APP_LANGUAGES, toAppLanguage } from './namespaces.ts';

/**
 * i18next for the owner app: files from /locales/{lng}/{ns}.json loaded per screen by the app's
 * own loader, language detected in SPEC 9's order and kept in local storage by its own
 * detector (issue 22: the two packages were 6 KB gzip of the first load), German as the
 * loader's fallback (D1).
 */
export const i18nReady = i18n
  .use(localeLoader)
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...APP_LANGUAGES],
    // D1: a key missing in English shows the German text.
    fallbackLng: 'de',
    load: 'languageOnly',
    ns: ['molecules', 'languages'],
    defaultNS: 'molecules',
    fallbackNS: false,
    // SPEC 7: a failed load retries on 5xx or no status (the loader flags exactly those as retryable).
    maxRetries: 3,
    retryTimeout: 400,
    // D14: missing keys are reported to the server only in development; production answers 404 there.
    saveMissing: import.meta.env.DEV,
    interpolation: { escapeValue: false },
    react: { useSuspense: true },
  });

i18n.on('languageChanged', (lng) => {
  document.documentElement.lang = toAppLanguage(lng);
  // Issue 36: the installed app's name in the app's language (app/public/manifest.{lng}.webmanifest).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', `/manifest.${toAppLanguage(lng)}.webmanifest`);
});

export default i18n;
