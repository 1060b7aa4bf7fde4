/**
 * The public pages' components, shared by the server's pages (server/features/public-pages) and the owner
 * app's preview routes. Plain React without Node imports. The app renders the page with
 * `<style>{PUBLIC_PAGE_CSS}</style>` beside it and passes react-i18next's `t` of the namespace.
 */
export { ProfilePage, type ProfilePageProps, type LanguageLink, type PreviewBar } from './profile.page.tsx';
export { LinkTreePage } from './link-tree.page.tsx';
export { CardBlockedPage, CardInvitePage, CardNotFoundPage, REGISTER_PATH } from './card-invite.page.tsx';
export { ProfileNotFoundPage } from './profile-not-found.page.tsx';
export { PUBLIC_PAGE_CSS, DOCUMENT_CSS } from './public-page.css.ts';
export * from './texts.ts';
