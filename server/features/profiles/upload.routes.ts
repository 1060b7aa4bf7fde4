import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { profileIdBodySchema } from '../../../shared/schemas/link.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { MEDIA_ROUTE_HEADERS } from '../../http/security-headers.ts';
import { AppError } from '../../http/errors.ts';
import { readUpload } from '../../http/read-upload.ts';
import type { ImageKind } from '../../images/image.processor.ts';
import type { ProfilesServices } from './profiles.feature.ts';

/**
 * SPEC 7 uploads (D13): multipart with the file field named after the kind and `profileId`.
 * The 5 MB limit is enforced while streaming (413); the type is read from the content.
 */
const uploadRoutes: FastifyPluginAsyncZod<{ services: Pick<ProfilesServices, 'media'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['uploads'], security: [{ bearer: [] }] } };

  for (const kind of ['profileImage', 'profileLogo', 'backgroundImage'] as const satisfies readonly ImageKind[]) {
    app.post(
      `/upload/${kind}`,
      {
        ...owner,
        schema: {
          ...owner.schema,
          consumes: ['multipart/form-data'],
          response: {
            200: z.object({
              id: z.string(),
              profileImagePath: z.string().nullable().optional(),
              profileLogoPath: z.string().nullable().optional(),
              backgroundImagePath: z.string().nullable().optional(),
            }),
            400: errorSchema,
            404: errorSchema,
            413: errorSchema,
            415: errorSchema,
          },
        },
      },
      async (req) => {
        const { id, file } = await readUpload(req, kind, 'profileId');
        return services.media.upload(ownerOf(req), id, kind, file);
      },
    );
  }

  // Issue 26: the page's background image goes the same way as the logo.
  for (const kind of ['profileLogo', 'backgroundImage'] as const) {
    app.post(
      `/delete/${kind}`,
      {
        ...owner,
        schema: {
          ...owner.schema,
          body: profileIdBodySchema,
          response: { 200: z.object({ id: z.string(), [`${kind}Path`]: z.null() }), 400: errorSchema, 404: errorSchema },
        },
      },
      (req) => services.media.deleteImage(ownerOf(req), req.body.profileId, kind),
    );
  }

  // Stored uploads. Keys are new on every upload, so answers are immutable.
  app.get('/media/*', { schema: { hide: true }, ...MEDIA_ROUTE_HEADERS }, async (req, reply) => {
    const key = (req.params as { '*': string })['*'];
    const stored = await services.media.read(key);
    if (!stored) throw new AppError(404, ErrorCode.notFound, 'No such file.');
    return reply.type(stored.contentType).header('cache-control', 'public, max-age=31536000, immutable').send(stored.data);
  });
};

export default uploadRoutes;
