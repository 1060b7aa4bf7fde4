import { statsSchema, type StatsRange } from '../../../../shared/schemas/stats.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Query keys of the statistics (issue 12). */
export const statsKeys = {
  all: ['stats'] as const,
  /** With the account's stored zone: once the app has stored the browser's, the days are asked again in it. */
  profile: (profileId: string, days: StatsRange, timeZone: string | null | undefined) => [...statsKeys.all, profileId, days, timeZone ?? null] as const,
};

/** GET /find/own/stats: one profile's counts over the last `days` days in the owner's time zone. */
export const statsApi = {
  ofProfile: (profileId: string, days: StatsRange) =>
    apiRequest(`/find/own/stats?profileId=${encodeURIComponent(profileId)}&days=${days}`, { schema: statsSchema }),
};
