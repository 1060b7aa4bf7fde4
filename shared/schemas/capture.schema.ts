import { z } from 'zod';

/** Issue 36: the contact fields read from a paper card or a code, in the order the review form shows them. */
export const CAPTURE_FIELD_NAMES = [
  'firstName',
  'lastName',
  'jobTitle',
  'company',
  'email',
  'phone',
  'mobile',
  'website',
  'street',
  'zip',
  'city',
  'country',
] as const;
export type CaptureFieldName = (typeof CAPTURE_FIELD_NAMES)[number];

/** Every field is present; `null` where nothing was found (the owner fills it in or leaves it empty). */
export const captureFieldsSchema = z.object(
  Object.fromEntries(CAPTURE_FIELD_NAMES.map((name) => [name, z.string().nullable()])) as Record<CaptureFieldName, z.ZodNullable<z.ZodString>>,
);
export type CaptureFields = z.infer<typeof captureFieldsSchema>;

/** Answer of `POST /capture/read`: the fields, the recognised text (for the review screen) and the OCR's mean confidence (0..1). */
export const captureReadAnswerSchema = z.object({
  fields: captureFieldsSchema,
  text: z.string(),
  confidence: z.number().min(0).max(1),
});
export type CaptureReadAnswer = z.infer<typeof captureReadAnswerSchema>;

/** Largest code text `POST /capture/parse` reads: a QR code holds at most about 3 KB, a vCard file with a photo is no card to parse. */
export const MAX_CODE_TEXT_BYTES = 8 * 1024;

/** Body of `POST /capture/parse`: the text a QR or badge code held. */
export const captureParseBodySchema = z.object({
  text: z.string().min(1, 'required: the text the code held'),
});

/** Which format a code's text was in. */
export const CODE_FORMATS = ['vcard', 'mecard', 'bizcard', 'mailto', 'tel', 'product-link'] as const;
export type CodeFormat = (typeof CODE_FORMATS)[number];

/** Answer of `POST /capture/parse`. */
export const captureParseAnswerSchema = z.object({
  fields: captureFieldsSchema,
  format: z.enum(CODE_FORMATS),
});
export type CaptureParseAnswer = z.infer<typeof captureParseAnswerSchema>;
