import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { profileKeys, profilesApi } from './profiles.api.ts';
import { ProfilePreviewView } from './profile-preview.view.tsx';

/** `/profile/{id}/preview`: the owner's profile as visitors see it on /p/{id}. */
export default function ProfilePreviewPage() {
  const { id = '' } = useParams();
  useTranslation(['profile', 'preview_profile']); // the view's namespaces, loaded with the screen
  const profile = useQuery({ queryKey: profileKeys.detail(id), queryFn: () => profilesApi.byId(id), retry: false });
  return <ProfilePreviewView profile={profile.data ?? null} loading={profile.isPending} />;
}
