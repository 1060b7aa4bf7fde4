import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/**
 * What is counted per profile and hour (issue 12), read as the owner's days (issue 23): `view` of the public profile page,
 * `save` (vCard download), `reminder` (.ics download), `contact` (a contact exchange that
 * went through), `walletPass` (a wallet pass downloaded), `click` on a link (`GET /go/{id}`),
 * and `scan` of a physical card's page (`/card/{id}`).
 */
export const VISIT_METRICS = ['view', 'save', 'reminder', 'contact', 'walletPass', 'click', 'scan'] as const;
export type VisitMetric = (typeof VISIT_METRICS)[number];

/** The ranges the statistics screen offers, in days ending today in the owner's time zone. */
export const STATS_RANGES = [7, 30, 90] as const;
export type StatsRange = (typeof STATS_RANGES)[number];

/** Query of GET /find/own/stats. */
export const statsQuerySchema = z.object({
  profileId: idSchema,
  days: z.coerce
    .number()
    .default(30)
    .refine((d): d is StatsRange => (STATS_RANGES as readonly number[]).includes(d), 'must be 7, 30 or 90'),
});

export const statsDaySchema = z.object({
  /** The day in the owner's time zone, YYYY-MM-DD. */
  date: z.string(),
  views: z.number(),
  saves: z.number(),
  reminders: z.number(),
  contacts: z.number(),
  walletPasses: z.number(),
  clicks: z.number(),
});
export type StatsDay = z.infer<typeof statsDaySchema>;

/** Answer of GET /find/own/stats: every day of the range (zeros filled), oldest first. */
export const statsSchema = z.object({
  days: z.array(statsDaySchema),
  /** The IANA time zone the days are counted in (issue 23): the account's, else UTC. */
  timeZone: z.string(),
  /** Views of the range by where they came from. */
  sources: z.object({
    card: z.number(),
    nfc: z.number(),
    qr: z.number(),
    linkinbio: z.number(),
    link: z.number(),
    wallet: z.number(),
    share: z.number(),
    shareqr: z.number(),
    background: z.number(),
    signature: z.number(),
    /** Issue 38: taps whose chip the server verified. */
    tap: z.number(),
  }),
  /** Clicks per link of the range, most clicked first; links since removed are left out. */
  links: z.array(z.object({ socialMediaLinkId: z.string(), name: z.string(), clicks: z.number() })),
  /** Scans per physical card of the range, most scanned first. */
  cards: z.array(z.object({ cardId: z.string(), views: z.number() })),
  /**
   * Issue 36: the leads the owner captured for this profile (paper cards, badges, codes, typed in)
   * by the day they were captured on, every day of the range; and by event, most first (`eventId`
   * '' for captures at no event).
   */
  captures: z.object({
    days: z.array(z.object({ date: z.string(), captured: z.number() })),
    events: z.array(z.object({ eventId: z.string(), name: z.string(), captured: z.number() })),
  }),
});
export type Stats = z.infer<typeof statsSchema>;
