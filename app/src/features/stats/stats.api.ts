import { statsSchema, type StatsRange } from '../../../../shared/schemas/stats.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Query keys of the statistics (issue 12). */
export const statsKeys = {
  all: ['stats'] as const,
  profile: (profileId: string, days: StatsRange) => [...statsKeys.all, profileId, days] as const,
};

/** GET /find/own/stats: one profile's counts over the last `days` UTC days. */
export const statsApi = {
  ofProfile: (profileId: string, days: StatsRange) =>
    apiRequest(`/find/own/stats?profileId=${encodeURIComponent(profileId)}&days=${days}`, { schema: statsSchema }),
};
