import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  followUpAnswerSchema,
  followUpBodySchema,
  followUpSettingsBodySchema,
  followUpSettingsSchema,
} from '../../../shared/schemas/capture-follow-up.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { CaptureServices } from './capture.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * Issue 36: the follow-up mail to a captured person and the owner's settings for it (texts per
 * language, meeting link). Owner calls only, like the rest of capture.
 */
const captureFollowUpRoutes: FastifyPluginAsyncZod<{ services: Pick<CaptureServices, 'captureFollowUp'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['capture'], security: [{ bearer: [] }] } };

  app.post(
    '/capture/follow-up',
    { ...owner, schema: { ...owner.schema, body: followUpBodySchema, response: { 200: followUpAnswerSchema, ...errors } } },
    (req) => services.captureFollowUp.followUp(ownerOf(req), req.body),
  );
  app.post(
    '/capture/follow-up/settings',
    { ...owner, schema: { ...owner.schema, body: followUpSettingsBodySchema, response: { 200: followUpSettingsSchema, ...errors } } },
    (req) => services.captureFollowUp.saveSettings(ownerOf(req), req.body),
  );
  app.get(
    '/find/own/capture/follow-up-settings',
    { ...owner, schema: { ...owner.schema, response: { 200: followUpSettingsSchema, 401: errorSchema } } },
    (req) => services.captureFollowUp.settings(ownerOf(req)),
  );
};
export default captureFollowUpRoutes;
