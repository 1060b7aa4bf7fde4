import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/** Issue 26: the layouts of the e-mail signature (docs/signatures.md). */
export const SIGNATURE_LAYOUTS = ['classic', 'stacked', 'compact'] as const;
export type SignatureLayout = (typeof SIGNATURE_LAYOUTS)[number];

/** Query of GET /find/own/profile/signature. */
export const signatureQuerySchema = z.object({
  profileId: idSchema,
  layout: z.enum(SIGNATURE_LAYOUTS).default('classic'),
  saveLink: z.enum(['true', 'false']).default('true'),
});

/** Answer of GET /find/own/profile/signature. */
export const signatureSchema = z.object({
  html: z.string().describe('Tables with inline styles and hosted images, for the clipboard of a mail client'),
  text: z.string().describe('The same as plain text'),
  bytes: z.number().int().describe('Size of the HTML in bytes'),
});
export type Signature = z.infer<typeof signatureSchema>;
