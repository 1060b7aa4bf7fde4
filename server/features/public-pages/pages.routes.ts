import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLanguageMemo } from '../../http/language.ts';
import { PUBLIC_PAGE_ROUTE_HEADERS } from '../../http/security-headers.ts';
import type { PageAnswer } from './public-page.service.ts';
import { visitOf } from '../stats/index.ts';
import { createPageSender } from './send-page.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * The server-rendered public pages (D16): /p/{id}, /l/{id}, /linkinbio/{id}, /card/{id},
 * /public-profile/{id}. Each route reads its input (id, language, who asks), asks the public
 * page service for the page, and sends it. The contact form's POST creates a lead: it is the
 * leads feature's (server/features/leads/contact-form.routes.ts).
 */
export default async function pagesRoutes(app: FastifyInstance): Promise<void> {
  const { pages } = app.services;
  const languageOf = createLanguageMemo();
  const sendPage = createPageSender({ https: app.config.publicUrl.startsWith('https:') });
  // Hidden from the API document; the `page` header set (server/http/security-headers.ts).
  const pageRoute = { schema: { hide: true }, ...PUBLIC_PAGE_ROUTE_HEADERS };

  function send(request: FastifyRequest, reply: FastifyReply, answer: PageAnswer) {
    if ('redirectTo' in answer) return reply.header('cache-control', 'no-store').redirect(answer.redirectTo, 302);
    if ('redirectToProfile' in answer) {
      // SPEC 2 replaces the route with the profile; an explicit ?lng= travels along.
      const query = (request.query ?? {}) as Record<string, unknown>;
      const lngQuery = typeof query.lng === 'string' ? `&lng=${languageOf(request)}` : '';
      // A card can be given another profile at any time: the redirect must never be cached.
      return reply.header('cache-control', 'no-store').redirect(`/p/${encodeURIComponent(answer.redirectToProfile)}?${answer.query}${lngQuery}`, 302);
    }
    return sendPage(request, reply, answer.page, answer.status);
  }

  const profilePage = async (request: IdRequest, res: FastifyReply) =>
    send(request, res, await pages.profile(request.params.id, languageOf(request), visitOf(request, 'profile'), request.pageOrigin));
  const linkTreePage = async (request: IdRequest, res: FastifyReply) =>
    send(request, res, await pages.linkTree(request.params.id, languageOf(request), visitOf(request, 'linkinbio'), request.pageOrigin));
  const cardPage = async (request: IdRequest, res: FastifyReply) =>
    send(request, res, await pages.card(request.params.id, languageOf(request), visitOf(request, 'card'), request.pageOrigin));

  // The router ignores trailing slashes (server/app.ts), so /p/{id}/ of SPEC 2 is the same route.
  app.get('/p/:id', pageRoute, profilePage);
  app.get('/l/:id', pageRoute, linkTreePage);
  app.get('/linkinbio/:id', pageRoute, linkTreePage);
  app.get('/card/:id', pageRoute, cardPage);
  app.get('/public-profile/:id', pageRoute, cardPage);
}
