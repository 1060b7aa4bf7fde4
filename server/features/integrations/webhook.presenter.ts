import type { Webhook, WebhookDelivery, WebhookEventType } from '../../../shared/schemas/integrations.schema.ts';
import type { WebhookAttemptRow, WebhookDeliveryRow, WebhookEndpointRow } from '../../db/tables.ts';

/** An endpoint as its owner sees it: never the secret. */
export function presentWebhook(row: WebhookEndpointRow): Webhook {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events.split(' ').filter(Boolean) as WebhookEventType[],
    organisationId: row.organisationId,
    enabled: Boolean(row.enabled),
    disabledReason: row.disabledReason,
    previousSecretUntil: row.previousSecretUntil !== null && row.previousSecretUntil > Date.now() ? Number(row.previousSecretUntil) : null,
    created: Number(row.created),
    updated: Number(row.updated),
  };
}

/** A delivery with its attempts: the request headers sent (signatures shortened) and each answer. */
export function presentDelivery(row: WebhookDeliveryRow & { attemptLog: WebhookAttemptRow[] }): WebhookDelivery {
  return {
    id: row.id,
    webhookId: row.endpointId,
    eventType: row.eventType,
    status: row.status as WebhookDelivery['status'],
    attempts: Number(row.attempts),
    nextAttemptAt: row.status === 'pending' ? Number(row.nextAttemptAt) : null,
    lastResponseStatus: row.lastResponseStatus,
    created: Number(row.created),
    payload: row.payload,
    attemptLog: row.attemptLog.map((a) => ({
      id: a.id,
      attemptedAt: Number(a.attemptedAt),
      durationMs: Number(a.durationMs),
      responseStatus: a.responseStatus,
      error: a.error,
      requestHeaders: JSON.parse(a.requestHeaders) as Record<string, string>,
      responseBody: a.responseBody,
    })),
  };
}
