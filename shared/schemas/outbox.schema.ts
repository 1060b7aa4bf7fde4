import { z } from 'zod';

/**
 * Issue 34: the payload of every message of the transactional outbox (server/outbox/,
 * docs/outbox.md), one entry per message type. `outbox.enqueue` validates a payload here before
 * it is written, and the worker validates it again before a handler sees it, so a handler reads
 * exactly this shape. Payloads carry ids, never secrets or personal data: the handler reads the
 * current rows when it runs. A feature that adds a message type adds its entry here.
 */
const ids = (max: number) => z.array(z.string().min(1).max(200)).min(1).max(max);

export const outboxPayloadSchemas = {
  /** Issue 25: one webhook delivery (its row in webhookDelivery holds the signed body and the log). */
  'webhook.delivery': z.object({ deliveryId: z.string().min(1).max(200) }).strict(),
  /** Profiles changed (an edit, a card given another profile, a template's change): what shows them is told. */
  'profiles.changed': z.object({ profileIds: ids(10_000) }).strict(),
  /** Issue 26: a saved Google Wallet pass object to PATCH with what it shows now (coalesced per object). */
  'wallet.google.object': z.object({ objectId: z.string().min(1).max(300) }).strict(),
  /** Issue 26: Apple Wallet passes whose devices are pushed that the pass changed. */
  'wallet.apple.push': z.object({ serialNumbers: ids(10_000) }).strict(),
  /** Issue 36: the follow-up mail to a captured person (its row in captureFollowUp; the mail is built when sent). */
  'capture.follow-up': z.object({ followUpId: z.string().min(1).max(200) }).strict(),
  /** Issue 37: send a CRM connection's waiting leads (its crmSync rows) in the provider's batch calls (coalesced per connection). */
  'crm.sync': z.object({ connectionId: z.string().min(1).max(200) }).strict(),
} as const;

export type OutboxType = keyof typeof outboxPayloadSchemas;
export const OUTBOX_TYPES = Object.keys(outboxPayloadSchemas) as OutboxType[];
export type OutboxPayload<T extends OutboxType> = z.infer<(typeof outboxPayloadSchemas)[T]>;

/** What GET /healthz/outbox answers: counts per type, no payloads, no errors' texts. */
export const outboxMetricsSchema = z.object({
  types: z.record(
    z.string(),
    z.object({
      waiting: z.number().int(),
      leased: z.number().int(),
      dead: z.number().int(),
      /** Seconds the oldest due waiting message has waited; 0 when none is due. */
      oldestWaitingSeconds: z.number().int(),
    }),
  ),
});
export type OutboxMetrics = z.infer<typeof outboxMetricsSchema>;
