import {
  auditPageSchema,
  batchCreatedSchema,
  batchListSchema,
  cardActionResultSchema,
  cardOwnerSchema,
  fleetStatsSchema,
  inventoryPageSchema,
  operatorMeSchema,
  type BatchCreateBody,
  type InventoryQuery,
} from '../../../../shared/schemas/operator.schema.ts';
import { tapAlertListSchema, tapPageSchema } from '../../../../shared/schemas/tap.schema.ts';
import { domainRemovedSchema } from '../../../../shared/schemas/organisation-domain.schema.ts';
import { apiDownloadFile, apiRequest } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/save-blob.ts';

/** The support actions on one card (each with a reason, recorded in the audit log). */
export type CardAction = 'block' | 'unblock' | 'reset' | 'resend-verification';

function query(params: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  const text = search.toString();
  return text ? `?${text}` : '';
}

export const operatorKeys = {
  all: ['operator'] as const,
  me: () => ['operator', 'me'] as const,
  cards: (filters: InventoryQuery) => ['operator', 'cards', filters] as const,
  batches: () => ['operator', 'batches'] as const,
  stats: () => ['operator', 'stats'] as const,
  audit: () => ['operator', 'audit'] as const,
  taps: (cardId: string) => ['operator', 'taps', cardId] as const,
  tapAlerts: () => ['operator', 'tap-alerts'] as const,
};

/** Issue 28: the console's calls. */
export const operatorApi = {
  /** GET /operator/me: answers only to operators (others get 404). */
  me: () => apiRequest('/operator/me', { schema: operatorMeSchema }),
  cards: (filters: InventoryQuery, cursor?: string) => apiRequest(`/operator/cards${query({ ...filters, cursor })}`, { schema: inventoryPageSchema }),
  act: (action: CardAction, cardId: string, reason: string) =>
    apiRequest(`/operator/card/${action}`, { body: { cardId, reason }, schema: cardActionResultSchema }),
  move: (cardId: string, toEmail: string, reason: string) =>
    apiRequest('/operator/card/move', { body: { cardId, toEmail, reason }, schema: cardActionResultSchema }),
  owner: (cardId: string, reason: string) => apiRequest('/operator/card/owner', { body: { cardId, reason }, schema: cardOwnerSchema }),
  createBatch: (body: BatchCreateBody) => apiRequest('/operator/batch/create', { body, schema: batchCreatedSchema }),
  batches: () => apiRequest('/operator/batches', { schema: batchListSchema }),
  /** Issue 38: a SUN card's taps, newest first, and the cards with replayed or invalid ones. */
  taps: (cardId: string, cursor?: string) => apiRequest(`/operator/card/taps${query({ cardId, cursor })}`, { schema: tapPageSchema }),
  tapAlerts: () => apiRequest('/operator/taps/alerts', { schema: tapAlertListSchema }),
  stats: () => apiRequest('/operator/stats', { schema: fleetStatsSchema }),
  audit: (cursor?: string) => apiRequest(`/operator/audit${query({ cursor })}`, { schema: auditPageSchema }),
  /** Issue 33: releases the verified claim that holds `domain`. */
  releaseDomain: (domain: string, reason: string) =>
    apiRequest('/operator/organisation/domain/release', { body: { domain, reason }, schema: domainRemovedSchema }),
  /** A file of the console (the bundle ZIP, a CSV), saved under the server's name. */
  async download(path: string, fallbackName: string) {
    const { blob, fileName } = await apiDownloadFile(path);
    saveBlob(blob, fileName ?? fallbackName);
  },
};
