import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { loginImageSchema } from '../../../../shared/schemas/profile.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** The owner's avatar for the navigation bar (D15); null means "show the initials". */
export function useLoginImage(enabled: boolean) {
  return useQuery({
    // Outside the screens' error boundary: a failure here must never replace the layout.
    throwOnError: false,
    queryKey: ['login-image'],
    queryFn: () => apiRequest<z.infer<typeof loginImageSchema>>('/find/own/login-image'),
    enabled,
    select: (answer) => answer.loginImagePath,
    staleTime: 5 * 60_000,
  });
}
