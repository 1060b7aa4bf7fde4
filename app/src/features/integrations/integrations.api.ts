import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSecretSchema,
  type ApiScope,
  type WebhookEventType,
} from '../../../../shared/schemas/integrations.schema.ts';
import { organisationSchema } from '../../../../shared/schemas/organisation.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Query keys of the Integrations screen. */
export const integrationKeys = {
  /** The owner's own webhooks, or an organisation's. */
  webhooks: (organisationId?: string) => ['integrations', 'webhooks', organisationId ?? 'own'] as const,
  organisation: ['integrations', 'organisation'] as const,
  deliveries: (webhookId: string) => ['integrations', 'deliveries', webhookId] as const,
  tokens: ['integrations', 'tokens'] as const,
  /** Issue 33: every token of the organisation, for its owners and admins. */
  organisationTokens: (organisationId: string) => ['integrations', 'tokens', organisationId] as const,
};

/** Issue 25's owner calls. */
export const integrationsApi = {
  webhooks: async (organisationId?: string) =>
    (await apiRequest(`/find/own/webhooks${organisationId ? `?organisationId=${encodeURIComponent(organisationId)}` : ''}`, { schema: webhookListSchema }))
      .webhooks,
  /** The caller's organisation (its admins keep its webhooks here too); null when they belong to none. */
  organisation: () =>
    apiRequest('/find/own/organisation', { schema: organisationSchema }).catch((error: { status?: number }) => {
      if (error.status === 404) return null;
      throw error;
    }),
  createWebhook: (body: { url: string; events: WebhookEventType[]; description: string; organisationId?: string }) =>
    apiRequest('/webhook/create', { body, schema: webhookSecretSchema }),
  updateWebhook: (body: { webhookId: string; enabled?: boolean }) => apiRequest('/webhook/update', { body }),
  deleteWebhook: (webhookId: string) => apiRequest('/webhook/delete', { body: { webhookId } }),
  rotateSecret: (webhookId: string) => apiRequest('/webhook/rotate-secret', { body: { webhookId }, schema: webhookSecretSchema }),
  sendTest: (webhookId: string) => apiRequest('/webhook/test', { body: { webhookId } }),
  deliveries: async (webhookId: string) =>
    (await apiRequest(`/find/own/webhook-deliveries?webhookId=${encodeURIComponent(webhookId)}`, { schema: webhookDeliveryListSchema })).deliveries,
  redeliver: (deliveryId: string) => apiRequest('/webhook/redeliver', { body: { deliveryId } }),
  tokens: async () => (await apiRequest('/find/own/api-tokens', { schema: apiTokenListSchema })).tokens,
  organisationTokens: async (organisationId: string) =>
    (await apiRequest(`/find/own/api-tokens?organisationId=${encodeURIComponent(organisationId)}`, { schema: apiTokenListSchema })).tokens,
  createToken: (body: { name: string; scopes: ApiScope[]; organisationId?: string }) =>
    apiRequest('/api-token/create', { body, schema: apiTokenCreatedSchema }),
  /** The caller's own token, or with `organisationId` any token of that organisation (its owners and admins). */
  revokeToken: (tokenId: string, organisationId?: string) =>
    apiRequest('/api-token/revoke', { body: { tokenId, ...(organisationId ? { organisationId } : {}) } }),
};
