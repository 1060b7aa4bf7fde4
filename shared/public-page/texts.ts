/**
 * The keys of the public pages' translation namespaces (locales/{lng}/{ns}.json). Components
 * take a `t` function instead of importing i18next, so the server can render them from the
 * JSON files and the owner app can pass react-i18next's `t` for the preview routes.
 */

/** Namespace `profile`: the public profile page and its dialogs. SPEC 8's keys keep their names. */
export const PROFILE_KEYS = [
  'document_title',
  'meta_description',
  'language_label',
  'profile_image_alt',
  'logo_alt',
  'actions_label',
  'set_reminder',
  'leave_details',
  'save_contact',
  'more_actions',
  'links_heading',
  'note_heading',
  'social_heading',
  'company_heading',
  'private_heading',
  'company_name',
  'address',
  'business_unit',
  'company_website',
  'business_phone',
  'business_mobile',
  'business_fax',
  'business_email',
  'private_phone',
  'private_mobile',
  'private_email',
  'link_type_website',
  'link_type_hardLink',
  'link_type_other',
  'reminder_heading',
  'reminder_text',
  'remind_in',
  'remind_1d',
  'remind_3d',
  'remind_1w',
  'reminder_submit',
  'contact_heading',
  'contact_instruction',
  'contact_email_label',
  'contact_email_placeholder',
  'exchange',
  'cancel',
  'close',
  'email_error',
  'success_message',
  'error_message',
  'contact_limited',
  'contact_not_saved',
  'contact_details_optional',
  'contact_name_label',
  'contact_phone_label',
  'contact_company_label',
  'contact_message_label',
  'contact_consent',
  'lead_deletion_title',
  'lead_deletion_text',
  'lead_deletion_confirm',
  'lead_deletion_done',
  'lead_deletion_gone',
  'lead_deletion_invalid',
  'open_link_text',
  'open',
  'profile_not_found',
  'profile_not_found_text',
  'left_title',
  'left_heading',
  'left_text',
  'left_contact_heading',
  'left_save_company',
] as const;

/** Namespace `preview_profile`: what the owner app adds around the page on its preview routes. */
export const PREVIEW_PROFILE_KEYS = ['back_to_overview', 'preview_notice'] as const;

/** Namespace `link_tree`: the link-in-bio page. */
export const LINK_TREE_KEYS = [
  'document_title',
  'meta_description',
  'profile_image_alt',
  'social_heading',
  'links_heading',
  'link_type_website',
  'link_type_hardLink',
  'link_type_other',
  'save_contact',
  'profile_not_found',
  'profile_not_found_text',
] as const;

/** Namespace `public_card_redirect`: the page of a card without owner, and of an unknown card. */
export const PUBLIC_CARD_REDIRECT_KEYS = [
  'document_title',
  'heading',
  'explanation',
  'register_card',
  'card_not_found',
  'card_not_found_text',
  'card_blocked',
  'card_blocked_text',
  'card_blocked_contact',
  'card_blocked_subject',
] as const;

export type ProfileKey = (typeof PROFILE_KEYS)[number];
export type PreviewProfileKey = (typeof PREVIEW_PROFILE_KEYS)[number];
export type LinkTreeKey = (typeof LINK_TREE_KEYS)[number];
export type PublicCardRedirectKey = (typeof PUBLIC_CARD_REDIRECT_KEYS)[number];

/**
 * A translation function of one namespace: i18next's `t` fits, and so does the server's
 * dictionary lookup. Variables use i18next's `{{name}}` syntax.
 */
export type Translate<K extends string> = (key: K, vars?: Record<string, string>) => string;

/** Every namespace of the public pages with its keys, for the loader and the completeness test. */
export const PUBLIC_PAGE_NAMESPACES = {
  profile: PROFILE_KEYS,
  preview_profile: PREVIEW_PROFILE_KEYS,
  link_tree: LINK_TREE_KEYS,
  public_card_redirect: PUBLIC_CARD_REDIRECT_KEYS,
} as const;
export type PublicPageNamespace = keyof typeof PUBLIC_PAGE_NAMESPACES;
