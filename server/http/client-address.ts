import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Loopback addresses in every spelling Node reports them (IPv4, IPv6, IPv4-mapped IPv6). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address || !isIP(address)) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4 === '::1' || /^127\./.test(v4);
}

/**
 * A request from this machine, not relayed: the client (after trusted proxies) is a loopback
 * address and no proxy header names anyone else. A proxy on the same machine makes every
 * socket look local, so a forwarded request never counts as local.
 */
export function isLocalRequest(request: FastifyRequest): boolean {
  const h = request.headers;
  if (h['x-forwarded-for'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined) return false;
  return isLoopbackAddress(request.socket.remoteAddress) && isLoopbackAddress(request.ip);
}
