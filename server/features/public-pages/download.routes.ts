import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { calendarQuerySchema, vcfQuerySchema } from '../../../shared/schemas/profile.schema.ts';
import { REMINDER_CONTENT_TYPE } from '../../documents/reminder.builder.ts';
import { VCARD_CONTENT_TYPE } from '../../documents/vcard.builder.ts';
import { pickLanguage } from '../../http/language.ts';
import { sendDownload } from '../../http/send-download.ts';
import { visitOf } from '../stats/index.ts';
import type { PublicPagesServices } from './public-pages.feature.ts';

/** SPEC 7 downloads: the vCard and the reminder of a public profile. No sign-in. */
const downloadRoutes: FastifyPluginAsyncZod<{ services: Pick<PublicPagesServices, 'downloads'> }> = async (app, { services }) => {
  // Issue 12: the page adds its visit's source (`src`); anything else in it counts as a shared link, never as an error.
  const src = { src: z.string().max(20).optional() };
  const schema = { tags: ['public'], produces: ['text/vcard', 'text/calendar'], response: { 200: z.string(), 400: errorSchema, 404: errorSchema } };

  app.get('/download/generate-vcf-with-comment', { schema: { ...schema, querystring: vcfQuerySchema.extend(src) } }, async (req, reply) => {
    const { text, fileName, asciiFileName } = await services.downloads.vcard(req.query.profileId, req.query.comment, visitOf(req, 'action'), req.pageOrigin);
    return sendDownload(reply, { type: VCARD_CONTENT_TYPE, fileName, asciiFileName, body: text });
  });

  app.get('/download/calendar', { schema: { ...schema, querystring: calendarQuerySchema.extend(src) } }, async (req, reply) => {
    const { profileId, remindIn, tz } = req.query;
    const { text, fileName } = await services.downloads.reminder(
      profileId,
      remindIn,
      pickLanguage(req),
      visitOf(req, 'action'),
      tz || undefined,
      req.pageOrigin,
    );
    return sendDownload(reply, { type: REMINDER_CONTENT_TYPE, fileName, body: text });
  });
};
export default downloadRoutes;
