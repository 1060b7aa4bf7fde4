import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { profileIdBodySchema } from '../../../shared/schemas/link.schema.ts';
import {
  lockedFieldsSchema,
  loginImageSchema,
  profileBrandQuerySchema,
  profileBrandSchema,
  profileCreateSchema,
  profileEnvelopeSchema,
  profileSaveSchema,
  profileSchema,
  profileUpdateSchema,
  shortLinkBodySchema,
  shortLinkUpdateSchema,
} from '../../../shared/schemas/profile.schema.ts';
import { publicProfileEnvelopeSchema, shortLinkProfileSchema } from '../../../shared/schemas/public-profile.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { sendJsonText } from '../../http/json-text.ts';
import { visitOf } from '../stats/index.ts';
import type { ProfilesServices } from './profiles.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** SPEC 7 "Profiles": the owner's profile calls and the public profile calls. */
const profileRoutes: FastifyPluginAsyncZod<{ services: Pick<ProfilesServices, 'profiles' | 'publicProfiles'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['profiles'], security: [{ bearer: [] }] } };

  app.post('/profile/create', { ...owner, schema: { ...owner.schema, body: profileCreateSchema, response: { 200: profileSchema, ...errors } } }, (req) =>
    services.profiles.create(ownerOf(req), req.body),
  );
  app.post('/profile/update', { ...owner, schema: { ...owner.schema, body: profileUpdateSchema, response: { 200: profileSchema, ...errors } } }, (req) =>
    services.profiles.update(ownerOf(req), req.body),
  );
  // The editor's one save: profile and ordered links in one transaction, beside SPEC 7's per-link calls.
  app.post('/profile/save', { ...owner, schema: { ...owner.schema, body: profileSaveSchema, response: { 200: profileSchema, ...errors } } }, (req) =>
    services.profiles.save(ownerOf(req), req.body),
  );
  app.post(
    '/profile/delete',
    {
      ...owner,
      schema: { ...owner.schema, body: profileIdBodySchema, response: { 200: z.object({ id: z.string(), status: z.literal('DELETED') }), ...errors } },
    },
    (req) => services.profiles.remove(ownerOf(req), req.body.profileId),
  );
  app.post('/profile/activate', { ...owner, schema: { ...owner.schema, body: profileIdBodySchema, response: { 200: profileSchema, ...errors } } }, (req) =>
    services.profiles.setActive(ownerOf(req), req.body.profileId, true),
  );
  app.post('/profile/deactivate', { ...owner, schema: { ...owner.schema, body: profileIdBodySchema, response: { 200: profileSchema, ...errors } } }, (req) =>
    services.profiles.setActive(ownerOf(req), req.body.profileId, false),
  );
  // Hot path: the service answers ready JSON text from its cache.
  app.post(
    '/find/own/profile/by-id',
    { ...owner, schema: { ...owner.schema, body: profileIdBodySchema, response: { 200: profileSchema, ...errors } } },
    async (req, reply) => sendJsonText(reply, await services.profiles.findOwnJson(ownerOf(req), req.body.profileId)),
  );
  app.post(
    '/find/own/profile/locked-fields',
    { ...owner, schema: { ...owner.schema, body: profileIdBodySchema, response: { 200: lockedFieldsSchema, ...errors } } },
    (req) => services.profiles.lockedFields(ownerOf(req), req.body.profileId),
  );
  // Issue 24 with 26: the owner app's preview shows a company profile in its organisation's brand, as its page does.
  app.get(
    '/find/own/profile/brand',
    {
      ...owner,
      schema: {
        ...owner.schema,
        description: "The organisation's brand (colours, logo) that the page of the caller's profile shows; null for a profile no template made.",
        querystring: profileBrandQuerySchema,
        response: { 200: profileBrandSchema, 400: errorSchema, 401: errorSchema, 404: errorSchema },
      },
    },
    (req) => services.profiles.ownBrand(ownerOf(req), req.query.profileId),
  );
  app.get(
    '/find/own/profiles/active',
    { ...owner, schema: { ...owner.schema, response: { 200: z.record(z.string(), profileSchema), 401: errorSchema } } },
    (req) => services.profiles.listOwn(ownerOf(req)),
  );
  app.post(
    '/profile/update/short-link-id',
    { ...owner, schema: { ...owner.schema, body: shortLinkUpdateSchema, response: { 200: profileEnvelopeSchema, ...errors } } },
    async (req) => ({ profile: await services.profiles.updateShortLinkId(ownerOf(req), req.body.profileId, req.body.shortLinkId) }),
  );
  app.get('/find/own/login-image', { ...owner, schema: { ...owner.schema, response: { 200: loginImageSchema, 401: errorSchema } } }, (req) =>
    services.profiles.loginImage(ownerOf(req)),
  );

  const pub = { tags: ['public'] };
  app.post(
    '/profile/show',
    { schema: { ...pub, body: profileIdBodySchema, response: { 200: publicProfileEnvelopeSchema, 400: errorSchema, 404: errorSchema } } },
    async (req, reply) => sendJsonText(reply, await services.publicProfiles.showJson(req.body.profileId, visitOf(req, 'action'))),
  );
  app.post(
    '/profile/short-link/social-media-links/show',
    { schema: { ...pub, body: shortLinkBodySchema, response: { 200: shortLinkProfileSchema, 400: errorSchema, 404: errorSchema } } },
    (req) => services.publicProfiles.showByShortLink(req.body.shortLinkId),
  );
};
export default profileRoutes;
