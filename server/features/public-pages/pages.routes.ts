import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createLanguageMemo } from '../../http/language.ts';
import { PUBLIC_PAGE_ROUTE_HEADERS } from '../../http/security-headers.ts';
import type { PageAnswer } from './public-page.service.ts';
import { visitOf, type Visit } from '../stats/index.ts';
import { TAP_VISIT_MS, sunParams, withoutSunParams, type TapService } from '../taps/index.ts';
import { createPageSender } from './send-page.ts';
import type { PublicPagesServices } from './public-pages.feature.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * The server-rendered public pages (D16): /p/{id}, /l/{id}, /linkinbio/{id}, /card/{id},
 * /public-profile/{id}. Each route reads its input (id, language, who asks), asks the public
 * page service for the page, and sends it. The contact form's POST creates a lead: it is the
 * leads feature's (server/features/leads/contact-form.routes.ts).
 */
/** The taps feature's service judges a chip's tap (issue 38); public-pages.feature.ts hands it in with the page service. */
export default async function pagesRoutes(
  app: FastifyInstance,
  { services, taps }: { services: Pick<PublicPagesServices, 'pages'>; taps: TapService },
): Promise<void> {
  const { pages } = services;
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

  /**
   * Issue 38: a tap of a SUN chip (`picc_data`, `cmac`) is judged before the card's redirect, so a
   * verified one counts as `tap` (an unverified one as `nfc`: only chips write these parameters);
   * the visitor never ends on an address with them. A page's `src=tap` holds only shortly after a
   * verified tap of its card, else it is `nfc`.
   */
  async function tapVisit(request: FastifyRequest, cardId: string, visit: Visit): Promise<Visit> {
    const sun = sunParams(request.query);
    if (sun) {
      const result = cardId ? await taps.verify(cardId, sun.piccData, sun.cmac) : null;
      visit.source = result === 'verified' ? 'tap' : 'nfc';
    } else if (visit.source === 'tap' && !(await taps.verifiedWithin(visit.cardId, TAP_VISIT_MS))) visit.source = 'nfc';
    return visit;
  }
  /** /p and /l reached with a chip's parameters: judged when they name the card, then the same address without them. */
  async function strippedTap(request: FastifyRequest, reply: FastifyReply, kind: 'profile' | 'linkinbio'): Promise<FastifyReply> {
    const visit = await tapVisit(request, visitOf(request, 'profile').cardId, visitOf(request, kind));
    const url = withoutSunParams(request.url)
      .replace(/([?&])src=[^&]*&?/, '$1')
      .replace(/[?&]$/, '');
    const query = visit.cardId ? `src=${visit.source}` : '';
    return reply.header('cache-control', 'no-store').redirect(query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url, 302);
  }

  /*
   * /p and /l: nearly every view is answered from memory (the remembered* calls) by a handler
   * that returns nothing, without a promise or an await: that is what keeps a view within 1.2
   * times hello-world's CPU (issue 34, docs/performance.md 2026-11-29). What must read something
   * (a chip's tap, a card to check, a changed profile, a page not rendered yet) returns the
   * promise of the async way.
   */
  const profilePage = (request: IdRequest, res: FastifyReply): Promise<unknown> | undefined => {
    if (sunParams(request.query)) return strippedTap(request, res, 'profile');
    const { id } = request.params;
    const lng = languageOf(request);
    const visit = visitOf(request, 'profile');
    const remembered = visit.source === 'tap' ? undefined : pages.rememberedProfile(id, lng, visit, request.pageOrigin);
    if (remembered) return void send(request, res, remembered);
    return (async () => {
      const counted = visit.source === 'tap' ? await tapVisit(request, visit.cardId, visit) : visit;
      return send(request, res, await pages.profile(id, lng, counted, request.pageOrigin));
    })();
  };
  const linkTreePage = (request: IdRequest, res: FastifyReply): Promise<unknown> | undefined => {
    if (sunParams(request.query)) return strippedTap(request, res, 'linkinbio');
    const { id } = request.params;
    const lng = languageOf(request);
    const visit = visitOf(request, 'linkinbio');
    const remembered = pages.rememberedLinkTree(id, lng, visit, request.pageOrigin);
    if (remembered) return void send(request, res, remembered);
    return pages.linkTree(id, lng, visit, request.pageOrigin).then((answer) => send(request, res, answer));
  };
  const cardPage = async (request: IdRequest, res: FastifyReply) => {
    const { id } = request.params;
    const tapped = sunParams(request.query) !== null;
    const answer = await pages.card(
      id,
      languageOf(request),
      tapped ? await tapVisit(request, id, visitOf(request, 'card')) : visitOf(request, 'card'),
      request.pageOrigin,
    );
    // A card page that is not the profile's redirect (unregistered, blocked, unknown): the same page without the chip's parameters.
    if (tapped && !('redirectToProfile' in answer)) return res.header('cache-control', 'no-store').redirect(withoutSunParams(request.url), 302);
    return send(request, res, answer);
  };

  // The router ignores trailing slashes (server/app.ts), so /p/{id}/ of SPEC 2 is the same route.
  app.get('/p/:id', pageRoute, profilePage);
  app.get('/l/:id', pageRoute, linkTreePage);
  app.get('/linkinbio/:id', pageRoute, linkTreePage);
  app.get('/card/:id', pageRoute, cardPage);
  app.get('/public-profile/:id', pageRoute, cardPage);
}
