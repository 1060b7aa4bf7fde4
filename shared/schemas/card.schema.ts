import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/** The six editions of SPEC 3; each has a card image in assets/editions. */
export const EDITIONS = ['firstEditionCoin', 'firstEditionDark', 'firstEditionRose', 'firstEditionSilver', 'kingOfTheMoment', 'rainbow'] as const;
export type Edition = (typeof EDITIONS)[number];

export const cardIdBodySchema = z.object({ cardId: idSchema });
/** A name for the profile a new card gets (issue 23): never a page without a name. */
const personName = z.string().trim().max(100, 'must have at most 100 characters');

/**
 * `firebaseUserEmail` is accepted for compatibility and ignored: the caller comes from the token
 * (D6). Issue 23: the owner says which profile the card shows, an existing one (`profileId`) or
 * a new one with a name (`firstName` and/or `lastName`); without either the card gets a new
 * profile named after its edition, as before.
 */
export const cardRegisterSchema = z
  .object({
    cardId: idSchema,
    firebaseUserEmail: z.string().max(254).optional(),
    profileId: idSchema.optional(),
    firstName: personName.optional(),
    lastName: personName.optional(),
  })
  .superRefine((body, ctx) => {
    const named = Boolean(body.firstName || body.lastName);
    if (body.profileId && named) ctx.addIssue({ code: 'custom', path: ['profileId'], message: 'give either profileId or a name for a new profile' });
    if (!body.profileId && (body.firstName !== undefined || body.lastName !== undefined) && !named)
      ctx.addIssue({ code: 'custom', path: ['firstName'], message: 'a new profile needs a first or last name' });
  });
export type CardRegisterBody = z.infer<typeof cardRegisterSchema>;
export const cardProfileChangeSchema = z.object({ cardId: idSchema, profileId: idSchema });
/**
 * Issue 35: whether the caller can register a card (`ok`), else why POST /card/register would
 * refuse it: `not-found` (never minted), `blocked` (deactivated by its issuer), `yours` (already
 * registered by the caller), `registered` (another account's), `organisation` (its admins assign it).
 */
export const CARD_CHECK_STATES = ['ok', 'not-found', 'blocked', 'yours', 'registered', 'organisation'] as const;
export type CardCheckState = (typeof CARD_CHECK_STATES)[number];
/** Answer of POST /card/check. */
export const cardCheckSchema = z.object({ cardId: z.string(), state: z.enum(CARD_CHECK_STATES) });
export type CardCheck = z.infer<typeof cardCheckSchema>;

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
  /** Issue 33: the card is an organisation's, assigned to the caller by its admins: only they unassign it. */
  organisationCard: z.boolean(),
  /**
   * The profiles the card may show: null for the owner's own card (any of their profiles); for an
   * organisation's card the ids of the caller's company profiles of that organisation.
   */
  profileChoices: z.array(z.string()).nullable(),
  /** Issue 28 with 35: the operator deactivated the card; its page shows no profile (the owner is told what to do). */
  blocked: z.boolean(),
});
export type Card = z.infer<typeof cardSchema>;

export const cardRegisteredSchema = cardSchema.extend({ cardProfileId: z.string() });
