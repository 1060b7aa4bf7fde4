import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { organisationLogoDeleteSchema } from '../../../shared/schemas/organisation.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { readUpload } from '../../http/read-upload.ts';
import type { OrganisationsServices } from './organisations.feature.ts';

const logoAnswer = z.object({ organisationId: z.string(), logoPath: z.string().nullable() });
const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 413: errorSchema, 415: errorSchema, 429: errorSchema };

/**
 * Issue 24 with 26: the organisation's brand logo, which its company profiles' pages show. For
 * its owners and admins (a member 403, anyone else 404). The colours go with POST
 * /organisation/update (organisation.routes.ts).
 */
const brandRoutes: FastifyPluginAsyncZod<{ services: Pick<OrganisationsServices, 'brand'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const schema = { tags: ['organisations'], security: [{ bearer: [] }] };

  app.post(
    '/organisation/logo',
    { preHandler: requireOwner, schema: { ...schema, consumes: ['multipart/form-data'], response: { 200: logoAnswer, ...errors } } },
    async (req) => {
      const { id, file } = await readUpload(req, 'logo', 'organisationId');
      return services.brand.uploadLogo(ownerOf(req), id, file);
    },
  );
  app.post(
    '/organisation/logo/delete',
    { preHandler: requireOwner, schema: { ...schema, body: organisationLogoDeleteSchema, response: { 200: logoAnswer, ...errors } } },
    (req) => services.brand.deleteLogo(ownerOf(req), req.body.organisationId),
  );
};
export default brandRoutes;
