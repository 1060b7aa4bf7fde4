import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cardLink } from '../../../shared/card-link.ts';
import { ErrorCode } from '../../../shared/error-codes.ts';
import {
  EDITIONS,
  cardCheckSchema,
  cardIdBodySchema,
  cardProfileChangeSchema,
  cardRegisteredSchema,
  cardRegisterSchema,
  cardSchema,
} from '../../../shared/schemas/card.schema.ts';
import { publicProfileEnvelopeSchema } from '../../../shared/schemas/public-profile.schema.ts';
import { errorSchema, idSchema } from '../../../shared/schemas/common.schema.ts';
import { ownerOf } from '../../auth/owner.guard.ts';
import { pickLanguage } from '../../http/language.ts';
import { editionPng } from './edition-image.ts';
import { qrPng, qrSvg } from './qr-code.ts';
import { notFound } from '../../http/errors.ts';
import { sendDownload } from '../../http/send-download.ts';
import type { CardsServices } from './cards.feature.ts';

const errors = { 400: errorSchema, 401: errorSchema, 404: errorSchema, 409: errorSchema };

/** SPEC 7 "Cards", and each card's QR code (`qrCodePath`). */
const cardRoutes: FastifyPluginAsyncZod<{ services: Pick<CardsServices, 'cards'> }> = async (app, { services }) => {
  const { requireOwner, config } = app;
  const owner = { preHandler: requireOwner, schema: { tags: ['cards'], security: [{ bearer: [] }] } };

  app.post(
    '/card/show',
    { schema: { tags: ['public'], body: cardIdBodySchema, response: { 200: publicProfileEnvelopeSchema, 400: errorSchema, 404: errorSchema } } },
    (req) => services.cards.show(req.body.cardId),
  );
  app.post('/find/own/card/by-id', { ...owner, schema: { ...owner.schema, body: cardIdBodySchema, response: { 200: cardSchema, ...errors } } }, (req) =>
    services.cards.findOwn(ownerOf(req), req.body.cardId),
  );
  app.get('/find/own/cards', { ...owner, schema: { ...owner.schema, response: { 200: z.array(cardSchema), 401: errorSchema } } }, (req) =>
    services.cards.listOwn(ownerOf(req)),
  );
  app.post('/card/register', { ...owner, schema: { ...owner.schema, body: cardRegisterSchema, response: { 200: cardRegisteredSchema, ...errors } } }, (req) =>
    services.cards.register(ownerOf(req), req.body.cardId, pickLanguage(req), req.body),
  );
  // Issue 35: the registration screen asks at once whether a typed or scanned id can be registered.
  app.post(
    '/card/check',
    { ...owner, schema: { ...owner.schema, body: cardIdBodySchema, response: { 200: cardCheckSchema, ...errors, 429: errorSchema } } },
    (req) => services.cards.check(ownerOf(req), req.body.cardId),
  );
  app.post(
    '/card/delete',
    {
      ...owner,
      schema: { ...owner.schema, body: cardIdBodySchema, response: { 200: z.object({ cardId: z.string(), registered: z.literal(false) }), ...errors } },
    },
    (req) => services.cards.reset(ownerOf(req), req.body.cardId),
  );
  app.post('/card/profile/change', { ...owner, schema: { ...owner.schema, body: cardProfileChangeSchema, response: { 200: cardSchema, ...errors } } }, (req) =>
    services.cards.changeProfile(ownerOf(req), req.body.cardId, req.body.profileId),
  );

  // A raster of each edition's art, for places that take no SVG (Google Wallet's pass images).
  app.get('/cards/editions/:edition.png', { schema: { tags: ['cards'], params: z.object({ edition: z.enum(EDITIONS) }) } }, async (req, reply) =>
    reply
      .type('image/png')
      .header('cache-control', 'public, max-age=86400')
      .send(await editionPng(req.params.edition, { width: 660 })),
  );

  // The QR code only encodes the public card link, so it needs no sign-in; unknown ids are 404.
  const QR_CACHE = 'public, max-age=86400';
  const qrParams = z.object({ cardId: idSchema, format: z.enum(['svg', 'png']) });
  app.get('/cards/:cardId/qr.:format', { schema: { tags: ['cards'], params: qrParams } }, async (req, reply) => {
    const { cardId, format } = req.params;
    if (!(await services.cards.exists(cardId))) throw notFound(ErrorCode.cardNotFound, 'This card does not exist.');
    const text = cardLink(config.publicUrl, cardId, 'qr');
    // The code of a card never changes: a day in any cache. The SVG is shown, the PNG saved.
    if (format === 'svg')
      return reply
        .header('cache-control', QR_CACHE)
        .type('image/svg+xml')
        .send(await qrSvg(text));
    return sendDownload(reply, { type: 'image/png', fileName: `card-${cardId}.png`, cacheControl: QR_CACHE, body: await qrPng(text) });
  });
};
export default cardRoutes;
