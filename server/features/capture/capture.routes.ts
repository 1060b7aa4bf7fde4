import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { captureParseAnswerSchema, captureParseBodySchema, captureReadAnswerSchema } from '../../../shared/schemas/capture.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { AppError, badInput } from '../../http/errors.ts';
import { MAX_CARD_IMAGE_BYTES } from './card-image.ts';
import captureSaveRoutes from './capture-save.routes.ts';
import captureFollowUpRoutes from './capture-follow-up.routes.ts';
import type { CaptureServices } from './capture.feature.ts';

const FIELD = 'image';
const tooLarge = () => new AppError(413, ErrorCode.fileTooLarge, `image: the photo is larger than ${MAX_CARD_IMAGE_BYTES / 1024 / 1024} MB.`, FIELD);

/**
 * The photo of `POST /capture/read`: the multipart field `image`, at most 10 MB, enforced while
 * streaming (413). Its type is checked by its content later (card-image.ts), never by its name.
 */
async function readCardPhoto(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw badInput(FIELD, 'send multipart/form-data with the photo in the field "image"');
  let image: Buffer | undefined;
  try {
    for await (const part of req.parts({ limits: { fileSize: MAX_CARD_IMAGE_BYTES, files: 1 } })) {
      if (part.type !== 'file') continue;
      const file = part as MultipartFile;
      if (part.fieldname !== FIELD) {
        await file.toBuffer().catch(() => undefined);
        continue;
      }
      image = await file.toBuffer();
      if (file.file.truncated) throw tooLarge();
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const { statusCode, code } = error as { statusCode?: number; code?: string };
    if (statusCode === 413 || code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    // The multipart parser's own errors ("Unexpected end of multipart data") are the sender's, not a 500.
    throw badInput(FIELD, `the multipart body could not be read (${(error as Error).message})`);
  }
  if (!image) throw badInput(FIELD, 'required: the photo of the card');
  return image;
}

/**
 * Issue 36: reading a paper card's photo and a code's text into contact fields, for the owner
 * app's capture screen to review. Owner calls only (no API token scope opens them); nothing is
 * stored by either.
 */
const captureRoutes: FastifyPluginAsyncZod<{ services: Pick<CaptureServices, 'capture' | 'ocrPool' | 'captureSave' | 'captureFollowUp'> }> = async (
  app,
  { services },
) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['capture'], security: [{ bearer: [] }] } };
  // The OCR engines are worker threads, which would keep the process alive: they end with the server.
  app.addHook('onClose', () => services.ocrPool.close());
  // Saving captures and their events (capture-save.routes.ts) and the follow-up mail, with their services.
  await app.register(captureSaveRoutes, { services });
  await app.register(captureFollowUpRoutes, { services });

  app.post(
    '/capture/read',
    {
      ...owner,
      schema: {
        ...owner.schema,
        consumes: ['multipart/form-data'],
        response: { 200: captureReadAnswerSchema, 400: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema, 503: errorSchema },
      },
    },
    async (req) => services.capture.read(ownerOf(req), await readCardPhoto(req)),
  );

  app.post(
    '/capture/parse',
    {
      ...owner,
      schema: {
        ...owner.schema,
        body: captureParseBodySchema,
        response: { 200: captureParseAnswerSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    (req) => services.capture.parse(ownerOf(req), req.body.text),
  );
};

export default captureRoutes;
