import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { sendContactSchema } from '../../../shared/schemas/contact.schema.ts';
import { publicProfileEnvelopeSchema } from '../../../shared/schemas/public-profile.schema.ts';
import type { LeadsServices } from './leads.feature.ts';

/** SPEC 7 POST /send/contact (D5): no sign-in; rate-limited per visitor address and per profile. */
const contactRoutes: FastifyPluginAsyncZod<{ services: Pick<LeadsServices, 'contacts'> }> = async (app, { services }) => {
  app.post(
    '/send/contact',
    {
      schema: {
        tags: ['public'],
        body: sendContactSchema,
        response: { 200: publicProfileEnvelopeSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    (req) => services.contacts.send(req.body, { address: req.ip }),
  );
};
export default contactRoutes;
