import { randomUUID } from 'node:crypto';
import type { CaptureFields, CaptureParseAnswer, CaptureReadAnswer } from '../../../shared/schemas/capture.schema.ts';
import type { Owner } from '../../auth/owner.guard.ts';
import { AppError, badInput } from '../../http/errors.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import type { RateLimiter, RateRule } from '../../lib/rate-limiter.ts';
import type { CardReader } from './card-reader.ts';
import { CodeReadError } from './code-read-error.ts';
import { parseCode, type ProductLink } from './code.parser.ts';

/** Cards one account may have read per hour: a busy fair day's pace (one every 20 s) with room to retry. */
export const CAPTURE_READ_RULE: RateRule = { name: 'capture-read', max: 180, windowMs: 60 * 60 * 1000 };
/**
 * Cards one server instance reads per minute, whoever asks: the OCR pool bounds how many run at
 * once; this bounds the hour's CPU an instance gives to reading, so a few accounts together cannot
 * take it from the public pages. Counted in the shared store under the instance's own id.
 */
export const CAPTURE_READ_INSTANCE_RULE: RateRule = { name: 'capture-read-instance', max: 120, windowMs: 60 * 1000 };
/** Codes one account may have parsed per hour (cheap, but a loop of them is no scanning). */
export const CAPTURE_PARSE_RULE: RateRule = { name: 'capture-parse', max: 600, windowMs: 60 * 60 * 1000 };
/** Codes one instance parses per minute, whoever asks: a hall of staff scanning badges makes a few dozen. */
export const CAPTURE_PARSE_INSTANCE_RULE: RateRule = { name: 'capture-parse-instance', max: 1200, windowMs: 60 * 1000 };

/**
 * Resolves a card or profile address of this product (a QR code of our own cards, a shared
 * profile link) to the public profile's contact details; null when it names nothing public.
 * server/wiring.ts gives the public-profile and card services' reading of it.
 */
export type ProductLinkResolver = (link: ProductLink) => Promise<CaptureFields | null>;

/** Issue 36's reading of a paper card (`read`) and of a code (`parse`), with their limits. */
export function createCaptureService(deps: {
  reader: CardReader;
  rateLimiter: RateLimiter;
  publicUrl: string;
  resolveProductLink: ProductLinkResolver;
  /** This instance's name in the per-instance counters; a fresh one per process by default. */
  instanceId?: string;
}) {
  const instanceId = deps.instanceId ?? randomUUID();

  return {
    /** This instance's subject in the per-instance counters. */
    instanceId,

    /** POST /capture/read: the fields of a card's photo. 413/415 name `image`; 429 past the limits; 503 while the OCR pool is full. */
    async read(owner: Owner, image: Buffer): Promise<CaptureReadAnswer> {
      await deps.rateLimiter.consume(
        [
          [CAPTURE_READ_RULE, owner.userId],
          [CAPTURE_READ_INSTANCE_RULE, instanceId],
        ],
        'Too many cards read in a short time. Please try again later.',
      );
      return deps.reader.read(image);
    },

    /** POST /capture/parse: the fields of a code's text. 400 names `text` and the problem; 404 for a product link to nothing public. */
    async parse(owner: Owner, text: string): Promise<CaptureParseAnswer> {
      await deps.rateLimiter.consume(
        [
          [CAPTURE_PARSE_RULE, owner.userId],
          [CAPTURE_PARSE_INSTANCE_RULE, instanceId],
        ],
        'Too many codes read in a short time. Please try again later.',
      );
      let parsed: ReturnType<typeof parseCode>;
      try {
        parsed = parseCode(text, { publicUrl: deps.publicUrl });
      } catch (error) {
        if (error instanceof CodeReadError) throw badInput('text', `${error.problem}: ${error.message}`);
        throw error;
      }
      if (parsed.format !== 'product-link') return parsed;
      const fields = await deps.resolveProductLink(parsed.link);
      if (!fields)
        throw new AppError(404, ErrorCode.profileNotFound, 'text: the code names a card or profile of this service that shows no public profile.', 'text');
      return { format: 'product-link', fields };
    },
  };
}
export type CaptureService = ReturnType<typeof createCaptureService>;
