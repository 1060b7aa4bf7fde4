import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorSchema, idSchema } from '../../../shared/schemas/common.schema.ts';
import { sendDownload } from '../../http/send-download.ts';
import type { WalletServices } from './wallet.feature.ts';

/** Apple's device library ids and push tokens are hex; anything of another shape is refused before any lookup. */
const deviceSchema = z.string().regex(/^[A-Za-z0-9._-]{1,128}$/, 'a device library identifier');
const passTypeSchema = z.string().regex(/^[A-Za-z0-9.-]{1,128}$/, 'a pass type identifier');
const device = z.object({ deviceLibraryIdentifier: deviceSchema, passTypeIdentifier: passTypeSchema });
const pass = z.object({ passTypeIdentifier: passTypeSchema, serialNumber: idSchema });
const registration = device.extend({ serialNumber: idSchema });
const authorization = z.object({ authorization: z.string().max(200).optional() }).passthrough();
const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 429: errorSchema };
const schema = { tags: ['wallet'], description: "Apple's web service for passes (issue 26): called by Wallet on the owner's devices." };

/** An HTTP date as epoch ms, or undefined when absent or unreadable (then the whole pass is sent). */
const httpDate = (value: string | undefined) => {
  const ms = value ? Date.parse(value) : NaN;
  return Number.isFinite(ms) ? ms : undefined;
};

/**
 * Apple's web service for passes, under `{PUBLIC_URL}/wallet/apple` (the pass's `webServiceURL`),
 * (`APPLE_WEB_SERVICE_PATH`, written out in each path below so the route checks can read them),
 * with exactly the paths, answers and `Authorization: ApplePass {token}` of Apple's
 * documentation "Adding a web service to update passes" (docs/wallet.md "Passes that stay current").
 */
const appleWebServiceRoutes: FastifyPluginAsyncZod<{ services: Pick<WalletServices, 'appleWebService'> }> = async (app, { services }) => {
  const service = services.appleWebService;

  app.post(
    '/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    {
      bodyLimit: 4096,
      schema: {
        ...schema,
        params: registration,
        headers: authorization,
        body: z.object({ pushToken: z.string().regex(/^[A-Za-z0-9]{1,200}$/, 'a push token') }),
        response: { 200: z.null().describe('already registered'), 201: z.null().describe('registered'), ...errors },
      },
    },
    async (req, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = req.params;
      const status = await service.register(req.ip, deviceLibraryIdentifier, passTypeIdentifier, serialNumber, req.headers.authorization, req.body.pushToken);
      return reply.code(status).send(null);
    },
  );

  app.delete(
    '/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    { schema: { ...schema, params: registration, headers: authorization, response: { 200: z.null(), ...errors } } },
    async (req, reply) => {
      const { deviceLibraryIdentifier, passTypeIdentifier, serialNumber } = req.params;
      await service.unregister(req.ip, deviceLibraryIdentifier, passTypeIdentifier, serialNumber, req.headers.authorization);
      return reply.code(200).send(null);
    },
  );

  app.get(
    '/wallet/apple/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    {
      schema: {
        ...schema,
        params: device,
        // The tag this service gave last time (epoch ms); empty or absent: every pass of the device.
        querystring: z.object({ passesUpdatedSince: z.union([z.literal(''), z.string().regex(/^\d{1,16}$/, 'a tag this service gave')]).optional() }),
        response: { 200: z.object({ serialNumbers: z.array(z.string()), lastUpdated: z.string() }), 204: z.null().describe('no pass changed'), ...errors },
      },
    },
    async (req, reply) => {
      const since = req.query.passesUpdatedSince ? Number(req.query.passesUpdatedSince) : undefined;
      const answer = await service.updatedSince(req.ip, req.params.deviceLibraryIdentifier, req.params.passTypeIdentifier, since);
      reply.header('cache-control', 'no-store');
      return answer ? answer : reply.code(204).send(null);
    },
  );

  app.get(
    '/wallet/apple/v1/passes/:passTypeIdentifier/:serialNumber',
    {
      schema: {
        ...schema,
        params: pass,
        headers: authorization.extend({ 'if-modified-since': z.string().max(100).optional() }),
        produces: ['application/vnd.apple.pkpass'],
        response: { 200: z.any().describe('the signed .pkpass file'), 304: z.null().describe('the device holds the latest'), ...errors },
      },
    },
    async (req, reply) => {
      const { passTypeIdentifier, serialNumber } = req.params;
      const answer = await service.latest(req.ip, passTypeIdentifier, serialNumber, req.headers.authorization, httpDate(req.headers['if-modified-since']));
      reply.header('last-modified', new Date(answer.lastModified).toUTCString());
      if ('notModified' in answer) return reply.code(304).send(null);
      return sendDownload(reply, { type: 'application/vnd.apple.pkpass', fileName: `WalletCard-${serialNumber}.pkpass`, body: answer.data });
    },
  );

  app.post(
    '/wallet/apple/v1/log',
    {
      bodyLimit: 64 * 1024,
      schema: { ...schema, body: z.object({ logs: z.array(z.string().max(4000)).max(100) }), response: { 200: z.null(), 400: errorSchema, 429: errorSchema } },
    },
    async (req, reply) => {
      await service.log(req.ip, req.body.logs);
      return reply.code(200).send(null);
    },
  );
};
export default appleWebServiceRoutes;
