import type { Db } from '../../db/database.ts';
import { createApiTokenRepository } from './api-token.repository.ts';
import { createApiTokenService } from './api-token.service.ts';
import type { WebhookRepository } from './webhook.repository.ts';
import { createWebhookService } from './webhook.service.ts';
import { createWebhookWorker } from './webhook-worker.ts';

type WebhookServiceDeps = Parameters<typeof createWebhookService>[0];
type WorkerDeps = Parameters<typeof createWebhookWorker>[0];

/**
 * The integrations feature's services, built once by `server/wiring.ts` (issue 25): webhook
 * endpoints, API tokens and the background delivery worker. The webhook repository is built
 * before them by the wiring, because the other features write their events into its outbox.
 * Organisations' endpoints and tokens are their owners' and admins' to manage (issue 24).
 */
export function createIntegrationServices(deps: {
  db: Db;
  webhooks: WebhookRepository;
  rateLimiter: WebhookServiceDeps['rateLimiter'];
  allowHttp: boolean;
  allowPrivate: boolean;
  organisationAdmin: WebhookServiceDeps['organisationAdmin'];
  /** Issue 33: the organisation's audit entry of a change of its webhooks and API tokens, in that change's transaction. */
  organisationAudit: WebhookServiceDeps['organisationAudit'];
  worker: Pick<WorkerDeps, 'mailer' | 'publicUrl' | 'log' | 'organisationAdmins'>;
}) {
  const { db, webhooks, rateLimiter, organisationAdmin, organisationAudit } = deps;
  return {
    webhooks: createWebhookService({ webhooks, rateLimiter, allowHttp: deps.allowHttp, organisationAdmin, organisationAudit }),
    apiTokens: createApiTokenService({ tokens: createApiTokenRepository(db), rateLimiter, organisationAdmin, organisationAudit }),
    /** Started by app.ts, stopped on close: delivers the outbox in the background. */
    webhookWorker: createWebhookWorker({ ...deps.worker, webhooks, allowPrivate: deps.allowPrivate }),
  };
}
