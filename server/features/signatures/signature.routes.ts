import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { LINK_TYPES, type LinkType } from '../../../shared/schemas/link.schema.ts';
import { signatureQuerySchema, signatureSchema } from '../../../shared/schemas/signature.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { pickLanguage } from '../../http/language.ts';
import { MEDIA_ROUTE_HEADERS } from '../../http/security-headers.ts';
import { AppError } from '../../http/errors.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import type { SignaturesServices } from './signatures.feature.ts';

/** `{type}.png` for every link type: anything else is a 400 naming the file, before any drawing. */
const iconFileSchema = z.templateLiteral([z.enum(LINK_TYPES), '.png']);

/** Issue 26: the owner's e-mail signature and the link icons it shows. */
const signatureRoutes: FastifyPluginAsyncZod<{ services: Pick<SignaturesServices, 'signatures'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  app.get(
    '/find/own/profile/signature',
    {
      preHandler: requireOwner,
      schema: {
        tags: ['profiles'],
        security: [{ bearer: [] }],
        description: "An e-mail signature of the caller's profile in one layout (name and `save contact` links counted as `?src=signature`).",
        querystring: signatureQuerySchema,
        response: { 200: signatureSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    async (req) => {
      const { profileId, layout, saveLink } = req.query;
      return services.signatures.build(ownerOf(req), profileId, { layout, saveLink: saveLink === 'true' }, pickLanguage(req));
    },
  );

  // Public: mail clients fetch the icons (Gmail through its image proxy) without any session.
  app.get('/signature-icons/:file', { schema: { hide: true, params: z.object({ file: iconFileSchema }) }, ...MEDIA_ROUTE_HEADERS }, async (req, reply) => {
    const png = await services.signatures.icon(req.params.file.slice(0, -'.png'.length) as LinkType);
    return reply.type('image/png').header('cache-control', 'public, max-age=31536000, immutable').send(png);
  });

  // Issue 35: the photo of signatures (signature.builder.ts SQUARE_PHOTO_PREFIX), cropped square; public like /media/
  // (keys are new on every upload, so immutable).
  app.get('/signature-photos/*', { schema: { hide: true }, ...MEDIA_ROUTE_HEADERS }, async (req, reply) => {
    const jpeg = await services.signatures.squarePhoto((req.params as { '*': string })['*']);
    if (!jpeg) throw new AppError(404, ErrorCode.notFound, 'No such file.');
    return reply.type('image/jpeg').header('cache-control', 'public, max-age=31536000, immutable').send(jpeg);
  });
};
export default signatureRoutes;
