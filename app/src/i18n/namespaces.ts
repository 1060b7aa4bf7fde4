/** Every translation namespace of SPEC 7; the files live at /locales/{lng}/{ns}.json. */
export const NAMESPACES = [
  'edit_profile',
  'languages',
  'link_tree',
  'login',
  'molecules',
  'my_card',
  'my_profile',
  'preview_profile',
  'profile',
  'public_card_redirect',
  'register_card',
  'register_page',
  'reset_password',
  'security',
  'update_password',
  'cards',
  'leads',
  // Issue 12: the statistics screen.
  'stats',
  // Issue 25: webhooks and API tokens.
  'integrations',
  // Issue 28: the operator's console.
  'operator',
  // Issue 24: the Team area.
  'team',
  // Issue 36: the capture screen.
  'capture',
] as const;

/** A namespace of SPEC 7. */
export type Namespace = (typeof NAMESPACES)[number];

/** Interface languages (D1). */
export const APP_LANGUAGES = ['de', 'en'] as const;

/** An interface language. */
export type AppLanguage = (typeof APP_LANGUAGES)[number];

/**
 * Maps whatever a detector found (`de-AT`, `fr`, `EN_us`) onto an interface language: German
 * for German, English for everything else (D1: an unknown language shows the English interface).
 */
export function toAppLanguage(detected: string | undefined | null): AppLanguage {
  return detected?.toLowerCase().startsWith('de') ? 'de' : 'en';
}
