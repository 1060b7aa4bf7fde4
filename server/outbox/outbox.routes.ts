import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Outbox } from './outbox.ts';

/**
 * GET /healthz/outbox (issue 34): the outbox's state for monitoring, beside /healthz and /readyz
 * and as open as they are: per message type how many wait, are leased and were given up, and how
 * long the oldest due one has waited past its time. Counts only (no payload, id or error text),
 * read from the database at most once a second however often it is asked (outbox.ts#metrics).
 */
const outboxRoutes: FastifyPluginAsyncZod<{ outbox: Pick<Outbox, 'metrics'> }> = async (app, { outbox }) => {
  app.get('/healthz/outbox', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return outbox.metrics();
  });
};
export default outboxRoutes;
