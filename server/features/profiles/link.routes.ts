import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  linkCreateSchema,
  linkCreatedSchema,
  linkIdBodySchema,
  linkSchema,
  linkUpdateSchema,
  profileIdBodySchema,
} from '../../../shared/schemas/link.schema.ts';
import { publicLinkSchema } from '../../../shared/schemas/public-profile.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { ProfilesServices } from './profiles.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** SPEC 7 "Links". */
const linkRoutes: FastifyPluginAsyncZod<{ services: Pick<ProfilesServices, 'links'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['links'], security: [{ bearer: [] }] } };

  app.post(
    '/social-media-link/create',
    { ...owner, schema: { ...owner.schema, body: linkCreateSchema, response: { 200: linkCreatedSchema, ...errors } } },
    (req) => services.links.create(ownerOf(req), req.body),
  );
  app.post('/social-media-link/update', { ...owner, schema: { ...owner.schema, body: linkUpdateSchema, response: { 200: linkSchema, ...errors } } }, (req) =>
    services.links.update(ownerOf(req), req.body),
  );
  app.post(
    '/social-media-link/remove',
    {
      ...owner,
      schema: { ...owner.schema, body: linkIdBodySchema, response: { 200: z.object({ socialMediaLinkId: z.string(), removed: z.literal(true) }), ...errors } },
    },
    (req) => services.links.remove(ownerOf(req), req.body.socialMediaLinkId),
  );
  app.post(
    '/find/own/social-media-link/by-id',
    { ...owner, schema: { ...owner.schema, body: linkIdBodySchema, response: { 200: linkSchema, ...errors } } },
    (req) => services.links.findOwn(ownerOf(req), req.body.socialMediaLinkId),
  );
  app.post(
    '/find/own/social-media-links/by-profile-id',
    { ...owner, schema: { ...owner.schema, body: profileIdBodySchema, response: { 200: z.array(linkSchema), ...errors } } },
    (req) => services.links.listOwnByProfile(ownerOf(req), req.body.profileId),
  );
  app.post(
    '/social-media-links/show',
    { schema: { tags: ['public'], body: profileIdBodySchema, response: { 200: z.array(publicLinkSchema), 400: errorSchema, 404: errorSchema } } },
    (req) => services.links.listPublic(req.body.profileId),
  );
};
export default linkRoutes;
