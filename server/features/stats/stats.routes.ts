import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { statsQuerySchema, statsSchema } from '../../../shared/schemas/stats.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { StatsServices } from './stats.feature.ts';

/** Issue 12: the owner's statistics of one profile. */
const statsRoutes: FastifyPluginAsyncZod<{ services: Pick<StatsServices, 'stats'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  app.get(
    '/find/own/stats',
    {
      preHandler: requireOwner,
      schema: {
        tags: ['profiles'],
        security: [{ bearer: [] }],
        querystring: statsQuerySchema,
        response: { 200: statsSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req, reply) => {
      // Today's counts grow while the owner looks: never from a cache.
      reply.header('cache-control', 'no-store');
      return services.stats.ofProfile(ownerOf(req), req.query.profileId, req.query.days);
    },
  );
};
export default statsRoutes;
