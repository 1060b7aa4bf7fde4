import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/**
 * Issue 27: SCIM 2.0 (RFC 7643, RFC 7644). The resources as stored and answered (attribute names
 * already in their canonical spelling: the server maps any spelling first, SCIM names ignore
 * case), the PATCH request, and the Team area's SCIM token calls.
 */
export const SCIM_SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  enterprise: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  error: 'urn:ietf:params:scim:api:messages:2.0:Error',
} as const;

/** Most tokens one organisation may hold at once. */
export const MAX_SCIM_TOKENS_PER_ORGANISATION = 10;
export const SCIM_TOKEN_PREFIX = 'scim_';

/** A boolean as identity providers send it: `true`, or Entra ID's `"True"` / `"False"`. */
const scimBoolean = z.preprocess(
  (v) => (typeof v === 'string' && /^(true|false)$/i.test(v) ? v.toLowerCase() === 'true' : v),
  z.boolean({ message: 'must be true or false' }),
);
const text = (max: number) => z.string().max(max, `must have at most ${max} characters`);
/** A reference the client may send as null (Entra ID's `"$ref": null` when adding members, issue 33): null is no reference. */
const reference = () => z.preprocess((v) => (v === null ? undefined : v), text(500).optional());
const multiValue = (max: number) =>
  z.object({
    value: text(max),
    type: text(40).optional(),
    primary: scimBoolean.optional(),
    display: text(200).optional(),
  });

export const scimNameSchema = z.object({
  formatted: text(300).optional(),
  familyName: text(100).optional(),
  givenName: text(100).optional(),
  middleName: text(100).optional(),
  honorificPrefix: text(50).optional(),
  honorificSuffix: text(50).optional(),
});

export const scimAddressSchema = z.object({
  formatted: text(500).optional(),
  streetAddress: text(200).optional(),
  locality: text(100).optional(),
  region: text(100).optional(),
  postalCode: text(20).optional(),
  country: text(60).optional(),
  type: text(40).optional(),
  primary: scimBoolean.optional(),
});

export const scimEnterpriseSchema = z.object({
  employeeNumber: text(100).optional(),
  costCenter: text(100).optional(),
  organization: text(200).optional(),
  division: text(200).optional(),
  department: text(200).optional(),
  manager: z
    .object({ value: text(200).optional(), displayName: text(200).optional(), $ref: reference() })
    .nullable()
    .optional(),
});

/** A User's attributes as kept (no id, meta or schemas: the server sets those). */
export const scimUserSchema = z.object({
  userName: z.string().trim().min(1, 'is required').max(256, 'must have at most 256 characters'),
  externalId: text(256).optional(),
  name: scimNameSchema.optional(),
  displayName: text(200).optional(),
  nickName: text(100).optional(),
  profileUrl: text(500).optional(),
  title: text(200).optional(),
  userType: text(100).optional(),
  preferredLanguage: text(40).optional(),
  locale: text(40).optional(),
  timezone: text(60).optional(),
  active: scimBoolean.default(true),
  emails: z.array(multiValue(320)).max(20).optional(),
  phoneNumbers: z.array(multiValue(60)).max(20).optional(),
  addresses: z.array(scimAddressSchema).max(10).optional(),
  [SCIM_SCHEMAS.enterprise]: scimEnterpriseSchema.optional(),
});
export type ScimUser = z.infer<typeof scimUserSchema>;

export const scimGroupSchema = z.object({
  displayName: z.string().trim().min(1, 'is required').max(200, 'must have at most 200 characters'),
  externalId: text(256).optional(),
  members: z
    .array(z.object({ value: text(100), display: text(300).optional(), $ref: reference(), type: text(20).optional() }))
    .max(10_000)
    .optional(),
});
export type ScimGroup = z.infer<typeof scimGroupSchema>;

/** RFC 7644 §3.5.2; `op` in any case (Entra ID sends `Replace`). */
export const scimPatchSchema = z.object({
  schemas: z.array(z.string()).optional(),
  Operations: z
    .array(
      z.object({
        op: z.preprocess(
          (v) => (typeof v === 'string' ? v.toLowerCase() : v),
          z.enum(['add', 'replace', 'remove'], { message: 'must be add, replace or remove' }),
        ),
        path: text(500).optional(),
        value: z.unknown().optional(),
      }),
    )
    .min(1, 'must hold at least one operation')
    .max(1000, 'must hold at most 1000 operations'),
});
export type ScimPatch = z.infer<typeof scimPatchSchema>;
export type ScimPatchOperation = ScimPatch['Operations'][number];

// The Team area's SCIM token calls (D4 answers, not SCIM's).
export const scimTokenCreateSchema = z.object({
  organisationId: idSchema,
  name: z.string().trim().min(1, 'is required').max(100, 'must have at most 100 characters'),
});
export const scimTokenRevokeSchema = z.object({ organisationId: idSchema, tokenId: idSchema });
export const scimTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  created: z.number(),
  lastUsedAt: z.number().nullable(),
  createdByEmail: z.string(),
});
export type ScimTokenInfo = z.infer<typeof scimTokenSchema>;
export const scimTokenListSchema = z.object({ tokens: z.array(scimTokenSchema), baseUrl: z.string() });
export const scimTokenCreatedSchema = z.object({ tokenId: z.string(), token: z.string(), baseUrl: z.string() });
