import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  formerMemberListSchema,
  leadsTransferredSchema,
  leadsTransferSchema,
  organisationLeadListSchema,
  organisationLeadsExportQuerySchema,
  organisationLeadsQuerySchema,
} from '../../../shared/schemas/organisation-leads.schema.ts';
import { organisationQuerySchema } from '../../../shared/schemas/organisation.schema.ts';
import { organisationStatsQuerySchema, organisationStatsSchema } from '../../../shared/schemas/organisation-stats.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { pickLanguage } from '../../http/language.ts';
import { sendDownload } from '../../http/send-download.ts';
import { LEADS_CSV_CONTENT_TYPE, LEADS_XLSX_CONTENT_TYPE } from '../leads/index.ts';
import type { OrganisationsServices } from './organisations.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * Issue 24: the organisation's leads for its owners and admins, as a paged list, as CSV and as
 * xlsx, and its statistics; issue 35: the former members whose company profiles still hold leads,
 * and the move of those leads to a member.
 */
const organisationLeadRoutes: FastifyPluginAsyncZod<{ services: Pick<OrganisationsServices, 'organisationLeads' | 'organisationStats'> }> = async (
  app,
  { services },
) => {
  const { requireOwner } = app;
  const schema = { tags: ['organisations'], security: [{ bearer: [] }] };

  app.get(
    '/find/own/organisation/leads',
    { preHandler: requireOwner, schema: { ...schema, querystring: organisationLeadsQuerySchema, response: { 200: organisationLeadListSchema, ...errors } } },
    (req) => services.organisationLeads.list(ownerOf(req), req.query),
  );
  app.get(
    '/download/organisation-leads.csv',
    {
      preHandler: requireOwner,
      schema: { ...schema, querystring: organisationLeadsExportQuerySchema, produces: ['text/csv'], response: { 200: z.string(), ...errors } },
    },
    async (req, reply) => {
      const text = await services.organisationLeads.csv(ownerOf(req), req.query, pickLanguage(req));
      const stamp = new Date().toISOString().slice(0, 10);
      return sendDownload(reply, { type: LEADS_CSV_CONTENT_TYPE, fileName: `organisation-leads-${stamp}.csv`, body: text });
    },
  );
  // Issue 35: the same leads for spreadsheets (typed cells, labels in the admin's language).
  app.get(
    '/download/organisation-leads.xlsx',
    {
      preHandler: requireOwner,
      schema: { ...schema, querystring: organisationLeadsExportQuerySchema, produces: [LEADS_XLSX_CONTENT_TYPE], response: { 200: z.string(), ...errors } },
    },
    async (req, reply) => {
      const body = await services.organisationLeads.xlsx(ownerOf(req), req.query, pickLanguage(req));
      const stamp = new Date().toISOString().slice(0, 10);
      return sendDownload(reply, { type: LEADS_XLSX_CONTENT_TYPE, fileName: `organisation-leads-${stamp}.xlsx`, body });
    },
  );
  app.get(
    '/find/own/organisation/former-members',
    { preHandler: requireOwner, schema: { ...schema, querystring: organisationQuerySchema, response: { 200: formerMemberListSchema, ...errors } } },
    (req) => services.organisationLeads.formerMembers(ownerOf(req), req.query.organisationId),
  );
  app.post(
    '/organisation/leads/transfer',
    { preHandler: requireOwner, schema: { ...schema, body: leadsTransferSchema, response: { 200: leadsTransferredSchema, ...errors } } },
    (req) => services.organisationLeads.transfer(ownerOf(req), req.body),
  );
  app.get(
    '/find/own/organisation/stats',
    { preHandler: requireOwner, schema: { ...schema, querystring: organisationStatsQuerySchema, response: { 200: organisationStatsSchema, ...errors } } },
    (req) => services.organisationStats.of(ownerOf(req), req.query.organisationId, req.query.days),
  );
};
export default organisationLeadRoutes;
