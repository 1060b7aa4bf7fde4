import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionsSchema, deleteAccountSchema, revokeSessionSchema } from '../../shared/schemas/account.schema.ts';
import { errorSchema } from '../../shared/schemas/common.schema.ts';
import { ownerOf } from '../auth/owner.guard.ts';
import { contentDisposition } from '../documents/content-disposition.ts';
import type { OwnerRequest } from '../services/account.service.ts';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema };

/**
 * Issue 13, the Security screen: the account's sessions (better-auth's list-sessions,
 * revoke-session and revoke-other-sessions, with tokens kept on the server), the data export
 * and the deletion of the account. `onIdentityChange` drops the owner guard's remembered
 * sessions, so a signed-out session is refused on this instance at once.
 */
const accountRoutes: FastifyPluginAsyncZod<{ onIdentityChange: (endsSessions: boolean) => Promise<void> }> = async (app, { onIdentityChange }) => {
  const { services, requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['account'], security: [{ bearer: [] }] } };
  const ownerRequest = (req: Parameters<typeof ownerOf>[0]): OwnerRequest => ({ userId: ownerOf(req).userId, authorization: req.headers.authorization ?? '' });

  app.get('/account/sessions', { ...owner, schema: { ...owner.schema, response: { 200: accountSessionsSchema, ...errors } } }, async (req) => ({
    sessions: await services.account.listSessions(ownerRequest(req)),
  }));

  app.post(
    '/account/sessions/revoke',
    { ...owner, schema: { ...owner.schema, body: revokeSessionSchema, response: { 200: z.object({ revoked: z.literal(true) }), ...errors } } },
    async (req) => {
      try {
        await services.account.revokeSession(ownerRequest(req), req.body.sessionId);
      } finally {
        await onIdentityChange(true);
      }
      return { revoked: true as const };
    },
  );

  app.post(
    '/account/sessions/revoke-others',
    { ...owner, schema: { ...owner.schema, response: { 200: z.object({ revoked: z.number() }), ...errors } } },
    async (req) => {
      try {
        return { revoked: await services.account.revokeOtherSessions(ownerRequest(req)) };
      } finally {
        await onIdentityChange(true);
      }
    },
  );

  app.get(
    '/download/account-export',
    { ...owner, schema: { ...owner.schema, produces: ['application/zip'], response: { 200: z.any(), ...errors } } },
    async (req, reply) => {
      const { zip, fileName } = await services.account.exportAccount(ownerRequest(req));
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition(fileName))
        .header('cache-control', 'no-store')
        .send(Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength));
    },
  );

  app.post(
    '/account/delete',
    {
      ...owner,
      schema: { ...owner.schema, body: deleteAccountSchema, response: { 200: z.object({ deleted: z.literal(true) }), 403: errorSchema, ...errors } },
    },
    async (req) => {
      try {
        await services.account.deleteAccount(ownerRequest(req), req.body);
      } finally {
        await onIdentityChange(true);
      }
      return { deleted: true as const };
    },
  );
};
export default accountRoutes;
