import type { FastifyRequest } from 'fastify';

/**
 * A request sent from another site's page: the browser says so (Sec-Fetch-Site), or its Origin
 * is neither this service's public address nor the address it was reached at. `Origin: null`
 * (a sandboxed frame, a data: page) is foreign too. Forms that make the server send mail refuse
 * these, so a page elsewhere cannot make a visitor's browser send mails in their name.
 */
export function isCrossSite(request: FastifyRequest, publicOrigin: string): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  return origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`;
}
