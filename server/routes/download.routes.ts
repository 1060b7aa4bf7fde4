import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../shared/schemas/common.schema.ts';
import { calendarQuerySchema, vcfQuerySchema } from '../../shared/schemas/profile.schema.ts';
import { contentDisposition } from '../documents/content-disposition.ts';
import { REMINDER_CONTENT_TYPE } from '../documents/reminder.builder.ts';
import { VCARD_CONTENT_TYPE } from '../documents/vcard.builder.ts';
import { pickLanguage } from '../http/language.ts';
import { parseSource } from '../lib/visit-source.ts';

/** SPEC 7 downloads: the vCard and the reminder of a public profile. No sign-in. */
const downloadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { services } = app;
  // Issue 12: the page adds its visit's source (`src`); anything else in it counts as a shared link, never as an error.
  const src = { src: z.string().max(20).optional() };
  const clientOf = (req: { method: string; headers: { 'user-agent'?: string }; query: { src?: string } }) => ({
    source: parseSource(req.query.src) ?? 'link',
    userAgent: req.headers['user-agent'],
    head: req.method === 'HEAD',
  });
  const schema = { tags: ['public'], produces: ['text/vcard', 'text/calendar'], response: { 200: z.string(), 400: errorSchema, 404: errorSchema } };

  app.get('/download/generate-vcf-with-comment', { schema: { ...schema, querystring: vcfQuerySchema.extend(src) } }, async (req, reply) => {
    const { text, fileName, asciiFileName } = await services.downloads.vcard(req.query.profileId, req.query.comment, clientOf(req));
    return reply
      .type(VCARD_CONTENT_TYPE)
      .header('content-disposition', contentDisposition(fileName, asciiFileName))
      .header('cache-control', 'no-store')
      .send(text);
  });

  app.get('/download/calendar', { schema: { ...schema, querystring: calendarQuerySchema.extend(src) } }, async (req, reply) => {
    const { text, fileName } = await services.downloads.reminder(req.query.profileId, req.query.remindIn, pickLanguage(req), clientOf(req));
    return reply.type(REMINDER_CONTENT_TYPE).header('content-disposition', contentDisposition(fileName)).header('cache-control', 'no-store').send(text);
  });
};
export default downloadRoutes;
