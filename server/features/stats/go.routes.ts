import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { notFound } from '../../http/errors.ts';
import { locationHeader } from '../../http/location.ts';
import { visitOf } from './visit-decision.ts';
import type { StatsServices } from './stats.feature.ts';

type GoRequest = FastifyRequest<{ Params: { linkId: string }; Querystring: Record<string, unknown> }>;

/**
 * Issue 12: `GET /go/{socialMediaLinkId}?p={profileId}&src={source}` — the public pages' link
 * clicks. A 302 to the link, counted; works without JavaScript. Only a link of that profile,
 * only while the profile is public, only to what D12 lets a page render (a `javascript:` value
 * is a 404, never a redirect). The query is read by hand, as on the pages: an unknown `src` is
 * a `link` click, never an error.
 */
const goRoutes: FastifyPluginAsync<{ services: Pick<StatsServices, 'visits'> }> = async (app, { services }) => {
  const go = async (request: GoRequest, reply: FastifyReply) => {
    const profileId = typeof request.query.p === 'string' ? request.query.p : '';
    const visit = visitOf(request, 'action');
    const href = await services.visits.click(profileId, request.params.linkId, visit.source, visit);
    if (href === null) throw notFound(ErrorCode.linkNotFound, 'Link not found.');
    // Each click must reach the server to be counted; the link's own page gets no referrer path.
    return reply.header('cache-control', 'no-store').header('referrer-policy', 'origin').redirect(locationHeader(href), 302);
  };
  app.get('/go/:linkId', { schema: { hide: true } }, go);
};
export default goRoutes;
