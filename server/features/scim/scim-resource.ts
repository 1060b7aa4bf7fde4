import { z } from 'zod';
import { scimGroupSchema, scimUserSchema, type ScimGroup, type ScimUser } from '../../../shared/schemas/scim.schema.ts';
import { scimBadRequest } from './scim-error.ts';

/**
 * SCIM attribute names ignore case (RFC 7643 §2.1): a resource in any spelling is brought to
 * the canonical one by walking its zod schema, so validation and storage see one spelling.
 * Attributes the schema does not know are dropped (RFC 7644 §3.3: a provider may ignore them);
 * `id`, `meta` and `schemas` are the server's.
 */
function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (;;) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodDefault) s = s.def.innerType as z.ZodType;
    else return s;
  }
}

/** The child schema of `name` under `schema` (case-insensitive), with its canonical name. */
export function childOf(schema: z.ZodType, name: string): { key: string; schema: z.ZodType } | undefined {
  const s = unwrap(schema);
  const obj = s instanceof z.ZodArray ? unwrap(s.element as z.ZodType) : s;
  if (!(obj instanceof z.ZodObject)) return undefined;
  const lower = name.toLowerCase();
  for (const [key, child] of Object.entries(obj.shape as Record<string, z.ZodType>)) if (key.toLowerCase() === lower) return { key, schema: child };
  return undefined;
}

export function canonicalise(value: unknown, schema: z.ZodType): unknown {
  const s = unwrap(schema);
  if (s instanceof z.ZodArray) return Array.isArray(value) ? value.map((v) => canonicalise(v, s.element as z.ZodType)) : value;
  if (s instanceof z.ZodObject && value && typeof value === 'object' && !Array.isArray(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const child = childOf(s, k);
      if (child) out[child.key] = canonicalise(v, child.schema);
    }
    return out;
  }
  return value;
}

/** Canonical spelling, then validation; a failure is SCIM's 400 `invalidValue` naming the attribute. */
function validated<T>(schema: z.ZodType<T>, value: unknown): T {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw scimBadRequest('invalidSyntax', 'The body must be a JSON object.');
  const result = schema.safeParse(canonicalise(value, schema));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length ? issue.path.join('.') : 'body';
  throw scimBadRequest('invalidValue', `${where}: ${issue.message}`);
}

export const userSchema = scimUserSchema as z.ZodType<ScimUser>;
export const groupSchema = scimGroupSchema as z.ZodType<ScimGroup>;
export const validUser = (value: unknown): ScimUser => validated(scimUserSchema, value);
export const validGroup = (value: unknown): ScimGroup => validated(scimGroupSchema, value);

/** The address an invitation goes to: the primary e-mail, else a work one, else any, else the userName when it is an address. */
export function mailOf(user: ScimUser): string | null {
  const emails = user.emails ?? [];
  const chosen = emails.find((e) => e.primary) ?? emails.find((e) => e.type?.toLowerCase() === 'work') ?? emails[0];
  const address = (chosen?.value ?? user.userName).trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address) ? address : null;
}
