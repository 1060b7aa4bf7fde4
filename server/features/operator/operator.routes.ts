import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode } from '../../../shared/error-codes.ts';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  auditPageSchema,
  auditQuerySchema,
  batchCreateSchema,
  batchCreatedSchema,
  batchListSchema,
  batchQuerySchema,
  cardActionResultSchema,
  cardActionSchema,
  cardMoveSchema,
  cardOwnerSchema,
  fleetStatsSchema,
  inventoryPageSchema,
  inventoryQuerySchema,
  operatorMeSchema,
  operatorPageDomainSchema,
} from '../../../shared/schemas/operator.schema.ts';
import {
  domainRemovedSchema,
  operatorDomainBodySchema,
  operatorDomainReleaseSchema,
  organisationDomainSchema,
} from '../../../shared/schemas/organisation-domain.schema.ts';
import { pageDomainSchema } from '../../../shared/schemas/page-domain.schema.ts';
import { tapAlertListSchema, tapPageSchema, tapQuerySchema } from '../../../shared/schemas/tap.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { TapService } from '../taps/index.ts';
import { AppError } from '../../http/errors.ts';
import { sendDownload } from '../../http/send-download.ts';
import { OPERATOR_CSV_CONTENT_TYPE, auditCsv, statsCsv } from './operator-csv.builder.ts';
import type { OperatorServices } from './operator.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };
const csvQuery = z.object({ format: z.enum(['json', 'csv']).optional() });
const stamp = () => new Date().toISOString().slice(0, 10);

/**
 * Issue 28: the operator's console API. Every call needs a signed-in owner (401), who is an
 * operator (else 404, as if the path did not exist) with two-factor sign-in or a passkey
 * (else 403). The role is checked on the server for every call, from the database.
 */
/** The operator's services and the taps feature's service (issue 38's taps and clone alerts), handed in by operator.feature.ts. */
const operatorRoutes: FastifyPluginAsyncZod<{ services: Pick<OperatorServices, 'operator'>; taps: TapService }> = async (app, { services, taps }) => {
  const { requireOwner } = app;
  const operator = services.operator;

  async function operatorGuard(request: FastifyRequest, reply: FastifyReply) {
    await requireOwner(request, reply);
    const access = await operator.access(ownerOf(request));
    if (access === 'none') throw new AppError(404, ErrorCode.notFound, 'Not found.');
    if (access === 'second-factor')
      throw new AppError(403, ErrorCode.secondFactorRequired, 'The console opens only with two-factor sign-in or a passkey on this account.');
  }
  // preValidation: the role is checked before the body or query, so an owner's malformed call is 404 like any other (a 400 would tell the path exists).
  const guarded = { preValidation: operatorGuard, schema: { tags: ['operator'], security: [{ bearer: [] }] } };
  const route = <T extends object>(schema: T) => ({ ...guarded, schema: { ...guarded.schema, ...schema } });

  app.get('/operator/me', route({ response: { 200: operatorMeSchema, ...errors } }), (req) => ({ email: ownerOf(req).email }));
  app.get('/operator/cards', route({ querystring: inventoryQuerySchema, response: { 200: inventoryPageSchema, ...errors } }), (req) =>
    operator.inventory(req.query),
  );
  const action = { body: cardActionSchema, response: { 200: cardActionResultSchema, ...errors } };
  app.post('/operator/card/block', route(action), (req) => operator.block(ownerOf(req), req.body, true));
  app.post('/operator/card/unblock', route(action), (req) => operator.block(ownerOf(req), req.body, false));
  app.post('/operator/card/reset', route(action), (req) => operator.reset(ownerOf(req), req.body));
  app.post('/operator/card/move', route({ body: cardMoveSchema, response: { 200: cardActionResultSchema, ...errors } }), (req) =>
    operator.move(ownerOf(req), req.body),
  );
  app.post('/operator/card/resend-verification', route(action), (req) => operator.resendVerification(ownerOf(req), req.body));
  app.post('/operator/card/owner', route({ body: cardActionSchema, response: { 200: cardOwnerSchema, ...errors } }), (req) =>
    operator.revealOwner(ownerOf(req), req.body),
  );

  app.post('/operator/organisation/domain/verify', route({ body: operatorDomainBodySchema, response: { 200: organisationDomainSchema, ...errors } }), (req) =>
    operator.verifyDomain(ownerOf(req), req.body),
  );
  // Issue 33: a claim another company's proof shows to be wrong (or one left behind) goes.
  app.post('/operator/organisation/domain/release', route({ body: operatorDomainReleaseSchema, response: { 200: domainRemovedSchema, ...errors } }), (req) =>
    operator.releaseDomain(ownerOf(req), req.body),
  );

  // Issue 39: an organisation's page host verified by hand (its DNS cannot carry the TXT record, or proof came another way).
  app.post('/operator/organisation/page-domain/verify', route({ body: operatorPageDomainSchema, response: { 200: pageDomainSchema, ...errors } }), (req) =>
    operator.verifyPageDomain(ownerOf(req), req.body),
  );

  app.post('/operator/batch/create', route({ body: batchCreateSchema, response: { 200: batchCreatedSchema, ...errors } }), (req) =>
    operator.createBatch(ownerOf(req), req.body),
  );
  // Issue 38: each SUN card's taps, and the cards with replayed or invalid ones (clone alerts).
  app.get('/operator/card/taps', route({ querystring: tapQuerySchema, response: { 200: tapPageSchema, ...errors } }), (req) =>
    taps.listTaps(req.query.cardId, req.query.cursor),
  );
  app.get('/operator/taps/alerts', route({ response: { 200: tapAlertListSchema, ...errors } }), () => taps.alerts());
  app.get('/operator/batches', route({ response: { 200: batchListSchema, ...errors } }), () => operator.listBatches());
  app.get('/operator/batch/bundle', route({ querystring: batchQuerySchema, produces: ['application/zip'] }), async (req, reply) => {
    const bundle = await operator.bundle(req.query.batchId);
    return sendDownload(reply, { type: 'application/zip', fileName: bundle.fileName, body: bundle.data });
  });

  app.get('/operator/stats', route({ querystring: csvQuery, response: { 200: fleetStatsSchema, ...errors } }), async (req, reply) => {
    const stats = await operator.stats();
    if (req.query.format !== 'csv') return stats;
    return sendDownload(reply, { type: OPERATOR_CSV_CONTENT_TYPE, fileName: `fleet-stats-${stamp()}.csv`, body: statsCsv(stats) });
  });
  app.get('/operator/audit', route({ querystring: auditQuerySchema, response: { 200: auditPageSchema, ...errors } }), async (req, reply) => {
    if (req.query.format !== 'csv') return operator.audit(req.query.cursor);
    return sendDownload(reply, { type: OPERATOR_CSV_CONTENT_TYPE, fileName: `operator-audit-${stamp()}.csv`, body: auditCsv(await operator.auditAll()) });
  });
};
export default operatorRoutes;
