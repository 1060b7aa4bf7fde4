import {
  apiTokenCreatedSchema,
  apiTokenListSchema,
  webhookDeliveryListSchema,
  webhookListSchema,
  webhookSecretSchema,
  type ApiScope,
  type WebhookEventType,
} from '../../../../shared/schemas/integrations.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Query keys of the Integrations screen. */
export const integrationKeys = {
  webhooks: ['integrations', 'webhooks'] as const,
  deliveries: (webhookId: string) => ['integrations', 'deliveries', webhookId] as const,
  tokens: ['integrations', 'tokens'] as const,
};

/** Issue 25's owner calls. */
export const integrationsApi = {
  webhooks: async () => (await apiRequest('/find/own/webhooks', { schema: webhookListSchema })).webhooks,
  createWebhook: (body: { url: string; events: WebhookEventType[]; description: string }) =>
    apiRequest('/webhook/create', { body, schema: webhookSecretSchema }),
  updateWebhook: (body: { webhookId: string; enabled?: boolean }) => apiRequest('/webhook/update', { body }),
  deleteWebhook: (webhookId: string) => apiRequest('/webhook/delete', { body: { webhookId } }),
  rotateSecret: (webhookId: string) => apiRequest('/webhook/rotate-secret', { body: { webhookId }, schema: webhookSecretSchema }),
  sendTest: (webhookId: string) => apiRequest('/webhook/test', { body: { webhookId } }),
  deliveries: async (webhookId: string) =>
    (await apiRequest(`/find/own/webhook-deliveries?webhookId=${encodeURIComponent(webhookId)}`, { schema: webhookDeliveryListSchema })).deliveries,
  redeliver: (deliveryId: string) => apiRequest('/webhook/redeliver', { body: { deliveryId } }),
  tokens: async () => (await apiRequest('/find/own/api-tokens', { schema: apiTokenListSchema })).tokens,
  createToken: (body: { name: string; scopes: ApiScope[] }) => apiRequest('/api-token/create', { body, schema: apiTokenCreatedSchema }),
  revokeToken: (tokenId: string) => apiRequest('/api-token/revoke', { body: { tokenId } }),
};
