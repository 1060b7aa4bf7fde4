import { readFileSync } from 'node:fs';
import { LANGUAGES, type Language } from '../../../shared/schemas/profile.schema.ts';
import { PUBLIC_PAGE_NAMESPACES, type PublicPageNamespace, type Translate } from '../../../shared/public-page/texts.ts';

/** The keys of one of the public pages' namespaces. */
export type NamespaceKey<N extends PublicPageNamespace> = (typeof PUBLIC_PAGE_NAMESPACES)[N][number];

type Dictionary = Record<string, string>;

const LOCALES_DIR = new URL('../../../locales/', import.meta.url);

/** Reads one translation file, the same file GET /locales/{lng}/{ns}.json serves to the owner app. */
export function readNamespace(lng: Language, ns: PublicPageNamespace, dir: URL = LOCALES_DIR): Dictionary {
  return JSON.parse(readFileSync(new URL(`${lng}/${ns}.json`, dir), 'utf8')) as Dictionary;
}

/** i18next's `{{name}}` interpolation; React escapes the result when it renders it. */
export function interpolate(text: string, vars: Record<string, string> | undefined): string {
  return vars ? text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => vars[name] ?? whole) : text;
}

/**
 * The server's `t` for the public pages, from the locale files read once at start. A key
 * missing in English shows the German text (D1: `fallbackLng: 'de'`), as in the owner app.
 */
export function createPageTexts(dir: URL = LOCALES_DIR) {
  const dictionaries = new Map<string, Dictionary>();
  for (const lng of LANGUAGES) {
    for (const ns of Object.keys(PUBLIC_PAGE_NAMESPACES) as PublicPageNamespace[]) dictionaries.set(`${lng}/${ns}`, readNamespace(lng, ns, dir));
  }
  return function translator<N extends PublicPageNamespace>(lng: Language, ns: N): Translate<NamespaceKey<N>> {
    const own = dictionaries.get(`${lng}/${ns}`) ?? {};
    const fallback = dictionaries.get(`de/${ns}`) ?? {};
    return (key, vars) => interpolate(own[key] ?? fallback[key] ?? key, vars);
  };
}

/** A translator made by `createPageTexts`. */
export type PageTexts = ReturnType<typeof createPageTexts>;
