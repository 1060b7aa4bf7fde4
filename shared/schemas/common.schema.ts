import { z } from 'zod';

/** Ids minted by the server (D2): letters and digits only, so they are safe in URLs and paths. */
export const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'must contain only letters, digits, - and _');

/** A free text field of a profile or link; blank is allowed, absurd lengths are not. */
export const textField = (max = 200) => z.string().max(max);

/** Epoch-millisecond and ISO forms of a timestamp, as every entity answers them (D8). */
export const timestampsSchema = z.object({
  created: z.number(),
  updated: z.number(),
  createdIso: z.string(),
  updatedIso: z.string(),
});

/** The error answer of every failing call (D4). */
export const errorSchema = z.object({
  status: z.number(),
  code: z.string(),
  message: z.string(),
  detail: z.string(),
  field: z.string().optional(),
  /** Issue 26: for a colour refused for its contrast (`cmc/low-contrast`), the nearest one that passes. */
  suggestion: z.string().optional(),
  /** Issue 35: for cards refused by a bulk registration (`cmc/card-not-available`), each id with its reason. */
  cards: z.array(z.object({ cardId: z.string(), reason: z.string() })).optional(),
});
export type ApiError = z.infer<typeof errorSchema>;
