import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { organisationQuerySchema } from '../../../shared/schemas/organisation.schema.ts';
import { scimTokenCreatedSchema, scimTokenCreateSchema, scimTokenListSchema, scimTokenRevokeSchema } from '../../../shared/schemas/scim.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { ScimServices } from './scim.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * Issue 27: the Team area's SCIM tokens (owners and admins of the organisation; another
 * organisation's id is 404, a member 403). The token is answered once; a revoked one is refused
 * by the next SCIM request on any instance (each reads its token from the database).
 */
const scimTokenRoutes: FastifyPluginAsyncZod<{ services: Pick<ScimServices, 'scimTokens'> }> = async (app, { services }) => {
  const { requireOwner, requireRecentLogin } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['organisations'], security: [{ bearer: [] }] } };
  // Issue 20: a SCIM token outlives the session, so making one needs a sign-in of the last five minutes.
  app.post(
    '/organisation/scim-token',
    {
      ...owner,
      preHandler: [requireOwner, requireRecentLogin],
      schema: { ...owner.schema, body: scimTokenCreateSchema, response: { 200: scimTokenCreatedSchema, ...errors } },
    },
    (req) => services.scimTokens.create(ownerOf(req), req.body),
  );
  app.get(
    '/find/own/organisation/scim-tokens',
    { ...owner, schema: { ...owner.schema, querystring: organisationQuerySchema, response: { 200: scimTokenListSchema, ...errors } } },
    (req) => services.scimTokens.list(ownerOf(req), req.query.organisationId),
  );
  app.post(
    '/organisation/scim-token/revoke',
    {
      ...owner,
      schema: { ...owner.schema, body: scimTokenRevokeSchema, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errors } },
    },
    (req) => services.scimTokens.revoke(ownerOf(req), req.body),
  );
};
export default scimTokenRoutes;
