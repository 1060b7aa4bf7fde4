import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { leadNewCountSchema, LeadStatus } from '../../../../shared/schemas/lead.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Filters of the contacts screen; empty strings mean "all". */
export interface LeadFilters {
  profileId: string;
  q: string;
  status: '' | LeadStatus;
}

/** Query keys of lead data: every change invalidates `all` (list pages and the badge). */
export const leadKeys = {
  all: ['leads'] as const,
  list: (filters: LeadFilters) => [...leadKeys.all, 'list', filters] as const,
  newCount: () => [...leadKeys.all, 'new-count'] as const,
};

/**
 * The navigation badge: the owner's leads not yet followed up. Kept apart from leads.api.ts
 * (and its zod schemas) so the navigation bar adds nothing to the first load of /login.
 * A lead can arrive at any time: it looks again every minute and when the window regains focus.
 */
export function useNewLeadCount(enabled: boolean) {
  return useQuery({
    // Outside the screens' error boundary: a failure here must never replace the layout.
    throwOnError: false,
    queryKey: leadKeys.newCount(),
    queryFn: () => apiRequest<z.infer<typeof leadNewCountSchema>>('/find/own/leads/new-count'),
    enabled,
    select: (answer) => (typeof answer.newCount === 'number' ? answer.newCount : 0),
    refetchInterval: 60_000,
  });
}
