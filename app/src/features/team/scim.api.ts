import { z } from 'zod';
import { scimTokenCreatedSchema, scimTokenListSchema } from '../../../../shared/schemas/scim.schema.ts';
import { apiRequest } from '../../lib/api-client.ts';

/** Issue 27: the organisation's SCIM tokens (owners and admins). */
export const scimKeys = { tokens: (organisationId: string) => ['team', organisationId, 'scim-tokens'] as const };

export const scimApi = {
  tokens: (organisationId: string) =>
    apiRequest(`/find/own/organisation/scim-tokens?organisationId=${encodeURIComponent(organisationId)}`, { schema: scimTokenListSchema }),
  create: (organisationId: string, name: string) => apiRequest('/organisation/scim-token', { body: { organisationId, name }, schema: scimTokenCreatedSchema }),
  revoke: (organisationId: string, tokenId: string) =>
    apiRequest('/organisation/scim-token/revoke', { body: { organisationId, tokenId }, schema: z.object({ id: z.string(), deleted: z.literal(true) }) }),
};
