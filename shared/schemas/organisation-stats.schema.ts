import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { statsQuerySchema, statsSchema } from './stats.schema.ts';

/** Query of GET /find/own/organisation/stats: the last 7, 30 or 90 days (30 when absent). */
export const organisationStatsQuerySchema = z.object({ organisationId: idSchema, days: statsQuerySchema.shape.days });

/**
 * Answer of GET /find/own/organisation/stats (issue 24): per member the views, leads (contact
 * exchanges) and link clicks of their company profiles; per organisation card its scans; per
 * source the views of every company profile. Days of the asking admin's time zone.
 */
export const organisationStatsSchema = z.object({
  days: z.number(),
  /** Issue 35: `former` rows are people who left, whose company profile still had views, leads or clicks in the range. */
  members: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      former: z.boolean(),
      views: z.number(),
      leads: z.number(),
      clicks: z.number(),
      /** Issue 36: contacts the member captured in the range on a company profile or at one of the organisation's events. */
      captures: z.number(),
    }),
  ),
  /** Issue 36: the organisation's events with the contacts its members captured there in the range, most first. */
  events: z.array(z.object({ eventId: z.string(), name: z.string(), captures: z.number() })),
  cards: z.array(z.object({ cardId: z.string(), memberEmail: z.string().nullable(), scans: z.number() })),
  sources: statsSchema.shape.sources,
});
export type OrganisationStats = z.infer<typeof organisationStatsSchema>;
