import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../lib/rate-limiter.ts';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { organisationQuerySchema } from '../../../shared/schemas/organisation.schema.ts';
import {
  pageDomainOrganisationSchema,
  pageDomainRemovedSchema,
  pageDomainSchema,
  pageDomainSetSchema,
  pageDomainStateSchema,
} from '../../../shared/schemas/page-domain.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { AppError } from '../../http/errors.ts';
import type { RateRule } from '../../lib/rate-limiter.ts';
import type { PageDomainsServices } from './page-domains.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
/** The TLS proxy asks once per new certificate; more than this per minute from one address is not a proxy. */
export const TLS_ASK_RULE: RateRule = { name: 'tls-allowed', max: 600, windowMs: 60_000 };

/**
 * Issue 39 (docs/page-domains.md): the organisation's page host, for its owners and admins (a
 * member 403, anyone else 404), and the question Caddy's on-demand TLS asks before it fetches a
 * certificate. The operator's verification by hand is in the console (operator.routes.ts).
 */
/** The feature's services and the platform's rate limiter, handed in by page-domains.feature.ts. */
const pageDomainRoutes: FastifyPluginAsyncZod<{ services: Pick<PageDomainsServices, 'pageDomains' | 'pageHosts'>; rateLimiter: RateLimiter }> = async (
  app,
  { services, rateLimiter },
) => {
  const { requireOwner } = app;
  const pageDomains = services.pageDomains;
  const route = <T extends object>(schema: T) => ({ preHandler: requireOwner, schema: { tags: ['organisations'], security: [{ bearer: [] }], ...schema } });
  const answer = { response: { 200: pageDomainSchema, ...errors } };

  app.get('/find/own/organisation/page-domain', route({ querystring: organisationQuerySchema, response: { 200: pageDomainStateSchema, ...errors } }), (req) =>
    pageDomains.find(ownerOf(req), req.query.organisationId),
  );
  app.post('/organisation/page-domain/set', route({ body: pageDomainSetSchema, ...answer }), (req) => pageDomains.set(ownerOf(req), req.body));
  app.post('/organisation/page-domain/verify', route({ body: pageDomainOrganisationSchema, ...answer }), (req) =>
    pageDomains.verify(ownerOf(req), req.body.organisationId),
  );
  app.post('/organisation/page-domain/remove', route({ body: pageDomainOrganisationSchema, response: { 200: pageDomainRemovedSchema, ...errors } }), (req) =>
    pageDomains.remove(ownerOf(req), req.body.organisationId),
  );

  // Caddy's `on_demand_tls { ask … }`: 200 lets it fetch a certificate for `domain`, anything else not. From memory (the host directory), limited per address.
  app.get(
    '/.well-known/cmc/tls-allowed',
    {
      schema: {
        tags: ['public'],
        querystring: z.object({ domain: z.string().trim().toLowerCase().min(1).max(253) }),
        response: { 200: z.object({ domain: z.string(), allowed: z.literal(true) }), 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      await rateLimiter.consume([[TLS_ASK_RULE, req.ip]], 'Too many certificate questions from this address.');
      const domain = req.query.domain.replace(/\.$/, '');
      if (!(await services.pageHosts.organisationOf(domain))) throw new AppError(404, ErrorCode.notFound, 'No organisation has verified this host.');
      reply.header('cache-control', 'no-store');
      return { domain, allowed: true as const };
    },
  );
};
export default pageDomainRoutes;
