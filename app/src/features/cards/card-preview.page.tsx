import { useParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { cardKeys, cardsApi } from './cards.api.ts';
import { profileKeys, ProfilePreviewView, profilesApi, useProfileBrand } from '../profiles/index.ts';

/** `/card/{id}/preview`: the profile the card currently shows, as a visitor who scans it sees it. */
export default function CardPreviewPage() {
  const { id = '' } = useParams();
  const card = useQuery({ queryKey: cardKeys.detail(id), queryFn: () => cardsApi.byId(id), retry: false });
  const profileId = card.data?.cardProfileId ?? null;
  const profile = useQuery({
    queryKey: profileKeys.detail(profileId ?? ''),
    queryFn: () => profilesApi.byId(profileId as string),
    enabled: profileId !== null,
    retry: false,
  });
  const brand = useProfileBrand(profileId);
  const loading = card.isPending || (profileId !== null && (profile.isPending || brand.isPending));
  return <ProfilePreviewView profile={profile.data ?? null} brand={brand.data ?? null} loading={loading} />;
}
