import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { isCrossSite } from '../../http/cross-site.ts';
import { notFound } from '../../http/errors.ts';
import { visitOf } from './visit-decision.ts';
import type { StatsServices } from './stats.feature.ts';

type ClickRequest = FastifyRequest<{ Params: { linkId: string }; Querystring: Record<string, unknown> }>;

/** A ping's body is the word PING; a beacon's is empty. Neither is read: they are bounded and dropped. */
const BODY_LIMIT = 1024;

/**
 * Issue 22: `POST /go/{socialMediaLinkId}?p={profileId}&src={source}` counts a click on a public
 * page's link, whose `href` is now the real destination. Chromium and Safari post here by
 * themselves (the anchor's `ping` attribute, `Content-Type: text/ping`); where the page's script
 * runs it sends one `navigator.sendBeacon` here instead (docs/public-pages.md "Link clicks").
 * 204 when counted or left uncounted (bots, cross-site posts), D4's 404 for a link that is not the
 * profile's. `GET /go/{id}` (go.routes.ts) stays for the wallet pass and old links.
 */
const clickRoutes: FastifyPluginAsync<{ services: Pick<StatsServices, 'visits'> }> = async (app, { services }) => {
  const { config } = app;
  const publicOrigin = new URL(config.publicUrl).origin;
  // Whatever a ping or a beacon carries (text/ping, text/plain, nothing) is accepted and ignored, in this scope only.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, _body, done) => done(null, undefined));
  app.post('/go/:linkId', { schema: { hide: true } }, async (request: ClickRequest, reply) => {
    const profileId = typeof request.query.p === 'string' ? request.query.p : '';
    // Another site cannot add clicks through a visitor's browser: its post is answered, not counted.
    const visit = visitOf(request, 'action', { crossSite: isCrossSite(request, publicOrigin) });
    const href = await services.visits.click(profileId, request.params.linkId, visit.source, visit);
    if (href === null) throw notFound(ErrorCode.linkNotFound, 'Link not found.');
    return reply.header('cache-control', 'no-store').code(204).send();
  });
};
export default clickRoutes;
