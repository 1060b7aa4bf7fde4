import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idSchema } from '../../../shared/schemas/common.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { pickLanguage } from '../../http/language.ts';
import { sendDownload } from '../../http/send-download.ts';
import { BACKGROUND_LAYOUTS, BACKGROUND_SIZES, BACKGROUND_THEMES } from './background.renderer.ts';
import type { BackgroundsServices } from './backgrounds.feature.ts';

/** Issue 26: `GET /find/own/profile/background.png`, the owner's video-call background as a PNG download. */
const backgroundRoutes: FastifyPluginAsyncZod<{ services: Pick<BackgroundsServices, 'backgrounds'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  app.get(
    '/find/own/profile/background.png',
    {
      preHandler: requireOwner,
      schema: {
        tags: ['profiles'],
        security: [{ bearer: [] }],
        description: "A video-call background of the caller's profile: name, job title, company, logo and a QR code to the profile (`?src=background`).",
        querystring: z.object({
          profileId: idSchema,
          layout: z.enum(BACKGROUND_LAYOUTS).default('left'),
          theme: z.enum(BACKGROUND_THEMES).default('light'),
          size: z.enum(BACKGROUND_SIZES).default('1920x1080'),
        }),
        produces: ['image/png'],
        response: { 200: z.any().describe('the PNG'), 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    async (req, reply) => {
      const { profileId, ...look } = req.query;
      const { data, fileName } = await services.backgrounds.render(ownerOf(req), profileId, look, pickLanguage(req));
      return sendDownload(reply, { type: 'image/png', fileName, body: data });
    },
  );
};
export default backgroundRoutes;
