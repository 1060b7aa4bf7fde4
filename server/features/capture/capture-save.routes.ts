import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  captureEventListSchema,
  captureEventSaveBodySchema,
  captureEventSchema,
  captureSaveAnswerSchema,
  captureSaveBodySchema,
} from '../../../shared/schemas/capture-save.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { CaptureServices } from './capture.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

/**
 * Issue 36: saving a capture as a lead (idempotent by the phone's clientId) and the events
 * captures are grouped by. Owner calls only, like reading a card.
 */
const captureSaveRoutes: FastifyPluginAsyncZod<{ services: Pick<CaptureServices, 'captureSave'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['capture'], security: [{ bearer: [] }] } };

  app.post(
    '/capture/save',
    { ...owner, schema: { ...owner.schema, body: captureSaveBodySchema, response: { 200: captureSaveAnswerSchema, ...errors } } },
    (req) => services.captureSave.save(ownerOf(req), req.body),
  );
  app.post(
    '/capture/event/save',
    { ...owner, schema: { ...owner.schema, body: captureEventSaveBodySchema, response: { 200: captureEventSchema, 409: errorSchema, ...errors } } },
    (req) => services.captureSave.saveEvent(ownerOf(req), req.body),
  );
  app.get('/find/own/capture/events', { ...owner, schema: { ...owner.schema, response: { 200: captureEventListSchema, 401: errorSchema } } }, (req) =>
    services.captureSave.list(ownerOf(req)),
  );
};
export default captureSaveRoutes;
