import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { Outbox } from '../../outbox/outbox.ts';
import type { Config } from '../../config.ts';
import type { OrganisationService } from '../organisations/index.ts';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import { createCrmConnectionRepository, type OpenedConnection } from './crm-connection.repository.ts';
import { createCrmSyncRepository, type CompanyProfileOrganisation } from './crm-sync.repository.ts';
import { createCrmService, type OrganisationAuditWriter } from './crm.service.ts';
import { registerCrmSync } from './crm-sync.ts';
import { crmProviders } from './crm-providers.ts';
import { connectionBrokenMail } from './crm-mails.ts';
import type { Feature } from '../../http/feature.ts';
import crmRoutes from './crm.routes.ts';

/**
 * Issue 34: the CRM feature, its service and the handler of its `crm.sync` messages (docs/outbox.md).
 * It builds its rows (the tokens sealed with the webhook secrets' box: the same key,
 * docs/integrations.md) and answers the leads' `leadEvents`, which wraps the webhooks' events so that
 * every lead change also marks its CRM sync in its transaction.
 */
export function createCrmFeature(deps: {
  db: Db;
  box: SecretBox;
  /** The organisation whose company profile a lead's profile is (the organisations'), read inside the lead's change. */
  organisationOf: CompanyProfileOrganisation;
  config: Pick<Config, 'crm' | 'publicUrl'>;
  rateLimiter: RateLimiter;
  /** Who may manage an organisation's connections (its owners and admins), and its audit log. */
  organisationService: Pick<OrganisationService, 'access' | 'auditWriter'>;
  organisationAdmins: (organisationId: string) => Promise<Array<{ email: string; language: string | null }>>;
  outbox: Pick<Outbox, 'enqueue' | 'handle'>;
  mailer: Mailer;
  log: FastifyBaseLogger;
}) {
  const connections = createCrmConnectionRepository(deps.db, deps.box);
  const syncs = createCrmSyncRepository(deps.db, deps.outbox, connections, deps.organisationOf);
  const { publicUrl } = deps.config;
  const organisationAudit: OrganisationAuditWriter = deps.organisationService.auditWriter;
  const organisationAdmin = async (owner: Owner, organisationId: string) => void (await deps.organisationService.access(owner, organisationId, 'admin'));
  const providers = crmProviders(deps.config.crm, `${publicUrl}/integrations/crm/callback`);

  /** The CRM refused the grant: broken (audited), and its owner or the organisation's owners and admins mailed, once. */
  async function onBroken(connection: OpenedConnection, reason: string) {
    // The audit's actor is the CRM itself: nobody of the organisation did it.
    const actor: Owner = { userId: connection.userId, email: connection.provider, emailVerified: true };
    const orgId = connection.organisationId;
    const audit = orgId ? organisationAudit(actor, orgId, 'crm.broken', connection.provider, reason) : undefined;
    if (!(await connections.markBroken(connection.id, `connect again: ${reason}`, audit))) return;
    deps.log.warn({ connectionId: connection.id, provider: connection.provider }, 'CRM connection broken: the grant was refused');
    const account = orgId ? undefined : await connections.accountOf(connection.userId);
    const recipients = orgId ? await deps.organisationAdmins(orgId) : account ? [account] : [];
    for (const to of recipients)
      await deps.mailer.send(
        connectionBrokenMail({
          to: to.email,
          language: to.language,
          provider: connection.provider,
          organisation: Boolean(orgId),
          appUrl: `${publicUrl}/integrations`,
        }),
      );
  }

  registerCrmSync(deps.outbox, { connections, syncs, provider: (name) => providers[name as keyof typeof providers], onBroken });
  const services = {
    crm: createCrmService({
      connections,
      syncs,
      providers,
      rateLimiter: deps.rateLimiter,
      organisationAdmin,
      organisationAudit,
      publicUrl,
      log: deps.log,
    }),
    /** Issue 37, what the leads need: their webhook events (`inner`), each also marking the lead's CRM sync inside the same transaction. */
    leadEvents: syncs.leadEvents,
  };
  const feature: Feature<typeof services> = {
    name: 'crm',
    services,
    async routes(app) {
      await app.register(crmRoutes, { services });
    },
  };
  return feature;
}
export type CrmServices = ReturnType<typeof createCrmFeature>['services'];
