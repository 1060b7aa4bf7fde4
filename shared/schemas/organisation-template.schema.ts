import { z } from 'zod';
import { idSchema, textField } from './common.schema.ts';
import { PROFILE_FIELD_MAX } from './profile.schema.ts';

/** Issue 24: the company fields a template sets and may lock. */
export const TEMPLATE_FIELDS = [
  'companyName',
  'companyWebsiteUrl',
  'streetAndNumber',
  'zip',
  'city',
  'country',
  'businessPhoneNumber',
  'businessFax',
  'businessNote',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

const valuesShape = Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, textField(PROFILE_FIELD_MAX[f]).trim().optional()])) as {
  [K in TemplateField]: z.ZodOptional<z.ZodString>;
};

/** Body of POST /organisation/template/save: a new template without `templateId`, else a change of that one. */
export const templateSaveSchema = z.object({
  organisationId: idSchema,
  templateId: idSchema.optional(),
  name: z.string().trim().min(1, 'must not be empty').max(120, 'must have at most 120 characters'),
  values: z.strictObject(valuesShape),
  locked: z
    .array(z.enum(TEMPLATE_FIELDS))
    .max(TEMPLATE_FIELDS.length)
    .refine((list) => new Set(list).size === list.length, 'must not name a field twice')
    .default([]),
});

export const templateSchema = z.object({
  templateId: z.string(),
  name: z.string(),
  values: z.record(z.string(), z.string()),
  locked: z.array(z.string()),
  /** How many profiles follow it (admins only; 0 for members). */
  profileCount: z.number(),
  updated: z.number(),
});
export type Template = z.infer<typeof templateSchema>;
export const templateListSchema = z.object({ templates: z.array(templateSchema) });
