import type { ContactRetry } from '../../../shared/public-page/profile.dialogs.tsx';
import type { Language } from '../../../shared/schemas/profile.schema.ts';
import type { VisitSource } from '../../../shared/schemas/visit-source.schema.ts';
import type { CardService } from '../cards/index.ts';
import type { PublicProfileService } from '../profiles/index.ts';
import { countsAsVisit, profileVisitQuery, type Visit, type VisitService } from '../stats/index.ts';
import type { CardIssuer } from '../../../shared/public-page/card-invite.page.tsx';
import { createPageRenderer } from './page.renderer.tsx';
import type { PageTexts } from './page-texts.ts';
import { RenderCache, type CachedPage } from './render-cache.ts';

/** A page to send and its status, or where a card page sends the visitor instead. */
export type PageAnswer = { page: CachedPage; status: 200 | 404 } | { redirectToProfile: string; query: string } | { redirectTo: string };

/**
 * Who asked, where the visit came from and which card brought it (issue 12), as the route read
 * it (server/features/stats/visit-decision.ts). A request that is no visit (HEAD, bots) answers the page's
 * state but is no view (D10).
 */
export type { Visit };

/**
 * The public pages as answers (D16): each page is rendered (page.renderer.tsx, the pages'
 * presenter) and compressed once per (page, profile change, language), and answered from
 * memory after one read of the profile's `updated` stamp. No HTTP here: the routes turn an
 * answer into a reply (send-page.ts).
 */
