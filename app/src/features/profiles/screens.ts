import i18next from 'i18next';
import { lazyScreen } from '../../components/lazy-screen.ts';

/**
 * The editor's texts and its share button's, asked for together with the editor's chunk
 * (issue 23): they used to load one after another, each only once the part before had shown.
 */
export const EDITOR_NAMESPACES = ['edit_profile', 'my_profile'] as const;

// The feature's screens for the router (app.tsx imports them through index.ts). Every screen is
// its own chunk; `lazyScreen` can load a chunk again after a failure (issue 23).
export const EditProfilePage = lazyScreen(() => {
  void i18next.loadNamespaces([...EDITOR_NAMESPACES]).catch(() => undefined);
  return import('./edit-profile.page.tsx');
});
export const ProfilePreviewPage = lazyScreen(() => import('./profile-preview.page.tsx'));
