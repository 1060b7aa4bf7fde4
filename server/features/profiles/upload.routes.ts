import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MultipartFile } from '@fastify/multipart';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { errorSchema, idSchema } from '../../../shared/schemas/common.schema.ts';
import { profileIdBodySchema } from '../../../shared/schemas/link.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { MEDIA_ROUTE_HEADERS } from '../../http/security-headers.ts';
import { AppError, badInput } from '../../http/errors.ts';
import type { ImageKind } from '../../images/image.processor.ts';

/**
 * SPEC 7 uploads (D13): multipart with the file field named after the kind and `profileId`.
 * The 5 MB limit is enforced while streaming (413); the type is read from the content.
 */
const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services, requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['uploads'], security: [{ bearer: [] }] } };

  for (const kind of ['profileImage', 'profileLogo'] as const satisfies readonly ImageKind[]) {
    app.post(
      `/upload/${kind}`,
      {
        ...owner,
        schema: {
          ...owner.schema,
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({ id: z.string(), profileImagePath: z.string().nullable().optional(), profileLogoPath: z.string().nullable().optional() }),
            400: errorSchema,
            404: errorSchema,
            413: errorSchema,
            415: errorSchema,
          },
        },
      },
      async (req) => {
        const caller = ownerOf(req);
        if (!req.isMultipart()) throw badInput(kind, 'send multipart/form-data with the image file');
        let profileId: string | undefined;
        let file: Buffer | undefined;
        try {
          for await (const part of req.parts()) {
            if (part.type === 'field' && part.fieldname === 'profileId') profileId = String(part.value);
            else if (part.type === 'file' && part.fieldname === kind) file = await readLimited(part as MultipartFile, kind);
            else if (part.type === 'file') await (part as MultipartFile).toBuffer().catch(() => undefined);
          }
        } catch (error) {
          // The multipart parser throws plain Errors for a body it cannot read ("Unexpected end
          // of multipart data", "Boundary not found") and its own 4xx for forbidden field names
          // or too many parts: the sender's fault, not a 500, and D4 names the field.
          if (error instanceof AppError) throw error;
          if ((error as { statusCode?: number }).statusCode === 413)
            throw new AppError(413, ErrorCode.fileTooLarge, 'The upload is too large or has too many parts.', kind);
          throw badInput(kind, `the multipart body could not be read (${(error as Error).message})`);
        }
        const id = idSchema.safeParse(profileId);
        if (!id.success) throw badInput('profileId', 'required: the id of the profile');
        if (!file) throw badInput(kind, 'required: the image file');
        return services.media.upload(caller, id.data, kind, file);
      },
    );
  }

  app.post(
    '/delete/profileLogo',
    {
      ...owner,
      schema: {
        ...owner.schema,
        body: profileIdBodySchema,
        response: { 200: z.object({ id: z.string(), profileLogoPath: z.null() }), 400: errorSchema, 404: errorSchema },
      },
    },
    (req) => services.media.deleteLogo(ownerOf(req), req.body.profileId),
  );

  // Stored uploads. Keys are new on every upload, so answers are immutable.
  app.get('/media/*', { schema: { hide: true }, ...MEDIA_ROUTE_HEADERS }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const stored = await services.media.read(key);
    if (!stored) throw new AppError(404, ErrorCode.notFound, 'No such file.');
    return reply.type(stored.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(stored.data);
  });
};

async function readLimited(part: MultipartFile, field: string): Promise<Buffer> {
  try {
    const data = await part.toBuffer();
    if (part.file.truncated) throw new AppError(413, ErrorCode.fileTooLarge, 'The image is larger than 5 MB.', field);
    return data;
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError(413, ErrorCode.fileTooLarge, 'The image is larger than 5 MB.', field);
    throw error;
  }
}
export default uploadRoutes;
