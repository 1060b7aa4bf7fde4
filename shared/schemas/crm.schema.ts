import { z } from 'zod';
import { idSchema } from './common.schema.ts';

/** Issue 37: the CRMs leads go into natively (docs/integrations.md "CRM"). */
export const CRM_PROVIDERS = ['hubspot', 'salesforce', 'pipedrive'] as const;
export const crmProviderSchema = z.enum(CRM_PROVIDERS, { message: `must be one of ${CRM_PROVIDERS.join(', ')}` });
export type CrmProvider = z.infer<typeof crmProviderSchema>;

/** The lead's fields a CRM record takes under a policy (the e-mail is the match, always set). */
export const CRM_POLICY_FIELDS = ['firstName', 'lastName', 'company', 'jobTitle', 'phone', 'website', 'note'] as const;
export type CrmPolicyField = (typeof CRM_POLICY_FIELDS)[number];
const overwriteOrFill = z.enum(['overwrite', 'fill-empty']);
/** Per field: overwrite what the CRM has, fill only an empty field, or (notes) append below what it has. */
export const crmFieldPolicySchema = z
  .object({
    firstName: overwriteOrFill,
    lastName: overwriteOrFill,
    company: overwriteOrFill,
    jobTitle: overwriteOrFill,
    phone: overwriteOrFill,
    website: overwriteOrFill,
    note: z.enum(['overwrite', 'fill-empty', 'append']),
  })
  .strict();
export type CrmFieldPolicy = z.infer<typeof crmFieldPolicySchema>;

export const crmSettingsSchema = z
  .object({
    fields: crmFieldPolicySchema,
    /** Which leads go: the page's form leads, captured contacts (issue 36), or both. */
    sources: z.object({ form: z.boolean(), captured: z.boolean() }).strict(),
    /** HubSpot's `hs_lead_status`, Salesforce's Lead `Status` to set on a new record ('' leaves the CRM's default; Pipedrive persons have none). */
    leadStatus: z.string().trim().max(80, 'must have at most 80 characters'),
    /** What a deleted lead does to its CRM record: deleted, or its personal fields emptied. */
    onDelete: z.enum(['delete', 'anonymise']),
  })
  .strict();
export type CrmSettings = z.infer<typeof crmSettingsSchema>;

export const DEFAULT_CRM_SETTINGS: CrmSettings = {
  fields: {
    firstName: 'fill-empty',
    lastName: 'fill-empty',
    company: 'overwrite',
    jobTitle: 'overwrite',
    phone: 'fill-empty',
    website: 'fill-empty',
    note: 'append',
  },
  sources: { form: true, captured: true },
  leadStatus: '',
  onDelete: 'delete',
};

/** Body of POST /organisation/crm/connect (its owners and admins); POST /crm/connect takes `provider` alone. */
export const crmConnectSchema = z.object({ organisationId: idSchema, provider: crmProviderSchema }).strict();
export const crmOwnConnectSchema = z.object({ provider: crmProviderSchema }).strict();
export const crmAuthorizeSchema = z.object({ authorizeUrl: z.string() });

/** Body of POST /organisation/crm/disconnect; the owner's POST /crm/disconnect without organisationId. */
export const crmDisconnectSchema = crmConnectSchema;
export const crmOwnDisconnectSchema = crmOwnConnectSchema;

const settingsChange = {
  provider: crmProviderSchema,
  fields: crmFieldPolicySchema.partial().optional(),
  sources: z.object({ form: z.boolean(), captured: z.boolean() }).strict().optional(),
  leadStatus: crmSettingsSchema.shape.leadStatus.optional(),
  onDelete: crmSettingsSchema.shape.onDelete.optional(),
};
/** Body of POST /organisation/crm/settings: what changes (the rest stays). */
export const crmSettingsChangeSchema = z.object({ organisationId: idSchema, ...settingsChange }).strict();
export const crmOwnSettingsChangeSchema = z.object(settingsChange).strict();
export type CrmSettingsChange = z.infer<typeof crmOwnSettingsChangeSchema>;

/** One connection as its admins see it: never a token. */
export const crmConnectionSchema = z.object({
  id: z.string(),
  provider: crmProviderSchema,
  connected: z.boolean(),
  /** connected, or broken: the CRM refused the grant (revoked): connect again. */
  status: z.enum(['connected', 'broken']),
  accountName: z.string(),
  settings: crmSettingsSchema,
  lastSyncAt: z.number().nullable(),
  lastError: z.string().nullable(),
  connectedByEmail: z.string().nullable(),
  counts: z.object({ waiting: z.number().int(), synced: z.number().int(), failed: z.number().int() }),
});
export type CrmConnection = z.infer<typeof crmConnectionSchema>;

/** GET /find/own/crm and GET /find/own/organisation/crm?organisationId=. */
export const crmListSchema = z.object({
  /** The providers this server has a client id for: only these can be connected. */
  offered: z.array(crmProviderSchema),
  connections: z.array(crmConnectionSchema),
});
export type CrmList = z.infer<typeof crmListSchema>;
export const crmOrganisationQuerySchema = z.object({ organisationId: idSchema });

export const crmSyncStateSchema = z.enum(['waiting', 'synced', 'failed']);
/** One lead's state in one connection. */
export const crmLeadSyncSchema = z.object({
  provider: crmProviderSchema,
  organisationId: z.string().nullable(),
  leadId: z.string(),
  /** upsert or delete: what was (or is to be) sent. */
  op: z.enum(['upsert', 'delete']),
  state: crmSyncStateSchema,
  /** The record in the CRM (synced). */
  link: z.string().nullable(),
  /** Why it failed, or the last error of an attempt that is retried. */
  error: z.string().nullable(),
  updated: z.number(),
  /** The lead's name and e-mail while it exists (the sync log). */
  name: z.string().nullable(),
  email: z.string().nullable(),
});
export type CrmLeadSync = z.infer<typeof crmLeadSyncSchema>;
/** GET /find/own/lead/crm?leadId=: the lead's state in each connection it goes to. */
export const crmLeadQuerySchema = z.object({ leadId: idSchema });
export const crmLeadSyncListSchema = z.object({ syncs: z.array(crmLeadSyncSchema) });
/** GET /find/own/crm/log?provider=&organisationId=: the connection's latest 50 leads. */
export const crmLogQuerySchema = z.object({ provider: crmProviderSchema, organisationId: idSchema.optional() });
/** Body of POST /lead/crm/retry. */
export const crmRetrySchema = z.object({ leadId: idSchema }).strict();
export const crmRetriedSchema = z.object({ leadId: z.string(), waiting: z.number().int() });
