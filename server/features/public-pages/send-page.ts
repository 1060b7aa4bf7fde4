import type { FastifyReply, FastifyRequest } from 'fastify';
import { identityBody, type CachedPage } from './render-cache.ts';
import { matchesEtag, pickEncoding } from '../../http/content-negotiation.ts';
import { publicPageHeaders } from '../../http/security-headers.ts';

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

type Encoding = 'br' | 'gzip' | 'identity';

/** A page's header blocks, per encoding and for the 304, as `writeHead` takes them. */
interface HeaderBlocks {
  br: string[];
  gzip: string[];
  identity: string[];
  notModified: string[];
}

/**
 * Sends pages kept ready in the render cache. The whole header block of each page and encoding
 * is built once, when the page is first sent, and written with the body in one `writeHead` and
 * `end` (the reply is hijacked): setting some fifteen headers one by one through Fastify on
 * every view was most of what a page cost over hello-world (docs/performance.md, 2026-11-25
 * evening). Fastify still logs the answer and runs onResponse hooks; no onSend hook applies to
 * pages. The security header set is the `page` set of server/http/security-headers.ts.
 */
export function createPageSender(options: { https: boolean }) {
  const security = publicPageHeaders(options.https);
  const blocks = new WeakMap<CachedPage, HeaderBlocks>();

  function blocksOf(page: CachedPage): HeaderBlocks {
    let known = blocks.get(page);
    if (!known) {
      const common = { ...security, ...PAGE_HEADERS, 'content-security-policy': page.csp, etag: page.etag };
      const flat = (extra: Record<string, string>) => Object.entries({ ...common, ...extra }).flat();
      known = {
        br: flat({ 'content-encoding': 'br', 'content-length': String(page.br.length) }),
        gzip: flat({ 'content-encoding': 'gzip', 'content-length': String(page.gzip.length) }),
        identity: flat({ 'content-length': String(page.identityLength) }),
        notModified: flat({}),
      };
      blocks.set(page, known);
    }
    return known;
  }

  /** Sends a page: its CSP and ETag, a 304 when the client holds it, else the encoding the client takes best. */
  return function sendPage(request: FastifyRequest, reply: FastifyReply, page: CachedPage, status: number) {
    const headers = blocksOf(page);
    reply.hijack();
    const res = reply.raw;
    if (status === 200 && matchesEtag(request.headers['if-none-match'], page.etag)) {
      res.writeHead(304, headers.notModified);
      return res.end();
    }
    const encoding: Encoding = pickEncoding(request.headers['accept-encoding']) ?? 'identity';
    res.writeHead(status, headers[encoding]);
    // HEAD: Node sends the headers only.
    return res.end(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : identityBody(page));
  };
}
