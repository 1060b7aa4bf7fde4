import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import {
  auditListSchema,
  invitationAcceptSchema,
  invitationPreviewSchema,
  invitationIdBodySchema,
  invitationListSchema,
  invitationSchema,
  memberListSchema,
  memberRemoveSchema,
  memberRemovedSchema,
  memberRoleSchema,
  organisationCreateSchema,
  organisationInviteSchema,
  organisationQuerySchema,
  organisationRoleSchema,
  organisationSchema,
  organisationUpdateSchema,
} from '../../../shared/schemas/organisation.schema.ts';
import { templateListSchema, templateSaveSchema } from '../../../shared/schemas/organisation-template.schema.ts';
import { LANGUAGES } from '../../../shared/schemas/profile.schema.ts';
import {
  cardsCsvResultSchema,
  organisationCardAssignSchema,
  organisationCardListSchema,
  organisationCardSchema,
  organisationCardsCsvSchema,
  organisationCardsRegisterSchema,
  organisationCardUnassignSchema,
} from '../../../shared/schemas/organisation-card.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { pickLanguage, requestLanguage } from '../../http/language.ts';
import { sendDownload } from '../../http/send-download.ts';
import { AUDIT_CSV_CONTENT_TYPE, buildAuditCsv } from './audit-csv.builder.ts';
import type { OrganisationsServices } from './organisations.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/**
 * Issue 24: organisations, members and invitations. Every admin call names its organisation:
 * not a member of it is 404, a member on an admin call 403. Removing a member ends their
 * sessions; `onIdentityChange` drops remembered sessions here and on every other instance.
 */
