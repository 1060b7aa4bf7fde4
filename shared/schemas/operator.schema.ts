import { z } from 'zod';
import { pageDomainSetSchema, pageHostSchema } from './page-domain.schema.ts';
import { EDITIONS } from './card.schema.ts';
import { idSchema } from './common.schema.ts';
import { sunBundleSchema, sunRequestSchema } from './tap.schema.ts';

/** Issue 28: the operator's console. */

/**
 * The states an operator sees a card in: minted and nobody's, an organisation's that no member
 * holds yet (issue 24's bulk registration; issue 35), registered to an owner, blocked.
 */
export const CARD_STATES = ['minted', 'organisation', 'registered', 'blocked'] as const;
export type CardState = (typeof CARD_STATES)[number];

/** Cards per inventory page. */
export const INVENTORY_PAGE_SIZE = 50;
/** The most cards one batch mints. */
export const MAX_BATCH_COUNT = 10_000;

/** Why an operator acts: recorded in the audit log, so never empty. */
export const reasonSchema = z.string().trim().min(3, 'must say why (at least 3 characters)').max(500, 'must have at most 500 characters');

export const inventoryQuerySchema = z.object({
  /** A card id or the start of one (letters and digits). */
  q: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z0-9]*$/, 'must be a card id or its start (letters and digits)')
    .optional(),
  state: z.enum(CARD_STATES).optional(),
  batch: idSchema.optional(),
  edition: z.enum(EDITIONS).optional(),
  /** The last card id of the page before. */
  cursor: idSchema.optional(),
});
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>;

export const inventoryCardSchema = z.object({
  id: z.string(),
  state: z.enum(CARD_STATES),
  edition: z.enum(EDITIONS),
  batchId: z.string().nullable(),
  minted: z.number(),
  registered: z.number().nullable(),
  blocked: z.number().nullable(),
  scans: z.number(),
  /** Whether the card has an owner; the owner's e-mail only through POST /operator/card/owner. */
  hasOwner: z.boolean(),
  /** The organisation it was registered to in bulk (issue 24), held by a member or not; null for none. */
  organisation: z.object({ id: z.string(), name: z.string() }).nullable(),
});
export type InventoryCard = z.infer<typeof inventoryCardSchema>;
export const inventoryPageSchema = z.object({ cards: z.array(inventoryCardSchema), nextCursor: z.string().nullable() });
export type InventoryPage = z.infer<typeof inventoryPageSchema>;

/** Issue 39: an operator's verification of a page host by hand (POST /operator/organisation/page-domain/verify), with the reason for the audit log. */
export const operatorPageDomainSchema = pageDomainSetSchema.extend({ reason: reasonSchema });
export type OperatorPageDomainBody = z.infer<typeof operatorPageDomainSchema>;
export const cardActionSchema = z.object({ cardId: idSchema, reason: reasonSchema });
export type CardActionBody = z.infer<typeof cardActionSchema>;
export const cardMoveSchema = cardActionSchema.extend({ toEmail: z.string().trim().toLowerCase().email('must be an e-mail address').max(254) });
export type CardMoveBody = z.infer<typeof cardMoveSchema>;
export const cardActionResultSchema = z.object({ card: inventoryCardSchema });
export const cardOwnerSchema = z.object({ cardId: z.string(), email: z.string().nullable() });

export const batchCreateSchema = z.object({
  edition: z.enum(EDITIONS),
  count: z.number().int('must be a whole number').min(1, 'must be at least 1').max(MAX_BATCH_COUNT, `must be at most ${MAX_BATCH_COUNT}`),
  label: z.string().trim().min(1, 'must not be empty').max(100, 'must have at most 100 characters'),
  /** Issue 38: chips with Secure Unique NFC; absent for a batch without keys. */
  sun: sunRequestSchema.optional(),
  /** Issue 39: an organisation's verified page host: the cards are printed with it and registered to that organisation. */
  host: pageHostSchema.optional(),
});
/** The batch made; with `sun`, its encoding bundle and keys, shown this once. */
export const batchCreatedSchema = z.object({ batchId: z.string(), sun: sunBundleSchema.optional() });
export type BatchCreateBody = z.infer<typeof batchCreateSchema>;
export const batchQuerySchema = z.object({ batchId: idSchema });

export const BUNDLE_STATES = ['pending', 'building', 'ready', 'failed'] as const;
export const batchSchema = z.object({
  batchId: z.string(),
  edition: z.enum(EDITIONS),
  label: z.string(),
  count: z.number(),
  created: z.number(),
  createdBy: z.string(),
  /** Issue 39: the organisation's page host the batch was minted with, null for the service's own address. */
  host: z.string().nullable(),
  bundle: z.object({ state: z.enum(BUNDLE_STATES), done: z.number(), total: z.number() }),
});
export type Batch = z.infer<typeof batchSchema>;
export const batchListSchema = z.object({ batches: z.array(batchSchema) });

const countRow = <T extends z.ZodRawShape>(shape: T) => z.object({ ...shape, count: z.number() });
export const fleetStatsSchema = z.object({
  cards: z.object({
    total: z.number(),
    minted: z.number(),
    /** An organisation's cards no member holds (issue 35); `minted` are nobody's. */
    organisation: z.number(),
    registered: z.number(),
    blocked: z.number(),
    neverActivated: z.number(),
  }),
  activationsByBatch: z.array(countRow({ batchId: z.string().nullable(), label: z.string().nullable(), cards: z.number() })),
  activationsByEdition: z.array(countRow({ edition: z.string(), cards: z.number() })),
  activationsByDay: z.array(countRow({ day: z.string() })),
  scansByDay: z.array(countRow({ day: z.string(), source: z.string() })),
});
export type FleetStats = z.infer<typeof fleetStatsSchema>;

/** Every action the audit log records (the console names each in de and en; issue 27 added `verify-domain`). */
export const AUDIT_ACTIONS = [
  'block',
  'unblock',
  'reset',
  'move',
  'view-owner',
  'batch-create',
  'resend-verification',
  'verify-domain',
  'release-domain',
  'verify-page-domain',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];
export const auditEntrySchema = z.object({
  id: z.string(),
  at: z.number(),
  operator: z.string(),
  action: z.string(),
  target: z.string(),
  reason: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditQuerySchema = z.object({ cursor: z.string().max(64).optional(), format: z.enum(['json', 'csv']).optional() });
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema), nextCursor: z.string().nullable() });

/** Who the signed-in caller is to the console: answered only to operators (others get 404). */
export const operatorMeSchema = z.object({ email: z.string() });
