import { z } from 'zod';
import { idSchema, textField } from './common.schema.ts';
import { LINK_TYPES, linkNameSchema, linkTypeSchema, linkValueSchema, withHandleLinkOf } from './link.schema.ts';
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
/** What a template may lock: its fields and its link set as a whole (`links`). */
export const TEMPLATE_LOCKS = [...TEMPLATE_FIELDS, 'links'] as const;
export type TemplateLock = (typeof TEMPLATE_LOCKS)[number];
/** Most company links one template carries. */
export const TEMPLATE_MAX_LINKS = 20;

/**
 * A company link of a template: the shape and rules of a profile's link (a handle becomes its
 * address, issue 23), a name on LinkedIn and Xing the company's page (issue 35).
 */
export const templateLinkSchema = z
  .object({ type: linkTypeSchema, link: linkValueSchema.trim().min(1, 'must not be empty'), name: linkNameSchema.trim().default('') })
  .transform(withHandleLinkOf('company'));
export type TemplateLink = z.output<typeof templateLinkSchema>;

const valuesShape = Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, textField(PROFILE_FIELD_MAX[f]).trim().optional()])) as {
  [K in TemplateField]: z.ZodOptional<z.ZodString>;
};

/** Body of POST /organisation/template/save: a new template without `templateId`, else a change of that one. */
export const templateSaveSchema = z.object({
  organisationId: idSchema,
  templateId: idSchema.optional(),
  name: z.string().trim().min(1, 'must not be empty').max(120, 'must have at most 120 characters'),
  values: z.strictObject(valuesShape),
  links: z.array(templateLinkSchema).max(TEMPLATE_MAX_LINKS, `must have at most ${TEMPLATE_MAX_LINKS} links`).default([]),
  locked: z
    .array(z.enum(TEMPLATE_LOCKS))
    .max(TEMPLATE_LOCKS.length)
    .refine((list) => new Set(list).size === list.length, 'must not name a field twice')
    .default([]),
});

export const templateSchema = z.object({
  templateId: z.string(),
  name: z.string(),
  values: z.record(z.string(), z.string()),
  links: z.array(z.object({ type: z.enum(LINK_TYPES), link: z.string(), name: z.string() })),
  locked: z.array(z.string()),
  /** How many profiles follow it (admins only; 0 for members). */
  profileCount: z.number(),
  updated: z.number(),
});
export type Template = z.infer<typeof templateSchema>;
export type TemplateSaveInput = z.input<typeof templateSaveSchema>;
export const templateListSchema = z.object({ templates: z.array(templateSchema) });
