import { z } from 'zod';
import { idSchema } from './common.schema.ts';
import { EDITIONS } from './card.schema.ts';

/** Issue 24: cards for a team (docs/teams.md). Most ids one bulk registration takes (an order of cards). */
export const ORGANISATION_CARDS_MAX = 1000;
/** Most lines one CSV assignment takes, and its size in characters (a line is an id, a comma and an address). */
export const CARD_CSV_MAX_LINES = 1000;
export const CARD_CSV_MAX_CHARS = 200_000;

export const organisationCardsRegisterSchema = z.object({
  organisationId: idSchema,
  cardIds: z
    .array(idSchema)
    .min(1, 'must name at least one card')
    .max(ORGANISATION_CARDS_MAX, `must name at most ${ORGANISATION_CARDS_MAX} cards`)
    .refine((ids) => new Set(ids).size === ids.length, 'must not name a card twice'),
});
/**
 * Issue 35: why bulk registration refused an id: never minted, blocked by the issuer, registered
 * to a person, another organisation's, or already this organisation's.
 */
export const CARD_REFUSALS = ['not-found', 'blocked', 'registered', 'organisation', 'ours'] as const;
export type CardRefusal = (typeof CARD_REFUSALS)[number];
/** Each refused id with its reason, in the 409 `cmc/card-not-available` of POST /organisation/cards/register (`cards`). */
export const refusedCardsSchema = z.array(z.object({ cardId: z.string(), reason: z.enum(CARD_REFUSALS) }));
export type RefusedCards = z.infer<typeof refusedCardsSchema>;
/**
 * Body of POST /organisation/card/assign. `profileId` (optional) picks which of the member's
 * company profiles the card shows; without it, their oldest.
 */
export const organisationCardAssignSchema = z.object({ organisationId: idSchema, cardId: idSchema, userId: idSchema, profileId: idSchema.optional() });
export const organisationCardUnassignSchema = z.object({ organisationId: idSchema, cardId: idSchema });
export const organisationCardsCsvSchema = z.object({
  organisationId: idSchema,
  csv: z.string().min(1, 'must not be empty').max(CARD_CSV_MAX_CHARS, `must have at most ${CARD_CSV_MAX_CHARS} characters`),
});

/** An organisation's card as its admins see it: the member it is assigned to, or null. */
export const organisationCardSchema = z.object({
  cardId: z.string(),
  edition: z.enum(EDITIONS),
  blocked: z.boolean(),
  member: z.object({ userId: z.string(), email: z.string(), name: z.string() }).nullable(),
  /** The company profile the card shows while assigned; null when unassigned. */
  profileId: z.string().nullable(),
});
export type OrganisationCard = z.infer<typeof organisationCardSchema>;
/**
 * GET /find/own/organisation/cards: the cards, and every member's company profiles (oldest
 * first, `name` the owner's label or the person's name) from which an assignment may pick.
 */
export const organisationCardListSchema = z.object({
  cards: z.array(organisationCardSchema),
  companyProfiles: z.array(z.object({ userId: z.string(), profileId: z.string(), name: z.string() })),
});

/** One line of a CSV assignment: what it did, or why it was refused (`error` names the problem in English; the app shows its code). */
export const csvLineResultSchema = z.object({
  line: z.number(),
  cardId: z.string(),
  email: z.string(),
  ok: z.boolean(),
  error: z.enum(['format', 'card-not-found', 'member-not-found', 'no-company-profile', 'card-blocked', 'duplicate-card']).optional(),
});
export type CsvLineResult = z.infer<typeof csvLineResultSchema>;
export const cardsCsvResultSchema = z.object({ assigned: z.number(), lines: z.array(csvLineResultSchema) });

/**
 * The company's contact that a former member's company profile shows instead of the person's
 * details (the offboarding): from the template that made the profile, else the organisation.
 */
export const leftCompanySchema = z.object({ name: z.string(), websiteUrl: z.string(), phone: z.string() });
export type LeftCompany = z.infer<typeof leftCompanySchema>;
