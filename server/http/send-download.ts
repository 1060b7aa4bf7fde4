import type { FastifyReply } from 'fastify';
import { contentDisposition } from '../documents/content-disposition.ts';

/** A file the browser saves instead of showing. */
export interface Download {
  /** The Content-Type, with its charset for text (`text/vcard; charset=utf-8`). */
  type: string;
  /** The name to save under, in UTF-8; made safe by `contentDisposition()`. */
  fileName: string;
  /** A plain ASCII name for clients that do not read `filename*`, when the builder has a better one than the derived. */
  asciiFileName?: string;
  /**
   * Cache-Control: `no-store` unless given. Every download of personal data (vCard, reminder,
   * lead exports, account export, wallet pass) must not be kept; only a file that never changes
   * may say otherwise (a card's QR code).
   */
  cacheControl?: string;
  body: string | Buffer;
}

/**
 * The one way to send a file download (issue 21): the content type, `Content-Disposition:
 * attachment` with the name through `contentDisposition()` (never a name written into the header
 * by hand), the cache rule and `nosniff` (so no browser reads a download as a page).
 */
export function sendDownload(reply: FastifyReply, download: Download): FastifyReply {
  return reply
    .type(download.type)
    .header('content-disposition', contentDisposition(download.fileName, download.asciiFileName))
    .header('cache-control', download.cacheControl ?? 'no-store')
    .header('x-content-type-options', 'nosniff')
    .send(download.body);
}
