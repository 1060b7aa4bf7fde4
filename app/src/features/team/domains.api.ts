import { domainRemovedSchema, organisationDomainListSchema, organisationDomainSchema } from '../../../../shared/schemas/organisation-domain.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Issue 27: the organisation's claimed e-mail domains (owners and admins). */
export const domainKeys = { list: (organisationId: string) => ['team', organisationId, 'domains'] as const };

export const domainsApi = {
  list: (organisationId: string) =>
    apiRequest(`/find/own/organisation/domains?organisationId=${encodeURIComponent(organisationId)}`, { schema: organisationDomainListSchema }),
  claim: (organisationId: string, domain: string) =>
    apiRequest('/organisation/domain/claim', { body: { organisationId, domain }, schema: organisationDomainSchema }),
  verify: (organisationId: string, domain: string) =>
    apiRequest('/organisation/domain/verify', { body: { organisationId, domain }, schema: organisationDomainSchema }),
  remove: (organisationId: string, domain: string) =>
    apiRequest('/organisation/domain/remove', { body: { organisationId, domain }, schema: domainRemovedSchema }),
};
