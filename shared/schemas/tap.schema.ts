import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/** Issue 38: verified taps (NTAG 424 DNA Secure Unique NFC) and the operator's batches with keys. */

export const TAP_RESULTS = ['verified', 'replayed', 'invalid'] as const;
export type TapResult = (typeof TAP_RESULTS)[number];

const aesKey = z
  .string()
  .trim()
  .regex(/^[0-9a-fA-F]{32}$/, 'must be an AES-128 key as 32 hex characters')
  .transform((s) => s.toUpperCase());

/**
 * A batch's SUN keys: the keys the chip vendor programmed (`metaReadKey`, `fileReadKey`), or
 * `generate: true` for keys the server makes (with `diversify`, a master key from which each
 * chip's file-read key is derived with its UID, NXP AN10922).
 */
export const sunRequestSchema = z
  .object({
    metaReadKey: aesKey.optional(),
    fileReadKey: aesKey.optional(),
    generate: z.literal(true, { message: 'must be true (or give both keys)' }).optional(),
    diversify: z.boolean().optional(),
  })
  .strict()
  .superRefine((sun, ctx) => {
    if (sun.generate) {
      for (const key of ['metaReadKey', 'fileReadKey'] as const)
        if (sun[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'must not be given with generate' });
      return;
    }
    if (sun.diversify) ctx.addIssue({ code: 'custom', path: ['diversify'], message: 'needs generate: true' });
    for (const key of ['metaReadKey', 'fileReadKey'] as const)
      if (!sun[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'must be given (32 hex characters), or set generate: true' });
  });
export type SunRequest = z.infer<typeof sunRequestSchema>;

export const cardEncodingSchema = z.object({
  cardId: z.string(),
  url: z.string(),
  ndefFile: z.string(),
  piccDataOffset: z.number(),
  macInputOffset: z.number(),
  macOffset: z.number(),
});

/** The encoding bundle of a SUN batch: shown once, in the answer to its creation. */
export const sunBundleSchema = z.object({
  keys: z.object({
    metaReadKey: z.string(),
    /** Every chip's file-read key; null when diversified. */
    fileReadKey: z.string().nullable(),
    /** The master key each chip's file-read key is diversified from; null when not diversified. */
    fileReadMasterKey: z.string().nullable(),
  }),
  chip: z.object({
    chip: z.string(),
    ndefFile: z.string(),
    sdmOptions: z.string(),
    metaReadKeyNumber: z.number(),
    fileReadKeyNumber: z.number(),
    macInput: z.string(),
    diversification: z.string().nullable(),
  }),
  cards: z.array(cardEncodingSchema),
});
export type SunBundle = z.infer<typeof sunBundleSchema>;

export const tapQuerySchema = z.object({ cardId: idSchema, cursor: z.string().max(80).optional() });
export const tapSchema = z.object({
  at: z.number(),
  result: z.enum(TAP_RESULTS),
  counter: z.number().nullable(),
  uid: z.string().nullable(),
});
export type Tap = z.infer<typeof tapSchema>;
export const tapPageSchema = z.object({ taps: z.array(tapSchema), nextCursor: z.string().nullable() });
export type TapPage = z.infer<typeof tapPageSchema>;

/** Issue 38's clone alerts: cards with replayed or invalid taps in the last 30 days. */
export const tapAlertSchema = z.object({ cardId: z.string(), replayed: z.number(), invalid: z.number(), lastAt: z.number() });
export const tapAlertListSchema = z.object({ cards: z.array(tapAlertSchema) });
export type TapAlertList = z.infer<typeof tapAlertListSchema>;
