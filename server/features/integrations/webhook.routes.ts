import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  deliveryIdBodySchema,
  deliveryListQuerySchema,
  webhookCreateSchema,
  webhookDeliveryListSchema,
  webhookIdBodySchema,
  webhookListQuerySchema,
  webhookListSchema,
  webhookSchema,
  webhookSecretSchema,
  webhookUpdateSchema,
} from '../../../shared/schemas/integrations.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { IntegrationsServices } from './integrations.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };

/**
 * Issue 25: webhook endpoints (Standard Webhooks 1.0), their delivery log, redelivery and test
 * event: the owner's own, or with `organisationId` an organisation's (its owners and admins).
 */
const webhookRoutes: FastifyPluginAsyncZod<{ services: Pick<IntegrationsServices, 'webhooks'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['integrations'], security: [{ bearer: [] }] } };
  const { webhooks } = services;

  app.post(
    '/webhook/create',
    { ...owner, schema: { ...owner.schema, body: webhookCreateSchema, response: { 200: webhookSecretSchema, 409: errorSchema, ...errors } } },
    (req) => webhooks.create(ownerOf(req), req.body),
  );
  app.get(
    '/find/own/webhooks',
    { ...owner, schema: { ...owner.schema, querystring: webhookListQuerySchema, response: { 200: webhookListSchema, ...errors } } },
    (req) => webhooks.list(ownerOf(req), req.query.organisationId),
  );
  app.post('/webhook/update', { ...owner, schema: { ...owner.schema, body: webhookUpdateSchema, response: { 200: webhookSchema, ...errors } } }, (req) =>
    webhooks.update(ownerOf(req), req.body),
  );
  app.post(
    '/webhook/delete',
    { ...owner, schema: { ...owner.schema, body: webhookIdBodySchema, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errors } } },
    (req) => webhooks.remove(ownerOf(req), req.body.webhookId),
  );
  app.post(
    '/webhook/rotate-secret',
    { ...owner, schema: { ...owner.schema, body: webhookIdBodySchema, response: { 200: webhookSecretSchema, ...errors } } },
    (req) => webhooks.rotateSecret(ownerOf(req), req.body.webhookId),
  );
  app.get(
    '/find/own/webhook-deliveries',
    { ...owner, schema: { ...owner.schema, querystring: deliveryListQuerySchema, response: { 200: webhookDeliveryListSchema, ...errors } } },
    (req) => webhooks.deliveries(ownerOf(req), req.query.webhookId),
  );
  const queued = z.object({ deliveryId: z.string() });
  app.post('/webhook/redeliver', { ...owner, schema: { ...owner.schema, body: deliveryIdBodySchema, response: { 200: queued, ...errors } } }, (req) =>
    webhooks.redeliver(ownerOf(req), req.body.deliveryId),
  );
  app.post('/webhook/test', { ...owner, schema: { ...owner.schema, body: webhookIdBodySchema, response: { 200: queued, ...errors } } }, (req) =>
    webhooks.test(ownerOf(req), req.body.webhookId),
  );
};
export default webhookRoutes;
