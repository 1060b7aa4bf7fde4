import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileKeys, profilesApi } from './profiles.api.ts';
import { ProfilePreviewView } from './profile-preview.view.tsx';
import { useProfileBrand } from './profile-brand.query.ts';

/** `/profile/{id}/preview`: the owner's profile as visitors see it on /p/{id}, a company profile in its organisation's brand. */
export default function ProfilePreviewPage() {
  const { id = '' } = useParams();
  useTranslation(['profile', 'preview_profile']); // the view's namespaces, loaded with the screen
  const profile = useQuery({ queryKey: profileKeys.detail(id), queryFn: () => profilesApi.byId(id), retry: false });
  // Asked for beside the profile; the page shows once both are there, so the look never jumps.
  const brand = useProfileBrand(id);
  return <ProfilePreviewView profile={profile.data ?? null} brand={brand.data ?? null} loading={profile.isPending || brand.isPending} />;
}
