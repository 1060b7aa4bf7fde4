import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  apiTokenCreateSchema,
  apiTokenCreatedSchema,
  apiTokenIdBodySchema,
  apiTokenListQuerySchema,
  apiTokenListSchema,
} from '../../../shared/schemas/integrations.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { IntegrationsServices } from './integrations.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

/**
 * Issue 25: the owner's API tokens. `onIdentityChange` forgets remembered sessions and tokens
 * here and on every other instance, so a revoked token stops at once everywhere.
 */
const apiTokenRoutes: FastifyPluginAsyncZod<{
  services: Pick<IntegrationsServices, 'apiTokens'>;
  onIdentityChange: (tellOthers: boolean) => Promise<void>;
}> = async (app, { services, onIdentityChange }) => {
  const { requireOwner, requireRecentLogin } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['integrations'], security: [{ bearer: [] }] } };
  // Issue 20: a token outlives the session, so making one needs a sign-in of the last five minutes.
  app.post(
    '/api-token/create',
    {
      ...owner,
      preHandler: [requireOwner, requireRecentLogin],
      schema: { ...owner.schema, body: apiTokenCreateSchema, response: { 200: apiTokenCreatedSchema, 409: errorSchema, ...errors } },
    },
    (req) => services.apiTokens.create(ownerOf(req), req.body),
  );
  app.get(
    '/find/own/api-tokens',
    { ...owner, schema: { ...owner.schema, querystring: apiTokenListQuerySchema, response: { 200: apiTokenListSchema, ...errors } } },
    (req) => services.apiTokens.list(ownerOf(req), req.query.organisationId),
  );
  app.post(
    '/api-token/revoke',
    { ...owner, schema: { ...owner.schema, body: apiTokenIdBodySchema, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errors } } },
    (req) => services.apiTokens.revoke(ownerOf(req), req.body, onIdentityChange),
  );
};
export default apiTokenRoutes;
