import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { accountSessionsSchema, deleteAccountSchema, revokeSessionSchema, setTimeZoneSchema } from '../../../shared/schemas/account.schema.ts';
import { errorSchema } from '../../../shared/schemas/common.schema.ts';
import { bearerToken } from '../../auth/bearer-token.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import type { OwnerRequest } from './account.service.ts';

/** The plain session token of a bearer header (`token` or `token.signature`); '' matches no session. */
const sessionTokenOf = (authorization: string) => bearerToken(authorization) ?? '';
import { requestLanguage } from '../../http/language.ts';
import { sendDownload } from '../../http/send-download.ts';
import type { AccountServices } from './account.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema };

/**
 * Issue 13, the Security screen: the account's sessions (better-auth's list-sessions,
 * revoke-session and revoke-other-sessions, with tokens kept on the server), the data export
 * and the deletion of the account. `onIdentityChange` drops the owner guard's remembered
 * sessions, so a signed-out session is refused on this instance at once.
 */
const accountRoutes: FastifyPluginAsyncZod<{ services: Pick<AccountServices, 'account'>; onIdentityChange: (endsSessions: boolean) => Promise<void> }> = async (
  app,
  { services, onIdentityChange },
) => {
  const { requireOwner } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['account'], security: [{ bearer: [] }] } };
  const ownerRequest = (req: Parameters<typeof ownerOf>[0]): OwnerRequest => {
    const authorization = req.headers.authorization ?? '';
    const { userId, email } = ownerOf(req);
    return { userId, email, address: req.ip, authorization, sessionToken: sessionTokenOf(authorization), language: requestLanguage(req) };
  };

  app.get('/account/sessions', { ...owner, schema: { ...owner.schema, response: { 200: accountSessionsSchema, ...errors } } }, async (req) => ({
    sessions: await services.account.listSessions(ownerRequest(req)),
  }));

  // Issue 23: the owner app sends the browser's zone; statistics and the leads export count in it.
  app.post(
    '/account/time-zone',
    { ...owner, schema: { ...owner.schema, body: setTimeZoneSchema, response: { 200: setTimeZoneSchema, ...errors } } },
    async (req) => ({ timeZone: await services.account.setTimeZone(ownerOf(req).userId, req.body.timeZone) }),
  );

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
      return sendDownload(reply, { type: 'application/zip', fileName, body: Buffer.from(zip.buffer, zip.byteOffset, zip.byteLength) });
    },
  );

  app.post(
    '/account/delete',
    {
      ...owner,
      schema: {
        ...owner.schema,
        body: deleteAccountSchema,
        response: { 200: z.object({ deleted: z.literal(true) }), 403: errorSchema, 409: errorSchema, ...errors },
      },
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
