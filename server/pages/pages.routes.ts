import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../shared/error-codes.ts';
import { idSchema } from '../../shared/schemas/common.schema.ts';
import { sendContactSchema } from '../../shared/schemas/contact.schema.ts';
import type { Language } from '../../shared/schemas/profile.schema.ts';
import { AppError, badInput } from '../http/errors.ts';
import { pickLanguage } from '../http/language.ts';
import { PUBLIC_PAGE_ROUTE_HEADERS } from '../http/security-headers.ts';
import { createPageRenderer } from './page.renderer.tsx';
import { createPageTexts } from './page-texts.ts';
import { identityBody, RenderCache, type CachedPage } from './render-cache.ts';

type IdRequest = FastifyRequest<{ Params: { id: string } }>;

/**
 * Pages are revalidated on every visit: /p/ counts each view (D10) and every page must show
 * an owner's edit at once. With the ETag a revalidation is a 304 that costs one indexed read.
 * `private`: the language comes from a cookie and Accept-Language, so no shared cache may keep it.
 */
const PAGE_CACHE_CONTROL = 'private, no-cache';
const VARY = 'Accept-Encoding, Accept-Language, Cookie';

/** Headers every public page carries besides its own Content-Security-Policy. */
const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
} as const;

/**
 * A request sent from another site's page: the browser says so (Sec-Fetch-Site), or its Origin
 * is neither this service's public address nor the address it was reached at. `Origin: null`
 * (a sandboxed frame, a data: page) is foreign too.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}

/** The best encoding the client accepts of the two every cached page holds; null for identity. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  // Browsers send a plain list ("gzip, deflate, br, zstd"): no weights to read, no parsing.
  if (!acceptEncoding.includes(';') && !acceptEncoding.includes('*')) {
    return acceptEncoding.includes('br') ? 'br' : acceptEncoding.includes('gzip') ? 'gzip' : null;
  }
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name) weights.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

/** True when If-None-Match names the page's ETag (weak comparison, lists and `*` allowed). */
function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t.replace(/^W\//, '') === bare;
  });
}

/**
 * The server-rendered public pages (D16): /p/{id}, /l/{id}, /linkinbio/{id}, /card/{id},
 * /public-profile/{id}, and the contact form's POST for visitors without JavaScript.
 * Each page is rendered and compressed once per (page, profile change, language) and
 * answered from memory after one read of the profile's `updated` stamp.
 */
