import { useQuery } from '@tanstack/react-query';
import { profileKeys, profilesApi } from './profiles.api.ts';

/**
 * Issue 24 with 26: the organisation's brand that the public page of the owner's profile shows
 * (its colours over the profile's accent, its logo over the profile's), so the preview and the
 * editor show what visitors see. `data` is the brand or null; no call without a profile.
 */
export function useProfileBrand(profileId: string | null) {
  return useQuery({
    queryKey: profileKeys.brand(profileId ?? ''),
    queryFn: () => profilesApi.brand(profileId as string),
    enabled: profileId !== null,
    select: (answer) => answer.brand,
    retry: false,
  });
}

/**
 * Issue 39: where the profile's page is shared: its organisation's own host (`https://{host}`)
 * once verified, else null for the service's own address. Same answer as the brand (one call).
 */
export function usePageOrigin(profileId: string | null) {
  return useQuery({
    queryKey: profileKeys.brand(profileId ?? ''),
    queryFn: () => profilesApi.brand(profileId as string),
    enabled: profileId !== null,
    select: (answer) => answer.pageOrigin,
    retry: false,
  });
}
