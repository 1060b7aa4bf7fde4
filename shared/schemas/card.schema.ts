import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/** The six editions of SPEC 3; each has a card image in assets/editions. */
export const EDITIONS = ['firstEditionCoin', 'firstEditionDark', 'firstEditionRose', 'firstEditionSilver', 'kingOfTheMoment', 'rainbow'] as const;
export type Edition = (typeof EDITIONS)[number];

export const cardIdBodySchema = z.object({ cardId: idSchema });
/** `firebaseUserEmail` is accepted for compatibility and ignored: the caller comes from the token (D6). */
export const cardRegisterSchema = z.object({ cardId: idSchema, firebaseUserEmail: z.string().max(254).optional() });
export const cardProfileChangeSchema = z.object({ cardId: idSchema, profileId: idSchema });

/** A card as owner calls answer it (SPEC 3). */
export const cardSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  typeName: z.enum(EDITIONS),
  imagePath: z.string(),
  qrCodePath: z.string(),
  cardLink: z.string(),
  cardProfileId: z.string().nullable(),
  cardProfileName: z.string().nullable(),
  cardViews: z.number(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardRegisteredSchema = cardSchema.extend({ cardProfileId: z.string() });