export default async function pagesRoutes(app: FastifyInstance): Promise<void> {
  const { services, config } = app;
  const render = createPageRenderer({ publicUrl: config.publicUrl, texts: createPageTexts() });
  const publicOrigin = new URL(config.publicUrl).origin;
  const cache = new RenderCache();
  const hidden = { schema: { hide: true } };
  // Pages send their own header set (SECURITY_HEADERS and a hash-based CSP per cached page).
  const pageRoute = { ...hidden, ...PUBLIC_PAGE_ROUTE_HEADERS };
  // Built once: every page answer carries these, only its CSP and ETag differ.
  const pageHeaders: Record<string, string> = {
    ...SECURITY_HEADERS,
    ...(config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000' } : {}),
    'content-type': 'text/html; charset=utf-8',
    'cache-control': PAGE_CACHE_CONTROL,
    vary: VARY,
  };

  // The same few header combinations arrive again and again; D1's parsing runs once per combination.
  const languages = new Map<string, Language>();
  function languageOf(request: FastifyRequest): Language {
    const query = request.query as Record<string, unknown> | undefined;
    const key = `${typeof query?.lng === 'string' ? query.lng : ''}\n${request.headers.cookie ?? ''}\n${request.headers['accept-language'] ?? ''}`;
    let lng = languages.get(key);
    if (!lng) {
      lng = pickLanguage(request);
      if (languages.size >= 1000) languages.clear();
      languages.set(key, lng);
    }
    return lng;
  }

  // The contact dialog's form without JavaScript posts urlencoded; this plugin's scope parses it.
  await app.register(formbody, { bodyLimit: 4096 });

  function send(request: FastifyRequest, reply: FastifyReply, page: CachedPage, status: number) {
    reply.code(status).headers(pageHeaders).header('content-security-policy', page.csp).header('etag', page.etag);
    if (status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : identityBody(page));
  }

  /** A page that depends only on its key (not-found and card pages): rendered once, kept in the cache. */
  async function fixedPage(key: string, produce: () => { html: string; csp: string }): Promise<CachedPage> {
    const page = cache.peek(key) ?? (await cache.fill(key, async () => ({ stamp: 0, profileId: '', ...produce() })));
    if (!page) throw new Error(`page ${key} rendered nothing`);
    return page;
  }

  const profileNotFound = async (request: FastifyRequest, reply: FastifyReply, lng: Language, ns: 'profile' | 'link_tree') =>
    send(request, reply, await fixedPage(`404/${ns}/${lng}`, () => render.profileNotFound(lng, ns)), 404);

  // Malformed ids need no check on the GET routes: the lookups are parameterised and answer
  // null for them, which is the not-found page. Fastify's maxParamLength bounds their length.

  const profilePage = async (request: IdRequest, reply: FastifyReply) => {
    const { id } = request.params;
    const lng = languageOf(request);
    // HEAD is how link checkers look: it answers the page's state but is no view (D10).
    const stamp =
      request.method === 'HEAD'
        ? await services.publicProfiles.updatedStamp(id)
        : await services.publicProfiles.recordView(id, { userAgent: request.headers['user-agent'] });
    if (stamp === null) return profileNotFound(request, reply, lng, 'profile');
    const key = `p/${id}/${lng}`;
    const cached = cache.peek(key);
    if (cached && cached.stamp === stamp) return send(request, reply, cached, 200);
    const page = await cache.fill(key, async () => {
      const profile = await services.publicProfiles.get(id);
      // Stored under the profile's own stamp: if it changed since the first read, the next request renders again.
      return profile && { stamp: profile.updated, profileId: profile.id, ...render.profile(profile, lng) };
    });
    return page ? send(request, reply, page, 200) : profileNotFound(request, reply, lng, 'profile');
  };

  const linkTreePage = async (request: IdRequest, reply: FastifyReply) => {
    const { id } = request.params;
    const lng = languageOf(request);
    const key = `l/${id}/${lng}`;
    // A short link is found through its profile: while that profile's stamp is unchanged, so is its short link id.
    const cached = cache.peek(key);
    if (cached && cached.stamp === (await services.publicProfiles.updatedStamp(cached.profileId))) return send(request, reply, cached, 200);
    const page = await cache.fill(key, async () => {
      const profile = await services.publicProfiles.getByShortLink(id);
      return profile && { stamp: profile.updated, profileId: profile.id, ...render.linkTree(profile, lng) };
    });
    return page ? send(request, reply, page, 200) : profileNotFound(request, reply, lng, 'link_tree');
  };

  const cardPage = async (request: IdRequest, reply: FastifyReply) => {
    const { id } = request.params;
    const lng = languageOf(request);
    const state = await services.cards.openPublicCard(id, { userAgent: request.headers['user-agent'] });
    if (state.state === 'registered') {
      // SPEC 2 replaces the route with the profile; an explicit ?lng= travels along.
      const query = (request.query ?? {}) as Record<string, unknown>;
      const lngQuery = typeof query.lng === 'string' ? `?lng=${lng}` : '';
      // A card can be given another profile at any time: the redirect must never be cached.
      return reply.header('cache-control', 'no-store').redirect(`/p/${encodeURIComponent(state.profileId)}${lngQuery}`, 302);
    }
    if (state.state === 'unregistered') return send(request, reply, await fixedPage(`card/${id}/${lng}`, () => render.cardInvite(id, lng)), 200);
    return send(request, reply, await fixedPage(`404/card/${lng}`, () => render.cardNotFound(lng)), 404);
  };

  /**
   * The contact-exchange form (D5). Without JavaScript: a 303 back to the page, whose
   * fragment opens the outcome dialog (#contact-sent, #contact-failed, #contact-invalid,
   * #contact-limited). The enhancement script asks for JSON: 204, or the D4 error.
   */
  const contactForm = async (request: IdRequest, reply: FastifyReply) => {
    const { id } = request.params;
    const wantsJson = (request.headers.accept ?? '').includes('application/json');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const lng = pickLanguage({ query: { lng: body.language }, headers: request.headers });
    let outcome: 'contact-sent' | 'contact-failed' | 'contact-invalid' | 'contact-limited';
    // A form on another site must not make a visitor's browser send mails in their name.
    if (isCrossSite(request, publicOrigin)) {
      if (wantsJson) throw new AppError(403, ErrorCode.invalidInput, 'Cross-site form posts are not accepted.');
      outcome = 'contact-failed';
    } else {
      const parsed = sendContactSchema.safeParse({ profileId: id, senderEmail: body.senderEmail, language: lng });
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? 'senderEmail');
        if (wantsJson) throw badInput(field, parsed.error.issues[0]?.message ?? 'invalid');
        outcome = 'contact-invalid';
      } else {
        try {
          await services.contacts.send(parsed.data, { address: request.ip });
          outcome = 'contact-sent';
        } catch (error) {
          if (wantsJson) throw error;
          if (!(error instanceof AppError)) request.log.error({ err: error }, 'contact exchange failed');
          outcome = error instanceof AppError && error.status === 429 ? 'contact-limited' : 'contact-failed';
        }
      }
    }
    if (wantsJson) return reply.code(204).send();
    const back = idSchema.safeParse(id).success ? `/p/${encodeURIComponent(id)}` : '/';
    return reply.header('cache-control', 'no-store').redirect(`${back}?lng=${lng}#${outcome}`, 303);
  };

  // The router ignores trailing slashes (server/app.ts), so /p/{id}/ of SPEC 2 is the same route.
  app.get('/p/:id', pageRoute, profilePage);
  app.post('/p/:id/contact', hidden, contactForm);
  app.get('/l/:id', pageRoute, linkTreePage);
  app.get('/linkinbio/:id', pageRoute, linkTreePage);
  app.get('/card/:id', pageRoute, cardPage);
  app.get('/public-profile/:id', pageRoute, cardPage);
}
