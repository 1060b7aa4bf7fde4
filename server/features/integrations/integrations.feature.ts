import type { Db, Engine } from '../../db/database.ts';
import { createApiTokenRepository } from './api-token.repository.ts';
import { createApiTokenService } from './api-token.service.ts';
import { createWebhookRepository, type CompanyProfileOrganisation } from './webhook.repository.ts';
import { createWebhookSecretBox } from './webhook-signing.ts';
import { createWebhookService } from './webhook.service.ts';
import { registerWebhookDelivery } from './webhook-delivery.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { Feature } from '../../http/feature.ts';
import webhookRoutes from './webhook.routes.ts';
import apiTokenRoutes from './api-token.routes.ts';

type WebhookServiceDeps = Parameters<typeof createWebhookService>[0];
type DeliveryDeps = Parameters<typeof registerWebhookDelivery>[1];

/**
 * Issue 34: the integrations feature (issue 25): webhook
 * endpoints, API tokens, and the deliveries as the handler of the outbox's `webhook.delivery`
 * messages (issue 34). It builds the webhook rows (secrets sealed with AUTH_SECRET's webhook key)
 * and answers the other features' `webhookEvents`, through which they write their events.
 * Organisations' endpoints and tokens are their owners' and admins' to manage (issue 24).
 */
export function createIntegrationsFeature(deps: {
  db: Db;
  engine: Engine;
  authSecret: string;
  /** The organisation whose company profile an event's profile is (the organisations'), read inside the event's transaction. */
  organisationOfCompanyProfile: CompanyProfileOrganisation;
  rateLimiter: WebhookServiceDeps['rateLimiter'];
  allowHttp: boolean;
  allowPrivate: boolean;
  organisationAdmin: WebhookServiceDeps['organisationAdmin'];
  /** Issue 33: the organisation's audit entry of a change of its webhooks and API tokens, in that change's transaction. */
  organisationAudit: WebhookServiceDeps['organisationAudit'];
  outbox: Pick<Outbox, 'enqueue' | 'handle'>;
  worker: Pick<DeliveryDeps, 'mailer' | 'publicUrl' | 'log' | 'organisationAdmins'>;
  onIdentityChange: (tellOthers: boolean) => Promise<void>;
}) {
  const { db, rateLimiter, organisationAdmin, organisationAudit } = deps;
  const webhooks = createWebhookRepository(db, deps.engine, createWebhookSecretBox(deps.authSecret), deps.organisationOfCompanyProfile, deps.outbox);
  registerWebhookDelivery(deps.outbox, { ...deps.worker, webhooks, allowPrivate: deps.allowPrivate });
  let sealing: Promise<unknown> = Promise.resolve();
  const services = {
    // What other features need of the rows (issue 34):
    /** Leads, profiles, cards and organisations: their changes' webhook events, written inside the changes' transactions. */
    webhookEvents: webhooks.outbox,
    /** Issue 24, the organisations' account deletion: the leaving account's organisation endpoints handed to a member who stays. */
    endpointHandOver: { handOverOrganisationEndpoints: webhooks.handOverOrganisationEndpoints },
    webhooks: createWebhookService({ webhooks, rateLimiter, allowHttp: deps.allowHttp, organisationAdmin, organisationAudit }),
    apiTokens: createApiTokenService({ tokens: createApiTokenRepository(db), rateLimiter, organisationAdmin, organisationAudit }),
    /**
     * Run at each start, awaited on close (the feature's lifecycle): secrets stored plain before they were
     * encrypted are sealed (docs/integrations.md "Secrets at rest"); deliveries read them either way.
     */
    webhookSecretSealing: {
      start() {
        sealing = webhooks.sealPlainSecrets().then(
          (sealed) => sealed && deps.worker.log.info({ sealed }, 'webhook secrets stored plain are now encrypted'),
          (error: unknown) => deps.worker.log.error({ err: error }, 'could not encrypt the webhook secrets stored plain; trying again at the next start'),
        );
      },
      stop: () => sealing,
    },
  };
  const feature: Feature<typeof services> = {
    name: 'integrations',
    services,
    async routes(app) {
      await app.register(webhookRoutes, { services });
      await app.register(apiTokenRoutes, { services, onIdentityChange: deps.onIdentityChange });
    },
    start: () => services.webhookSecretSealing.start(),
    stop: () => services.webhookSecretSealing.stop(),
  };
  return feature;
}
export type IntegrationsServices = ReturnType<typeof createIntegrationsFeature>['services'];
