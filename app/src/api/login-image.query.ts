import { useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';

/** The owner's avatar for the navigation bar (D15); null means "show the initials". */
export function useLoginImage(enabled: boolean) {
  return useQuery({
    queryKey: ['login-image'],
    queryFn: () => apiRequest<{ loginImagePath: string | null }>('/find/own/login-image'),
    enabled,
    select: (answer) => answer.loginImagePath,
    staleTime: 5 * 60_000,
  });
}
