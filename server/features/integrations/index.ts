/**
 * What other features may use of integrations (issue 25): the services' types. Other features
 * announce their changes through `EventOutbox` (server/lib/event-outbox.ts): server/wiring.ts
 * hands them this feature's `webhookEvents` service.
 */
export type { WebhookService } from './webhook.service.ts';
export type { ApiTokenService } from './api-token.service.ts';
/** Issue 34: the feature as server/wiring.ts composes it, and its services' type (what its routes receive). */
export { createIntegrationsFeature, type IntegrationsServices } from './integrations.feature.ts';
