import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { AppError } from '../../http/errors.ts';
import type { Invalidation } from '../../lib/invalidation.ts';
import { createShortLivedCache } from '../../lib/short-lived-cache.ts';
import type { PageDomainsServices } from './page-domains.feature.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Issue 39: `https://{host}` when the request came to an organisation's verified page host; null on the service's own. */
    pageOrigin: string | null;
  }
}

type Param = (request: FastifyRequest, name: string) => string;
const param: Param = (request, name) => String((request.params as Record<string, unknown> | undefined)?.[name] ?? '');
const query: Param = (request, name) => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/** Whose resource a request names: a profile, a short link, a card, or an organisation itself (its brand logo). */
type Target = { kind: 'profile' | 'short-link' | 'card' | 'organisation'; id: string };
const profile = (id: string): Target => ({ kind: 'profile', id });

/**
 * The only routes a page host answers (by the router's pattern and method, HEAD as GET), each
 * with the resource it shows: the public pages of SPEC 2 (/p, /l and its canonical /linkinbio,
 * /card), their downloads (vCard, reminder), the contact form, the link clicks and the images
 * the pages show. Everything else there is 404.
 */
const ROUTES: Record<string, (request: FastifyRequest) => Target | null> = {
  'GET /p/:id': (r) => profile(param(r, 'id')),
  'POST /p/:id/contact': (r) => profile(param(r, 'id')),
  'GET /l/:id': (r) => ({ kind: 'short-link', id: param(r, 'id') }),
  'GET /linkinbio/:id': (r) => ({ kind: 'short-link', id: param(r, 'id') }),
  'GET /card/:id': (r) => ({ kind: 'card', id: param(r, 'id') }),
  'GET /download/generate-vcf-with-comment': (r) => profile(query(r, 'profileId')),
  'GET /download/calendar': (r) => profile(query(r, 'profileId')),
  'GET /go/:linkId': (r) => profile(query(r, 'p')),
  'POST /go/:linkId': (r) => profile(query(r, 'p')),
  'GET /media/*': (r) => {
    const [folder, id] = param(r, '*').split('/');
    if (folder === 'profiles') return profile(id ?? '');
    return folder === 'organisations' ? { kind: 'organisation', id: id ?? '' } : null;
  },
};

/** A request's host name as the client named it: lower case, without port or trailing dot. */
export const requestHost = (request: FastifyRequest) => request.hostname.toLowerCase().replace(/\.$/, '');

/**
 * Issue 39's host gate, the first `onRequest` hook (server/app.ts): a request to an
 * organisation's verified page host passes only to that organisation's company pages (ROUTES);
 * anything else there, another organisation's page included, is a 404 before any route runs, so
 * no cookie is set. A passing request carries `pageOrigin`, which the pages and downloads name.
 * Requests to the service's own host (and any host no organisation verified) are untouched.
 */
export function registerPageHostGate(app: FastifyInstance, invalidation: Invalidation, services: Pick<PageDomainsServices, 'pageHosts' | 'pageHostResources'>) {
  const { pageHosts: directory, pageHostResources: resources } = services;
  const serviceHost = new URL(app.config.publicUrl).hostname.toLowerCase();
  // Whose a page is changes rarely (a template moved, a card reassigned): remembered as long as the shared caches.
  const owners = createShortLivedCache<string | null>(invalidation.cacheMs);
  invalidation.subscribe(() => owners.clear());
  async function ownerOf(target: Target): Promise<string | null> {
    if (target.kind === 'organisation') return target.id;
    const key = `${target.kind}:${target.id}`;
    const known = owners.get(key);
    if (known !== undefined) return known;
    const readAt = owners.generation();
    const found =
      target.kind === 'profile'
        ? await resources.organisationOfProfile(target.id)
        : target.kind === 'short-link'
          ? await resources.organisationOfShortLink(target.id)
          : await resources.organisationOfCard(target.id);
    owners.set(key, found, readAt);
    return found;
  }
  const notHere = () => new AppError(404, ErrorCode.notFound, 'Not found.');

  app.decorateRequest('pageOrigin', null);
  app.addHook('onRequest', async (request) => {
    const host = requestHost(request);
    if (host === serviceHost) return;
    const organisationId = await directory.organisationOf(host);
    if (!organisationId) return;
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    const target = ROUTES[`${method} ${request.routeOptions.url ?? ''}`]?.(request);
    if (!target?.id || (await ownerOf(target)) !== organisationId) throw notHere();
    request.pageOrigin = `https://${host}`;
  });
}