const organisationRoutes: FastifyPluginAsyncZod<{
  services: Pick<OrganisationsServices, 'invitations' | 'organisationCards' | 'organisations' | 'templates'>;
  onIdentityChange: (endsSessions: boolean) => Promise<void>;
}> = async (app, { services, onIdentityChange }) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['organisations'], security: [{ bearer: [] }] } };
  const withSchema = <T extends object>(schema: T) => ({ ...owner, schema: { ...owner.schema, ...schema } });
  const orgs = services.organisations;
  const invitations = services.invitations;

  app.post('/organisation/create', withSchema({ body: organisationCreateSchema, response: { 200: organisationSchema, ...errors } }), (req) =>
    orgs.create(ownerOf(req), req.body),
  );
  app.get('/find/own/organisation', withSchema({ response: { 200: organisationSchema, ...errors } }), (req) => orgs.findOwn(ownerOf(req)));
  app.post('/organisation/update', withSchema({ body: organisationUpdateSchema, response: { 200: organisationSchema, ...errors } }), (req) =>
    orgs.update(ownerOf(req), req.body),
  );
  app.get('/find/own/organisation/members', withSchema({ querystring: organisationQuerySchema, response: { 200: memberListSchema, ...errors } }), (req) =>
    orgs.members(ownerOf(req), req.query.organisationId),
  );
  app.post(
    '/organisation/member/role',
    withSchema({ body: memberRoleSchema, response: { 200: z.object({ userId: z.string(), role: organisationRoleSchema }), ...errors } }),
    (req) => orgs.setRole(ownerOf(req), req.body),
  );
  app.post('/organisation/member/remove', withSchema({ body: memberRemoveSchema, response: { 200: memberRemovedSchema, ...errors } }), async (req) => {
    const removed = await orgs.removeMember(ownerOf(req), req.body);
    await onIdentityChange(true);
    return removed;
  });
  app.get('/find/own/organisation/audit', withSchema({ querystring: organisationQuerySchema, response: { 200: auditListSchema, ...errors } }), async (req) => ({
    entries: await orgs.auditLog(ownerOf(req), req.query.organisationId),
  }));

  app.get(
    '/download/organisation-audit.csv',
    withSchema({
      querystring: organisationQuerySchema.extend({ lng: z.enum(LANGUAGES).optional() }),
      produces: ['text/csv'],
      response: { 200: z.string(), ...errors },
    }),
    async (req, reply) => {
      const entries = await orgs.auditLog(ownerOf(req), req.query.organisationId);
      const body = buildAuditCsv(entries, pickLanguage(req));
      return sendDownload(reply, { type: AUDIT_CSV_CONTENT_TYPE, fileName: `audit-${new Date().toISOString().slice(0, 10)}.csv`, body });
    },
  );

  app.post('/organisation/template/save', withSchema({ body: templateSaveSchema, response: { 200: z.object({ templateId: z.string() }), ...errors } }), (req) =>
    services.templates.save(ownerOf(req), req.body),
  );
  app.get('/find/own/organisation/templates', withSchema({ querystring: organisationQuerySchema, response: { 200: templateListSchema, ...errors } }), (req) =>
    services.templates.list(ownerOf(req), req.query.organisationId),
  );

  // Cards for a team: an admin registers an order of cards, lists them, assigns and takes them back.
  const orgCards = services.organisationCards;
  app.post(
    '/organisation/cards/register',
    withSchema({ body: organisationCardsRegisterSchema, response: { 200: z.object({ registered: z.number() }), ...errors } }),
    (req) => orgCards.register(ownerOf(req), req.body),
  );
  app.get(
    '/find/own/organisation/cards',
    withSchema({ querystring: organisationQuerySchema, response: { 200: organisationCardListSchema, ...errors } }),
    (req) => orgCards.list(ownerOf(req), req.query.organisationId),
  );
  app.post('/organisation/card/assign', withSchema({ body: organisationCardAssignSchema, response: { 200: organisationCardSchema, ...errors } }), (req) =>
    orgCards.assign(ownerOf(req), req.body),
  );
  app.post('/organisation/card/unassign', withSchema({ body: organisationCardUnassignSchema, response: { 200: organisationCardSchema, ...errors } }), (req) =>
    orgCards.unassign(ownerOf(req), req.body),
  );
  app.post('/organisation/cards/assign-csv', withSchema({ body: organisationCardsCsvSchema, response: { 200: cardsCsvResultSchema, ...errors } }), (req) =>
    orgCards.assignCsv(ownerOf(req), req.body),
  );

  app.post(
    '/organisation/invite',
    withSchema({ body: organisationInviteSchema, response: { 200: z.object({ invitations: z.array(invitationSchema) }), ...errors } }),
    (req) => invitations.invite(ownerOf(req), req.body, requestLanguage(req)),
  );
  app.get(
    '/find/own/organisation/invitations',
    withSchema({ querystring: organisationQuerySchema, response: { 200: invitationListSchema, ...errors } }),
    (req) => invitations.list(ownerOf(req), req.query.organisationId),
  );
  app.post('/organisation/invitation/resend', withSchema({ body: invitationIdBodySchema, response: { 200: invitationSchema, ...errors } }), (req) =>
    invitations.resend(ownerOf(req), req.body),
  );
  app.post('/organisation/invitation/revoke', withSchema({ body: invitationIdBodySchema, response: { 200: invitationSchema, ...errors } }), (req) =>
    invitations.revoke(ownerOf(req), req.body),
  );
  app.post('/organisation/invitation/accept', withSchema({ body: invitationAcceptSchema, response: { 200: organisationSchema, ...errors } }), (req) =>
    invitations.accept(ownerOf(req), req.body.token),
  );
  // Issue 35: no sign-in; the login names who invites. Only the organisation's name, limited per client.
  app.post(
    '/organisation/invitation/show',
    {
      schema: {
        tags: ['public'],
        body: invitationAcceptSchema,
        response: { 200: invitationPreviewSchema, 400: errorSchema, 404: errorSchema, 429: errorSchema },
      },
    },
    (req) => invitations.preview(req.body.token, req.ip),
  );
};
export default organisationRoutes;
