/** Profiles: the editor with its sections, link list and image picker, the preview, and the profile calls other screens use. */
// What other features and the router (app.tsx) may use of this feature; nothing else is imported
// from outside it (issue 21). Only re-exports: the build checks it (app/build/feature-barrels.plugin.ts).
export { EditProfilePage, ProfilePreviewPage } from './screens.ts';
export { profileKeys, profilesApi } from './profiles.api.ts';
export { useLoginImage } from './login-image.query.ts';
export { usePageOrigin, useProfileBrand } from './profile-brand.query.ts';
export { profileLabel } from './profile-label.ts';
export { ProfileSelect } from './profile-select.tsx';
export { ProfilePreviewView } from './profile-preview.view.tsx';
