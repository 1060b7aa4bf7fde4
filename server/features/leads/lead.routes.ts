import { pickLanguage } from '../../http/language.ts';
import { sendDownload } from '../../http/send-download.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  leadExportQuerySchema,
  leadIdBodySchema,
  leadListQuerySchema,
  leadListSchema,
  leadNewCountSchema,
  leadSchema,
  leadUpdateSchema,
} from '../../../shared/schemas/lead.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { LEADS_CSV_CONTENT_TYPE } from './leads-csv.builder.ts';
import { LEADS_XLSX_CONTENT_TYPE } from './leads-xlsx.builder.ts';
import { VCARD_CONTENT_TYPE } from '../../documents/vcard.builder.ts';
import type { LeadsServices } from './leads.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema };

/** Issue 12: the owner's leads (contacts visitors left on their profiles), their status, deletion and exports. */
const leadRoutes: FastifyPluginAsyncZod<{ services: Pick<LeadsServices, 'leads'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['leads'], security: [{ bearer: [] }] } };

  app.get('/find/own/leads', { ...owner, schema: { ...owner.schema, querystring: leadListQuerySchema, response: { 200: leadListSchema, ...errors } } }, (req) =>
    services.leads.list(ownerOf(req), req.query),
  );
  app.get('/find/own/leads/new-count', { ...owner, schema: { ...owner.schema, response: { 200: leadNewCountSchema, 401: errorSchema } } }, (req) =>
    services.leads.newCount(ownerOf(req)),
  );
  app.post('/lead/update', { ...owner, schema: { ...owner.schema, body: leadUpdateSchema, response: { 200: leadSchema, ...errors } } }, (req) =>
    services.leads.setStatus(ownerOf(req), req.body.leadId, req.body.status),
  );
  app.post(
    '/lead/delete',
    { ...owner, schema: { ...owner.schema, body: leadIdBodySchema, response: { 200: z.object({ id: z.string(), deleted: z.literal(true) }), ...errors } } },
    (req) => services.leads.remove(ownerOf(req), req.body.leadId),
  );

  const download = { ...owner.schema, querystring: leadExportQuerySchema, response: { 200: z.string(), ...errors } };
  const stamp = () => new Date().toISOString().slice(0, 10);
  app.get('/download/leads.csv', { ...owner, schema: { ...download, produces: ['text/csv'] } }, async (req, reply) => {
    const text = await services.leads.csv(ownerOf(req), req.query.profileId, pickLanguage(req));
    return sendDownload(reply, { type: LEADS_CSV_CONTENT_TYPE, fileName: `leads-${stamp()}.csv`, body: text });
  });
  // Issue 35: for spreadsheets (typed cells, labels in the owner's language); the CSV stays for imports.
  app.get(
    '/download/leads.xlsx',
    { ...owner, schema: { ...download, produces: [LEADS_XLSX_CONTENT_TYPE], response: { ...download.response, 429: errorSchema } } },
    async (req, reply) => {
      const body = await services.leads.xlsx(ownerOf(req), req.query.profileId, pickLanguage(req));
      return sendDownload(reply, { type: LEADS_XLSX_CONTENT_TYPE, fileName: `leads-${stamp()}.xlsx`, body });
    },
  );
  app.get('/download/leads.vcf', { ...owner, schema: { ...download, produces: ['text/vcard'] } }, async (req, reply) => {
    const text = await services.leads.vcf(ownerOf(req), req.query.profileId, pickLanguage(req));
    return sendDownload(reply, { type: VCARD_CONTENT_TYPE, fileName: `leads-${stamp()}.vcf`, body: text });
  });
};
export default leadRoutes;
