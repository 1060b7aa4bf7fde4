import {
  crmAuthorizeSchema,
  crmConnectionSchema,
  crmLeadSyncListSchema,
  crmListSchema,
  type CrmProvider,
  type CrmSettingsChange,
} from '../../../../shared/schemas/crm.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Query keys of the CRM section (issue 37). */
export const crmKeys = {
  connections: (organisationId?: string) => ['integrations', 'crm', organisationId ?? 'own'] as const,
  log: (provider: CrmProvider, organisationId?: string) => ['integrations', 'crm', organisationId ?? 'own', 'log', provider] as const,
};

const org = (organisationId?: string) => (organisationId ? { organisationId } : {});

/** Issue 37's owner calls: an organisation's connections (its owners and admins) or the owner's own. */
export const crmApi = {
  list: (organisationId?: string) =>
    apiRequest(organisationId ? `/find/own/organisation/crm?organisationId=${encodeURIComponent(organisationId)}` : '/find/own/crm', { schema: crmListSchema }),
  /** The provider's consent page to send the browser to; it comes back to /integrations?crm=… */
  connect: (provider: CrmProvider, organisationId?: string) =>
    apiRequest(organisationId ? '/organisation/crm/connect' : '/crm/connect', { body: { provider, ...org(organisationId) }, schema: crmAuthorizeSchema }),
  disconnect: (provider: CrmProvider, organisationId?: string) =>
    apiRequest(organisationId ? '/organisation/crm/disconnect' : '/crm/disconnect', { body: { provider, ...org(organisationId) } }),
  saveSettings: (change: CrmSettingsChange, organisationId?: string) =>
    apiRequest(organisationId ? '/organisation/crm/settings' : '/crm/settings', { body: { ...change, ...org(organisationId) }, schema: crmConnectionSchema }),
  log: async (provider: CrmProvider, organisationId?: string) =>
    (
      await apiRequest(`/find/own/crm/log?provider=${provider}${organisationId ? `&organisationId=${encodeURIComponent(organisationId)}` : ''}`, {
        schema: crmLeadSyncListSchema,
      })
    ).syncs,
  leadSyncs: async (leadId: string) => (await apiRequest(`/find/own/lead/crm?leadId=${encodeURIComponent(leadId)}`, { schema: crmLeadSyncListSchema })).syncs,
  retry: (leadId: string) => apiRequest('/lead/crm/retry', { body: { leadId } }),
};
