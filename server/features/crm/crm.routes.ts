import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  crmAuthorizeSchema,
  crmConnectionSchema,
  crmConnectSchema,
  crmDisconnectSchema,
  crmLeadQuerySchema,
  crmLeadSyncListSchema,
  crmListSchema,
  crmLogQuerySchema,
  crmOrganisationQuerySchema,
  crmOwnConnectSchema,
  crmOwnDisconnectSchema,
  crmOwnSettingsChangeSchema,
  crmProviderSchema,
  crmRetriedSchema,
  crmRetrySchema,
  crmSettingsChangeSchema,
} from '../../../shared/schemas/crm.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { CrmServices } from './crm.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };
const disconnected = z.object({ provider: crmProviderSchema, disconnected: z.literal(true) });
const callbackQuery = z.object({ code: z.string().max(4000).optional(), state: z.string().max(200).optional(), error: z.string().max(500).optional() });

/**
 * Issue 37 (docs/integrations.md "CRM"): an organisation's CRM connections (its owners and
 * admins: `/organisation/crm/…`), an owner's own (`/crm/…`), the OAuth callback the provider
 * sends the browser back to, each lead's sync state and its retry.
 */
const crmRoutes: FastifyPluginAsyncZod<{ services: Pick<CrmServices, 'crm'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const { crm } = services;
  const owner = { preHandler: requireOwner, schema: { tags: ['integrations'], security: [{ bearer: [] }] } };
  const route = <B extends z.ZodTypeAny, R extends z.ZodTypeAny>(body: B, response: R) => ({
    ...owner,
    schema: { ...owner.schema, body, response: { 200: response, ...errors } },
  });
  const query = <Q extends z.ZodTypeAny, R extends z.ZodTypeAny>(querystring: Q, response: R) => ({
    ...owner,
    schema: { ...owner.schema, querystring, response: { 200: response, ...errors } },
  });

  app.post('/organisation/crm/connect', route(crmConnectSchema, crmAuthorizeSchema), (req) =>
    crm.connect(ownerOf(req), req.body.provider, req.body.organisationId),
  );
  app.post('/crm/connect', route(crmOwnConnectSchema, crmAuthorizeSchema), (req) => crm.connect(ownerOf(req), req.body.provider));
  app.get(
    '/integrations/crm/callback',
    { schema: { tags: ['integrations'], querystring: callbackQuery, response: { 303: z.null(), 400: errorSchema } } },
    async (req, reply) => reply.redirect(await crm.callback(req.query), 303),
  );
  app.get('/find/own/organisation/crm', query(crmOrganisationQuerySchema, crmListSchema), (req) => crm.list(ownerOf(req), req.query.organisationId));
  app.get('/find/own/crm', query(z.object({}), crmListSchema), (req) => crm.list(ownerOf(req)));
  app.post('/organisation/crm/disconnect', route(crmDisconnectSchema, disconnected), (req) =>
    crm.disconnect(ownerOf(req), req.body.provider, req.body.organisationId),
  );
  app.post('/crm/disconnect', route(crmOwnDisconnectSchema, disconnected), (req) => crm.disconnect(ownerOf(req), req.body.provider));
  app.post('/organisation/crm/settings', route(crmSettingsChangeSchema, crmConnectionSchema), (req) => {
    const { organisationId, ...change } = req.body;
    return crm.saveSettings(ownerOf(req), change, organisationId);
  });
  app.post('/crm/settings', route(crmOwnSettingsChangeSchema, crmConnectionSchema), (req) => crm.saveSettings(ownerOf(req), req.body));
  app.get('/find/own/crm/log', query(crmLogQuerySchema, crmLeadSyncListSchema), (req) => crm.log(ownerOf(req), req.query.provider, req.query.organisationId));
  app.get('/find/own/lead/crm', query(crmLeadQuerySchema, crmLeadSyncListSchema), (req) => crm.leadSyncs(ownerOf(req), req.query.leadId));
  app.post('/lead/crm/retry', route(crmRetrySchema, crmRetriedSchema), (req) => crm.retry(ownerOf(req), req.body.leadId));
};
export default crmRoutes;
