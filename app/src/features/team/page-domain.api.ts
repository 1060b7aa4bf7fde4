import { pageDomainRemovedSchema, pageDomainSchema, pageDomainStateSchema } from '../../../../shared/schemas/page-domain.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Issue 39: the organisation's own page host (owners and admins). */
export const pageDomainKeys = { state: (organisationId: string) => ['team', organisationId, 'page-domain'] as const };

export const pageDomainApi = {
  find: (organisationId: string) =>
    apiRequest(`/find/own/organisation/page-domain?organisationId=${encodeURIComponent(organisationId)}`, { schema: pageDomainStateSchema }),
  set: (organisationId: string, host: string) => apiRequest('/organisation/page-domain/set', { body: { organisationId, host }, schema: pageDomainSchema }),
  verify: (organisationId: string) => apiRequest('/organisation/page-domain/verify', { body: { organisationId }, schema: pageDomainSchema }),
  remove: (organisationId: string) => apiRequest('/organisation/page-domain/remove', { body: { organisationId }, schema: pageDomainRemovedSchema }),
};