export function createPublicPageService(deps: {
  publicUrl: string;
  publicProfiles: PublicProfileService;
  cards: Pick<CardService, 'showsProfile' | 'openPublicCard'>;
  visits: Pick<VisitService, 'record'>;
  texts: PageTexts;
  /** Issue 35: who issues the cards and their address, named on a blocked card's page. */
  issuer: CardIssuer;
}) {
  const { publicProfiles, cards, visits } = deps;
  const render = createPageRenderer({ publicUrl: deps.publicUrl, texts: deps.texts, issuer: deps.issuer });
  // Issue 39: pages served at an organisation's own host name it (canonical, alternates, image addresses): a renderer per origin, cached apart.
  const renderers = new Map<string, typeof render>();
  const renderAt = (origin: string | null | undefined) => {
    if (!origin) return render;
    let found = renderers.get(origin);
    if (!found) renderers.set(origin, (found = createPageRenderer({ publicUrl: origin, texts: deps.texts, issuer: deps.issuer })));
    return found;
  };
  const at = (origin: string | null | undefined) => (origin ? `@${origin}` : '');
  const cache = new RenderCache();

  /** A page that depends only on its key (not-found and card pages): rendered once, kept in the cache. */
  async function fixedPage(key: string, produce: () => { html: string; csp: string }): Promise<CachedPage> {
    const page = cache.peek(key) ?? (await cache.fill(key, async () => ({ stamp: 0, profileId: '', ...produce() })));
    if (!page) throw new Error(`page ${key} rendered nothing`);
    return page;
  }

  const profileKey = (id: string, lng: Language, source: VisitSource, origin: string | null | undefined) => `p/${id}/${lng}/${source}${at(origin)}`;
  const linkTreeKey = (shortLinkId: string, lng: Language, origin: string | null | undefined) => `l/${shortLinkId}/${lng}${at(origin)}`;
  /** A link-in-bio page answered, its view counted (issue 12: `linkinbio`, not in `profileViews`). */
  const linkTreeView = (page: CachedPage, visit: Visit): PageAnswer => {
    visits.record({ profileId: page.profileId, metric: 'view', source: 'linkinbio' }, visit);
    return { page, status: 200 };
  };

  const profileNotFound = async (lng: Language, ns: 'profile' | 'link_tree'): Promise<PageAnswer> => ({
    page: await fixedPage(`404/${ns}/${lng}`, () => render.profileNotFound(lng, ns)),
    status: 404,
  });

  // Malformed ids need no check: the lookups are parameterised and answer null for them, which
  // is the not-found page. Fastify's maxParamLength bounds their length.
  return {
    /**
     * /p/{id} answered from memory, without an await: when no card must be checked, the
     * profile's stamp is remembered and its page of that stamp is cached, as for nearly every
     * view (docs/performance.md, 2026-11-29). Counts the view as `profile` does. Undefined when
     * anything must be read: then `profile` answers.
     */
    rememberedProfile(id: string, lng: Language, visit: Visit, origin?: string | null): PageAnswer | undefined {
      const counts = countsAsVisit(visit);
      if (counts && visit.cardId) return undefined;
      const stamp = publicProfiles.rememberedStamp(id);
      if (!stamp) return undefined;
      const page = cache.peek(profileKey(id, lng, visit.source, origin));
      if (page?.stamp !== stamp) return undefined;
      if (counts) visits.record({ profileId: id, metric: 'view', source: visit.source, cardId: '' }, visit);
      return { page, status: 200 };
    },

    /**
     * /p/{id}: the profile page, counting the view (D10) under its source and card (issue 12).
     * The page differs per source (its /go links, downloads and contact form carry it), never
     * per card: at most six variants per profile and language.
     */
    async profile(id: string, lng: Language, visit: Visit, origin?: string | null): Promise<PageAnswer> {
      const { source } = visit;
      const counts = countsAsVisit(visit);
      // Only visits a card brought carry a card id; it must be one of this profile's cards.
      const cardId = visit.cardId && counts && (await cards.showsProfile(visit.cardId, id)) ? visit.cardId : '';
      const stamp = counts ? await publicProfiles.recordView(id, visit, { source, cardId }) : await publicProfiles.updatedStamp(id);
      if (stamp === null) return profileNotFound(lng, 'profile');
      const key = profileKey(id, lng, source, origin);
      const cached = cache.peek(key);
      if (cached && cached.stamp === stamp) return { page: cached, status: 200 };
      const page = await cache.fill(key, async () => {
        const found = await publicProfiles.getForPage(id);
        if (!found) return null;
        const { profile, leftCompany, brand } = found;
        // Stored under the profile's own stamp: if it changed since the first read, the next request renders again.
        // Issue 24: a former member's company profile says they left, with the company's contact.
        const r = renderAt(origin);
        const rendered = leftCompany ? r.leftCompany(profile, leftCompany, lng, brand) : r.profile(profile, lng, source, undefined, brand);
        return { stamp: profile.updated, profileId: profile.id, ...rendered };
      });
      return page ? { page, status: 200 } : profileNotFound(lng, 'profile');
    },

    /** /l/{id} answered from memory, without an await, like `rememberedProfile`; undefined when anything must be read (then `linkTree`). */
    rememberedLinkTree(shortLinkId: string, lng: Language, visit: Visit, origin?: string | null): PageAnswer | undefined {
      const page = cache.peek(linkTreeKey(shortLinkId, lng, origin));
      if (!page || page.stamp !== publicProfiles.rememberedStamp(page.profileId)) return undefined;
      return linkTreeView(page, visit);
    },

    /**
     * /l/{id} and /linkinbio/{id}: the link-in-bio page of a short link id. A visit counts as a
     * `linkinbio` view in the day's statistics (issue 12), not in `profileViews` (D10: /p only).
     */
    async linkTree(shortLinkId: string, lng: Language, visit: Visit, origin?: string | null): Promise<PageAnswer> {
      const key = linkTreeKey(shortLinkId, lng, origin);
      const counted = (page: CachedPage) => linkTreeView(page, visit);
      // A short link is found through its profile: while that profile's stamp is unchanged, so is its short link id.
      const cached = cache.peek(key);
      if (cached && cached.stamp === (await publicProfiles.updatedStamp(cached.profileId))) return counted(cached);
      const page = await cache.fill(key, async () => {
        const found = await publicProfiles.getByShortLink(shortLinkId);
        if (!found) return null;
        const { profile, leftCompany, brand } = found;
        // Issue 24: a former member's company profile says they left on its link-in-bio page too.
        const r = renderAt(origin);
        const rendered = leftCompany ? r.leftCompany(profile, leftCompany, lng, brand) : r.linkTree(profile, lng, brand);
        return { stamp: profile.updated, profileId: profile.id, ...rendered };
      });
      return page ? counted(page) : profileNotFound(lng, 'link_tree');
    },

    /**
     * Issue 23: the profile page with its contact form refused and filled in as the visitor typed
     * it (the form's answer without JavaScript): never cached, not a view. Null when the profile
     * is gone.
     */
    async refusedContactForm(id: string, lng: Language, source: VisitSource, retry: ContactRetry, origin?: string | null) {
      const found = await publicProfiles.getForPage(id);
      return found ? renderAt(origin).profile(found.profile, lng, source, retry, found.brand) : null;
    },

    /**
     * /card/{id} and /public-profile/{id}: a registered card sends to its profile (SPEC 2),
     * counting the scan; the source and the card travel along (`?src=nfc&card={id}`), so the
     * profile's view is theirs (issue 12).
     */
    async card(cardId: string, lng: Language, visit: Visit, origin?: string | null): Promise<PageAnswer> {
      const state = await cards.openPublicCard(cardId, visit, visit.source);
      if (state.state === 'registered') return { redirectToProfile: state.profileId, query: profileVisitQuery(visit.source, cardId) };
      // Issue 39: a card printed with the organisation's host and not yet registered is registered on the service's own host (the owner app is there).
      if (state.state === 'unregistered' && origin) return { redirectTo: `${deps.publicUrl}/card/${encodeURIComponent(cardId)}` };
      // Per card: the mail to the issuer names it. Only blocked cards (an operator's few) have such a page.
      if (state.state === 'blocked') return { page: await fixedPage(`blocked/${cardId}/${lng}`, () => render.cardBlocked(cardId, lng)), status: 200 };
      if (state.state === 'unregistered') return { page: await fixedPage(`card/${cardId}/${lng}`, () => render.cardInvite(cardId, lng)), status: 200 };
      return { page: await fixedPage(`404/card/${lng}`, () => render.cardNotFound(lng)), status: 404 };
    },
  };
}
export type PublicPageService = ReturnType<typeof createPublicPageService>;
