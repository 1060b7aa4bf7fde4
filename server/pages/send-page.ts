import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityBody, type CachedPage } from './render-cache.ts';
import { matchesEtag, pickEncoding } from '../http/content-negotiation.ts';

/**
 * Pages are revalidated on every visit: /p/ counts each view (D10) and every page must show
 * an owner's edit at once. With the ETag a revalidation is a 304 that costs one indexed read.
 * `private`: the language comes from a cookie and Accept-Language, so no shared cache may keep it.
 */
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'private, no-cache',
  vary: 'Accept-Encoding, Accept-Language, Cookie',
} as const;

/**
 * Sends a page kept ready in the render cache: its CSP and ETag, a 304 when the client holds it,
 * else the encoding the client takes best. The security header set comes from the route's
 * `page` config (server/http/security-headers.ts).
 */
export function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, status: number) {
  reply.code(status).headers(PAGE_HEADERS).header('content-security-policy', page.csp).header('etag', page.etag);
  if (status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding) reply.header('content-encoding', encoding);
  return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : identityBody(page));
}
