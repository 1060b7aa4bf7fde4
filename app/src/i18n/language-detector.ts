import type { LanguageDetectorModule } from 'i18next';
import { toAppLanguage, type AppLanguage } from './namespaces.ts';

/** Where the app keeps the chosen language (the key i18next's own detector used, so a choice made before stays). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';

/** What the detector reads, in SPEC 9's order; tests pass their own. */
export interface LanguageSources {
  search: string;
  cookie: string;
  localStorage: () => string | null;
  sessionStorage: () => string | null;
  navigatorLanguages: readonly string[];
  htmlLang: string;
}

/**
 * SPEC 9's order: `?lng`, the `i18next` cookie, local storage, session storage, the browser's
 * languages, the html tag; the first found decides, mapped onto German or English (D1: anything
 * but German shows English). Nothing found: English.
 */
export function detectLanguage(sources: LanguageSources): AppLanguage {
  const fromQuery = new URLSearchParams(sources.search).get('lng');
  const fromCookie = /(?:^|;\s*)i18next=([^;]+)/.exec(sources.cookie)?.[1];
  const candidates = [
    () => fromQuery,
    () => (fromCookie ? decodeURIComponent(fromCookie) : null),
    sources.localStorage,
    sources.sessionStorage,
    () => sources.navigatorLanguages[0] ?? null,
    () => sources.htmlLang,
  ];
  for (const read of candidates) {
    const found = read();
    if (found) return toAppLanguage(found);
  }
  return 'en';
}

/** Storage can throw (privacy modes, blocked cookies): then it is simply not a source. */
const safely = (read: () => string | null) => () => {
  try {
    return read();
  } catch {
    return null;
  }
};

/**
 * The app's language detector for i18next (issue 22: replaces i18next-browser-languagedetector,
 * 2 KB gzip of the first load, for the one order the app uses); the chosen language is kept in
 * local storage.
 */
export const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () =>
    detectLanguage({
      search: window.location.search,
      cookie: document.cookie,
      localStorage: safely(() => window.localStorage.getItem(LANGUAGE_STORAGE_KEY)),
      sessionStorage: safely(() => window.sessionStorage.getItem(LANGUAGE_STORAGE_KEY)),
      navigatorLanguages: navigator.languages?.length ? navigator.languages : [navigator.language],
      htmlLang: document.documentElement.lang,
    }),
  cacheUserLanguage: (lng: string) => {
    try {
      window.localStorage.setItem(LANGUAGE_STORAGE_KEY, toAppLanguage(lng));
    } catch {
      // Storage refused: the language holds for this page only.
    }
  },
};
