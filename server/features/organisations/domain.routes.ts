import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { organisationQuerySchema } from '../../../shared/schemas/organisation.schema.ts';
import {
  domainBodySchema,
  domainRemovedSchema,
  organisationDomainListSchema,
  organisationDomainSchema,
} from '../../../shared/schemas/organisation-domain.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { OrganisationsServices } from './organisations.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * Issue 27: the organisation's e-mail domains (docs/teams.md "E-mail domains"), for its owners
 * and admins (a member 403, anyone else 404). The operator's verification is in the console
 * (POST /operator/organisation/domain/verify, operator.routes.ts).
 */
const domainRoutes: FastifyPluginAsyncZod<{ services: Pick<OrganisationsServices, 'organisationDomains'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const domains = services.organisationDomains;
  const route = <T extends object>(schema: T) => ({ preHandler: requireOwner, schema: { tags: ['organisations'], security: [{ bearer: [] }], ...schema } });

  app.get(
    '/find/own/organisation/domains',
    route({ querystring: organisationQuerySchema, response: { 200: organisationDomainListSchema, ...errors } }),
    (req) => domains.list(ownerOf(req), req.query.organisationId),
  );
  app.post('/organisation/domain/claim', route({ body: domainBodySchema, response: { 200: organisationDomainSchema, ...errors } }), (req) =>
    domains.claim(ownerOf(req), req.body),
  );
  app.post('/organisation/domain/verify', route({ body: domainBodySchema, response: { 200: organisationDomainSchema, ...errors } }), (req) =>
    domains.verify(ownerOf(req), req.body),
  );
  app.post('/organisation/domain/remove', route({ body: domainBodySchema, response: { 200: domainRemovedSchema, ...errors } }), (req) =>
    domains.remove(ownerOf(req), req.body),
  );
};
export default domainRoutes;
