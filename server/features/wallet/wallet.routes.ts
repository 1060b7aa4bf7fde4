import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardIdBodySchema } from '../../../shared/schemas/card.schema.ts';
import { errorSchema, idSchema } from '../../../shared/schemas/common.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { pickLanguage } from '../../http/language.ts';
import { sendDownload } from '../../http/send-download.ts';
import { visitOf } from '../stats/index.ts';
import type { WalletServices } from './wallet.feature.ts';

/** SPEC 7 GET /wallet/download/{cardId} (Apple) and the Google Wallet save link (D11). */
const walletRoutes: FastifyPluginAsyncZod<{ services: Pick<WalletServices, 'wallet'> }> = async (app, { services }) => {
  const { requireOwner } = app;
  const schema = { tags: ['wallet'], security: [{ bearer: [] }] };
  const errors = { 401: errorSchema, 404: errorSchema, 409: errorSchema, 503: errorSchema };

  app.get(
    '/wallet/download/:cardId',
    {
      preHandler: requireOwner,
      schema: {
        ...schema,
        params: z.object({ cardId: idSchema }),
        produces: ['application/vnd.apple.pkpass'],
        response: { 200: z.any().describe('the signed .pkpass file'), ...errors },
      },
    },
    async (req, reply) => {
      const { data, fileName } = await services.wallet.applePass(ownerOf(req), req.params.cardId, visitOf(req, 'action'));
      return sendDownload(reply, { type: 'application/vnd.apple.pkpass', fileName, body: data });
    },
  );

  app.post(
    '/wallet/google/save-url',
    { preHandler: requireOwner, schema: { ...schema, body: cardIdBodySchema, response: { 200: z.object({ url: z.string() }), 400: errorSchema, ...errors } } },
    (req) => services.wallet.googleSaveUrl(ownerOf(req), req.body.cardId, pickLanguage(req), visitOf(req, 'action')),
  );
};
export default walletRoutes;
